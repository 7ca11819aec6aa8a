'use client';

import { mayReload } from './build-version';

const RELOADED_AT_KEY = 'rentacar:chunk-reload-at';

/**
 * Loads `href` (the route the renter was going to, else the current one) afresh from the server, unless a reload
 * for the same reason happened less than ten seconds ago: a chunk that is really gone must not loop. True when it
 * reloads.
 */
export function reloadAfterChunkError(href: string = window.location.href): boolean {
  const now = Date.now();
  let last: number | undefined;
  try {
    const stored = window.sessionStorage.getItem(RELOADED_AT_KEY);
    last = stored === null ? undefined : Number(stored);
    if (!mayReload(last, now)) return false;
    window.sessionStorage.setItem(RELOADED_AT_KEY, String(now));
  } catch {
    // Storage refused (private mode): reload anyway, the browser's own loop protection still applies.
  }
  window.location.assign(href);
  return true;
}
