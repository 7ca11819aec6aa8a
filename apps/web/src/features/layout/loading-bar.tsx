'use client';

import { ProgressProvider as AppProgressProvider } from '@bprogress/next/app';
import type { ReactNode } from 'react';

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

export function LoadingBar({ color, children }: { color: string; children: ReactNode }) {
  return (
    <AppProgressProvider
      color={color}
      height={`${LOADING_BAR.heightPx}px`}
      delay={LOADING_BAR.throttleMs}
      stopDelay={LOADING_BAR.hideDelayMs}
      options={{ showSpinner: false, speed: LOADING_BAR.resetDelayMs, trickleSpeed: LOADING_BAR.durationMs / TRICKLE_STEPS }}
      shallowRouting
    >
      {children}
    </AppProgressProvider>
  );
}
