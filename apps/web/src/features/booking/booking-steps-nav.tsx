import { getLocale, getTranslations } from 'next-intl/server';
import { localeOrDefault } from '@/i18n/routing';
import { Link } from '@/i18n';
import { BOOKING_STEPS, type BookingStep } from './booking-draft';
import { canOpenStep } from './booking-flow';
import { CHECKOUT_PATH, stepPath } from './booking-routes';

/** Where the renter is in the flow; steps already reachable are links, so the renter can go back to any of them. */
export async function BookingStepsNav({ current, completed }: { current: BookingStep | 'checkout'; completed: readonly BookingStep[] }) {
  const [t, locale] = await Promise.all([getTranslations('booking'), getLocale().then(localeOrDefault)]);
  const steps = [...BOOKING_STEPS, 'checkout' as const];
  return (
    <nav aria-label={t('stepsLabel')}>
      <ol className="flex flex-wrap gap-2 text-sm">
        {steps.map((step, index) => {
          const isCurrent = step === current;
          const reachable = canOpenStep(step, { completed: [...completed] });
          const label = `${index + 1}. ${t(`steps.${step}`)}`;
          const className = `inline-block rounded-full px-3 py-1.5 font-semibold ${isCurrent ? 'bg-brand text-white' : reachable ? 'bg-white text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50' : 'bg-slate-100 text-slate-600'}`;
          return (
            <li key={step}>
              {isCurrent || !reachable ? (
                <span aria-current={isCurrent ? 'step' : undefined} className={className}>
                  {label}
                </span>
              ) : (
                <Link href={step === 'checkout' ? CHECKOUT_PATH : stepPath(step, locale)} className={className}>
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
