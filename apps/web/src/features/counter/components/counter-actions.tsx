import { getLocale, getTranslations } from 'next-intl/server';
import { RENTAL_ACTIONS } from '@rentacar/domain/rentals';
import type { CounterReservation } from '@/content';
import { collectAction, counterAction } from '../actions';
import { billBody } from '../answers';
import { loadClosingView, type ClosingView } from '../closing';
import { actingStaff } from '../action-api';
import { currentStaff } from '../staff';
import { proposedDeposit } from '../proposed-deposit';
import { ChargesStep, CounterActionForm } from './counter-forms';

/** The money of a rental the counter has acted on (handed over or back), read with the signed-in staff member's token. */
export async function counterClosing(reservation: CounterReservation): Promise<ClosingView | undefined> {
  if (reservation.rentalStatus !== 'picked_up' && reservation.rentalStatus !== 'returned') return undefined;
  const staff = await currentStaff();
  return staff.ok ? loadClosingView(actingStaff(staff.staff), reservation.number) : undefined;
}

/**
 * The actions of the counter's reservation page: what this staff member may record now (the content service's
 * `allowed`: the domain's order of events and the branch rule) as forms, in the order of the domain's
 * `COUNTER_ACTIONS` (hand over, take back, no-show), the charges step once the car is back, and why an action is not
 * available otherwise.
 */
export async function CounterActions({ reservation, closing: loaded }: { reservation: CounterReservation; closing?: ClosingView }) {
  const t = await getTranslations('counter.actions');
  const locale = await getLocale();
  const { number, allowed } = reservation;
  const [closing, depositToTake] = await Promise.all([loaded ?? counterClosing(reservation), allowed.pickup.allowed ? proposedDeposit(reservation) : null]);
  const unavailable = RENTAL_ACTIONS.filter((action) => !allowed[action].allowed);
  return (
    <section aria-labelledby="counter-actions-title" className="space-y-6 rounded-lg border border-gray-200 p-4">
      <h2 id="counter-actions-title" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {RENTAL_ACTIONS.filter((action) => allowed[action].allowed).map((action) => (
        <CounterActionForm key={action} action={action} number={number} locale={locale} deposit={closing?.deposit ?? null} proposedDeposit={depositToTake} vehicle={reservation.vehicle} send={counterAction} />
      ))}
      {reservation.rentalStatus === 'returned' && closing ? (
        <ChargesStep number={number} locale={locale} bill={billBody(closing.bill)} cardOnFile={closing.cardOnFile} action={collectAction} />
      ) : null}
      {unavailable.length > 0 ? (
        <ul className="space-y-1 text-sm text-slate-600">
          {unavailable.map((action) => {
            const state = allowed[action];
            return state.allowed ? null : (
              <li key={action} data-action={action} data-allowed="false">
                {t('unavailable', { action: t(`names.${action}`), reason: t(`reasons.${state.reason}`) })}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
