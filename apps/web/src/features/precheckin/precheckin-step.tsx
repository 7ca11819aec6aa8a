import type { Messages } from 'next-intl';
import { guardedRoute, type FlowView, type TextKey } from '@/features/guards/guarded-route';
import type { GuardName } from '@/features/guards/route-guards';
import { PrecheckinCheckout, PrecheckinPreferences, PrecheckinStart, PrecheckinThanks, PrecheckinVerify } from './precheckin-pages';

type PrecheckinMessage = TextKey<Messages['precheckin']>;

/** The pre-check-in's pages: each one's title (also the document's) and view. */
const STEPS = {
  'precheckin-start': { title: 'title', View: PrecheckinStart },
  'precheckin-preferences': { title: 'preferencesTitle', View: PrecheckinPreferences },
  'precheckin-verify': { title: 'verifyTitle', View: PrecheckinVerify },
  'precheckin-checkout': { title: 'checkoutTitle', View: PrecheckinCheckout },
  'precheckin-thanks': { title: 'thanksTitle', View: PrecheckinThanks },
} as const satisfies Record<string, { title: PrecheckinMessage; View: FlowView }>;

export type PrecheckinStep = keyof typeof STEPS;

/** A pre-check-in page: the step's guards, its title as the page title, and its view. */
export function precheckinRoute(step: PrecheckinStep, guards: readonly GuardName[]) {
  const { title, View } = STEPS[step];
  return guardedRoute({ guards, step, title: { namespace: 'precheckin', key: title }, View });
}
