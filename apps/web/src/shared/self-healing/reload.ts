'use client';

import { BUILD_ID, mayReload, reloadMark } from './build-version';

const RELOAD_MARK_KEY = 'rentacar:chunk-reload';

/**
 * Loads `href` (the route the renter was going to, else the current one) afresh from the server, unless this build's
 * page already reloaded to it for a chunk error: a chunk that is really gone must not loop. True when it reloads.
 */
export function reloadAfterChunkError(href: string = window.location.href): boolean {
  const target = new URL(href, window.location.href).href;
  try {
    if (!mayReload(window.sessionStorage.getItem(RELOAD_MARK_KEY), BUILD_ID, target)) return false;
    window.sessionStorage.setItem(RELOAD_MARK_KEY, reloadMark(BUILD_ID, target));
  } catch {
    // Storage refused (private mode): reload anyway, the browser's own loop protection still applies.
  }
  window.location.assign(target);
  return true;
}
