'use client';

import { BProgress, css, getAnchorProperty, isSameURL, isSameURLWithoutSearch } from '@bprogress/core';
import { usePathname, useSearchParams } from 'next/navigation';
import { useEffect } from 'react';

/** The loading bar's timing and height, the brand's chosen feel. */
export const LOADING_BAR = {
  durationMs: 2000,
  throttleMs: 200,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 3,
} as const;

// The bar trickles in ten steps over the expected duration; throttle = delay before it shows,
// hide delay = how long it stays at 100 %, reset delay = its fade-out animation.
const TRICKLE_STEPS = 10;

/** Links that leave for no page: a phone number, an email, a file made in the browser, a script. */
const NO_PAGE = /^(tel|mailto|blob|javascript):/i;

/**
 * The page of the site a click sets off for, when it is a client-side navigation worth a bar: a plain click (no
 * modifier key, not prevented) on a link that opens in the same tab, to another page. A link to the page shown, also
 * with other search parameters (the fleet's filters), shows no bar.
 */
function navigationTarget(event: MouseEvent): URL | undefined {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return undefined;
  const anchor: Element | null = event.target instanceof Element ? event.target.closest('a') : null;
  if (!(anchor instanceof HTMLAnchorElement || anchor instanceof SVGAElement)) return undefined;
  if (anchor.hasAttribute('download') || getAnchorProperty(anchor, 'target') === '_blank') return undefined;
  const href = getAnchorProperty(anchor, 'href');
  if (!href || NO_PAGE.test(href)) return undefined;
  const target = new URL(href, window.location.href);
  const current = new URL(window.location.href);
  return isSameURL(target, current) || isSameURLWithoutSearch(target, current) ? undefined : target;
}

/**
 * The thin bar in the brand's colour at the top of the window while a client-side navigation loads. It shows only
 * when the next page takes longer than the throttle, and finishes once the new route has rendered (Next pushes its
 * address into the history then, and the pathname changes). Drawn by @bprogress/core (what @bprogress/next builds on)
 * outside React's tree; this component renders nothing, and the layout loads it after hydration (./index.ts).
 */
export function LoadingBar({ color }: { color: string }) {
  const pathname = usePathname();
  const searchParams = useSearchParams();

  useEffect(() => {
    BProgress.configure({ showSpinner: false, speed: LOADING_BAR.resetDelayMs, trickleSpeed: LOADING_BAR.durationMs / TRICKLE_STEPS });
    const style = document.createElement('style');
    style.dataset.loadingBar = '';
    style.textContent = css({ color, height: `${LOADING_BAR.heightPx}px` });
    document.head.append(style);
    return () => style.remove();
  }, [color]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (navigationTarget(event)) startLoadingBar();
    };
    // eslint-disable-next-line @typescript-eslint/unbound-method -- kept to be called with the history as `this`, and put back as it was
    const pushState = window.history.pushState;
    const finishingPushState: History['pushState'] = function (this: History, ...args) {
      finishLoadingBar();
      return pushState.apply(this, args);
    };
    // Capture: the click is seen before Next's Link prevents the browser's own navigation.
    document.addEventListener('click', onClick, true);
    window.history.pushState = finishingPushState;
    return () => {
      document.removeEventListener('click', onClick, true);
      if (window.history.pushState === finishingPushState) window.history.pushState = pushState;
      window.clearTimeout(timer);
      if (BProgress.isStarted()) BProgress.done();
    };
  }, []);

  // A new route (also one reached by replacing the address) finishes the bar.
  useEffect(() => finishLoadingBar(), [pathname, searchParams]);

  return null;
}

/** The one pending step: the bar's delayed start, or its delayed finish. */
let timer: number | undefined;

function startLoadingBar() {
  window.clearTimeout(timer);
  timer = window.setTimeout(() => BProgress.start(), LOADING_BAR.throttleMs);
}

function finishLoadingBar() {
  window.clearTimeout(timer);
  timer = window.setTimeout(() => {
    if (BProgress.isStarted()) BProgress.done();
  }, LOADING_BAR.hideDelayMs);
}
