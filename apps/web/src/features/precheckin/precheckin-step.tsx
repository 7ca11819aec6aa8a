import type { Messages } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { guardedRoute } from '@/features/guards/guarded-route';
import type { GuardName } from '@/features/guards/route-guards';

type PrecheckinMessage = keyof Messages['precheckin'];

/** The pre-check-in flow's steps: each page's heading and, for some, an introduction (the forms come with the flow). */
const STEPS = {
  'precheckin-start': { title: 'title', intro: 'intro' },
  'precheckin-preferences': { title: 'preferencesTitle', intro: 'preferencesIntro' },
  'precheckin-verify': { title: 'verifyTitle' },
  'precheckin-checkout': { title: 'checkoutTitle' },
  'precheckin-thanks': { title: 'thanksTitle' },
} as const satisfies Record<string, { title: PrecheckinMessage; intro?: PrecheckinMessage }>;

export type PrecheckinStep = keyof typeof STEPS;

export async function PrecheckinStepView({ step }: { step: PrecheckinStep }) {
  const t = await getTranslations('precheckin');
  const text: { title: PrecheckinMessage; intro?: PrecheckinMessage } = STEPS[step];
  return (
    <div className="space-y-4">
      <h1 className="text-3xl font-bold text-slate-900">{t(text.title)}</h1>
      {text.intro ? <p className="text-lg text-slate-700">{t(text.intro)}</p> : null}
    </div>
  );
}

/** A pre-check-in page: the step's guards, its title as the page title, and its view. */
export function precheckinRoute(step: PrecheckinStep, guards: readonly GuardName[]) {
  function View() {
    return <PrecheckinStepView step={step} />;
  }
  return guardedRoute({ guards, step, title: { namespace: 'precheckin', key: STEPS[step].title }, View });
}
