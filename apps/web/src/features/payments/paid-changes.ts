import 'server-only';
import { issue, type BookingIssue } from '@/lib/issues';
import {
  applyChange,
  cancelReservation,
  changeRefusal,
  reservationSummary,
  sendReservationNotice,
  type BookingOutcome,
  type ChangeMoney,
  type NoticeDelivery,
  type ReservationNotice,
} from '@/features/reservations';
import { type PricedBooking } from '@/features/pricing';
import type { SavedReservation } from '@/content';
import { cancellationMoney, cancellationPurpose, cancellationTerms, changeTerms, chargeDifference, refundAmount, type ChangeTerms, type MoneyBackError } from './money-back';
import { logFor } from '@/lib/log';

const log = logFor('payments');

/**
 * Cancelling and changing a reservation that was paid online: the money moves first (a refund under the brand's
 * terms, the extra of a change charged to the card), then the reservation. A gateway that cannot do it leaves the
 * reservation as it was, with a clear reason. Once saved, the renter is e-mailed the change or cancellation, once per
 * revision of the reservation (a retry or a double submit sends nothing more).
 */

export type PaidOutcome =
  | (BookingOutcome & {
      ok: true;
      refunded?: number;
      charged?: number;
      dueAtCounter?: number;
      /** What happened, with the money, as the renter is told it. */
      notice: ReservationNotice;
      /** Whether the e-mail of this change went out (by this call, or by an earlier one of the same revision). */
      delivery: NoticeDelivery | 'none';
    })
  | { ok: false; status: 409 | 422 | 503; issues: BookingIssue[] };

function moneyIssue(error: MoneyBackError): { ok: false; status: 409 | 503; issues: BookingIssue[] } {
  return error.kind === 'unavailable'
    ? { ok: false, status: 503, issues: [issue('payment', 'booking.errors.paymentUnavailable', undefined, 'payment_unavailable')] }
    : { ok: false, status: 409, issues: [issue('payment', 'booking.errors.differenceDeclined', undefined, error.code ?? 'payment_declined')] };
}

/** E-mails the notice when this call moved the reservation to a new revision (a change that changed nothing sends none). */
async function notify(before: SavedReservation, after: SavedReservation, notice: ReservationNotice): Promise<NoticeDelivery | 'none'> {
  if (after.revision <= before.revision) return 'none';
  try {
    return await sendReservationNotice(after, await reservationSummary(after, after.locale), notice);
  } catch (error) {
    log.error({ err: error }, `${after.number}: the ${notice.event} e-mail could not be prepared`);
    return 'failed';
  }
}

/** Cancels, after giving back what the terms allow of what was paid online. */
export async function cancelWithRefund(reservation: SavedReservation, now: Date = new Date()): Promise<PaidOutcome> {
  const refusal = changeRefusal(reservation, now);
  if (refusal) return { ok: false, status: 409, issues: [refusal] };
  const terms = await cancellationTerms(reservation, now);
  const failed = await refundAmount(reservation, terms.refund.amount, cancellationPurpose(reservation));
  if (failed) return moneyIssue(failed);
  const outcome = await cancelReservation(reservation, now);
  if (!outcome.ok) return outcome;
  const notice: ReservationNotice = { event: 'cancelled', money: await cancellationMoney(outcome.reservation) };
  return { ...outcome, refunded: terms.refund.amount, notice, delivery: await notify(reservation, outcome.reservation, notice) };
}

/** What the renter is told a change did to their money. */
function changeMoney(saved: SavedReservation, terms: ChangeTerms, moved: { charged: number; dueAtCounter: number }): ChangeMoney {
  if (terms.kind === 'refund') return { kind: 'refunded', amount: terms.amount, method: terms.method ?? 'card' };
  if (moved.charged > 0) return { kind: 'charged', amount: moved.charged };
  if (moved.dueAtCounter > 0) return { kind: 'dueAtCounter', amount: moved.dueAtCounter };
  if (terms.held > 0) return { kind: 'unchanged' };
  // Nothing paid online: at the counter, or (prepaid) still to pay online.
  return saved.reservationType === 'prepaid' ? { kind: 'unpaid', amount: saved.totals.total } : { kind: 'atCounter', amount: saved.totals.total };
}

/** Saves a priced change; a paid reservation's difference is charged before, or refunded after. */
export async function changeWithPayment(reservation: SavedReservation, booking: PricedBooking): Promise<PaidOutcome> {
  const terms = await changeTerms(reservation, booking.quote.total);
  const changeId = `${reservation.id}|${booking.selection.pickupBranch}|${booking.selection.returnBranch}|${booking.selection.pickupAt}|${booking.selection.returnAt}|${booking.quote.total}|${terms.held}`;
  let charged = 0;
  let dueAtCounter = 0;
  if (terms.kind === 'charge') {
    const result = await chargeDifference(reservation, terms, changeId);
    if (result === 'due_at_counter') dueAtCounter = terms.amount;
    else if (result) return moneyIssue(result);
    else charged = terms.amount;
  }
  const saved = await applyChange(reservation, booking);
  if (!saved.ok) {
    // Sold out for the new dates: the extra just charged goes back.
    if (charged > 0) await refundAmount(reservation, charged, `undo_${reservation.id}_${booking.quote.total}_${terms.held}`);
    return saved;
  }
  let refunded: number | undefined;
  if (terms.kind === 'refund') {
    const failed = await refundAmount(reservation, terms.amount, `change_${reservation.id}_${booking.quote.total}_${terms.held}`);
    if (failed) log.error(`${reservation.number}: the change saved, but its refund of ${terms.amount} cents failed (${failed.kind}); staff must refund it`);
    refunded = failed ? 0 : terms.amount;
  }
  const notice: ReservationNotice = { event: 'changed', money: changeMoney(saved.reservation, terms, { charged, dueAtCounter }) };
  const delivery = await notify(reservation, saved.reservation, notice);
  return {
    ...saved,
    ...(refunded === undefined ? {} : { refunded }),
    ...(charged ? { charged } : {}),
    ...(dueAtCounter ? { dueAtCounter } : {}),
    notice,
    delivery,
  };
}
