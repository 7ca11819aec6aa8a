'use client';

import { afterHydration } from '@/components/after-hydration';

/**
 * The checkout-attempt watcher (./checkout-attempt-watcher.tsx), fetched once the page has hydrated: it looks at the
 * page shown when it arrives, and at every page shown after.
 */
export const CheckoutAttemptWatcher = afterHydration(() =>
  import('./checkout-attempt-watcher').then((module) => module.CheckoutAttemptWatcher),
);
