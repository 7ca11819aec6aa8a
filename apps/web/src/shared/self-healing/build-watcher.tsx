'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { BUILD_ID, BUILD_POLL_INTERVAL_MS, isChunkLoadError, LATEST_BUILD_PATH } from './build-version';
import { reloadAfterChunkError } from './reload';

/** What the last link click aimed at: the route a chunk error during its navigation should load. */
function linkTarget(event: MouseEvent): URL | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return undefined;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin ? url : undefined;
}

/**
 * Keeps an open page on the servers' build: asks which build is out (every few minutes and when the tab is shown
 * again); once it is another, the next navigation is a full page load of the new build instead of a client-side one.
 * A chunk that fails to load (the old build's files gone) reloads the route the renter was going to, once per build
 * and address (a reload that did not heal the page is not repeated). Once it knows a newer build is out, the page says
 * so on its root element (`data-build-outdated`), where a browser test or a developer can see it.
 */
export function BuildWatcher() {
  const pathname = usePathname();
  const outdated = useRef(false);
  const target = useRef<string | undefined>(undefined);
  const shownPath = useRef(pathname);

  useEffect(() => {
    let stopped = false;
    const check = async () => {
      if (outdated.current || document.visibilityState === 'hidden') return;
      try {
        const response = await fetch(`${LATEST_BUILD_PATH}?${Date.now()}`, { cache: 'no-store' });
        const latest = (await response.json()) as { id?: unknown };
        if (!stopped && typeof latest.id === 'string' && latest.id !== BUILD_ID) {
          outdated.current = true;
          document.documentElement.setAttribute('data-build-outdated', '');
        }
      } catch {
        // Offline or a server restarting: asked again later.
      }
    };
    const timer = window.setInterval(() => void check(), BUILD_POLL_INTERVAL_MS);
    const onVisible = () => void check();
    document.addEventListener('visibilitychange', onVisible);
    void check();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  useEffect(() => {
    // Captured before Next's own link handling: an outdated page leaves by a full load, the browser's own.
    const onClick = (event: MouseEvent) => {
      const url = linkTarget(event);
      target.current = url?.href;
      if (url && outdated.current && url.pathname !== window.location.pathname) {
        event.preventDefault();
        event.stopImmediatePropagation();
        window.location.assign(url.href);
      }
    };
    const onChunkError = (reason: unknown) => {
      if (isChunkLoadError(reason)) reloadAfterChunkError(target.current);
    };
    const onError = (event: ErrorEvent) => onChunkError(event.error ?? { message: event.message });
    const onRejection = (event: PromiseRejectionEvent) => onChunkError(event.reason);
    document.addEventListener('click', onClick, true);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, []);

  // A client-side navigation that got past the click (a form, the back button) on an outdated page: loaded again.
  useEffect(() => {
    if (pathname === shownPath.current) return;
    shownPath.current = pathname;
    if (outdated.current) window.location.reload();
  }, [pathname]);

  return null;
}
