import { useTranslations } from 'next-intl';
import { RENTAL_ACTIONS } from '@rentacar/domain/rentals';
import type { CounterReservation } from '@/content';

/**
 * The actions slot of the counter's reservation page: what this staff member may record now (the content service's
 * `allowed`, the domain's order of events and the branch rule), and why not otherwise. The handover and return forms
 * take its place; its props stay `{ reservation }`.
 */
export function CounterActions({ reservation }: { reservation: CounterReservation }) {
  const t = useTranslations('counter.actions');
  return (
    <section aria-labelledby="counter-actions-title" className="rounded-lg border border-gray-200 p-4">
      <h2 id="counter-actions-title" className="text-lg font-semibold">{t('title')}</h2>
      <ul className="mt-2 space-y-1">
        {RENTAL_ACTIONS.map((action) => {
          const allowed = reservation.allowed[action];
          return (
            <li key={action} data-action={action} data-allowed={allowed.allowed}>
              {allowed.allowed ? t(`available.${action}`) : t('unavailable', { action: t(`names.${action}`), reason: t(`reasons.${allowed.reason}`) })}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
