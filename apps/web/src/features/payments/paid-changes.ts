import 'server-only';
import { issue, type BookingIssue } from '@/lib/issues';
import { applyChange, cancelReservation, isChangeable, type BookingOutcome, type PricedBooking } from '@/features/booking';
import type { SavedReservation } from '@/content';
import { cancellationTerms, changeTerms, chargeDifference, refundAmount, type MoneyBackError } from './money-back';
import { logFor } from '@/lib/log';

const log = logFor('payments');

/**
 * Cancelling and changing a reservation that was paid online: the money moves first (a refund under the brand's
 * terms, the extra of a change charged to the card), then the reservation. A gateway that cannot do it leaves the
 * reservation as it was, with a clear reason.
 */

export type PaidOutcome = (BookingOutcome & { ok: true; refunded?: number; charged?: number; dueAtCounter?: number }) | { ok: false; status: 409 | 422 | 503; issues: BookingIssue[] };

function moneyIssue(error: MoneyBackError): { ok: false; status: 409 | 503; issues: BookingIssue[] } {
  return error.kind === 'unavailable'
    ? { ok: false, status: 503, issues: [issue('payment', 'booking.errors.paymentUnavailable', undefined, 'payment_unavailable')] }
    : { ok: false, status: 409, issues: [issue('payment', 'booking.errors.differenceDeclined', undefined, error.code ?? 'payment_declined')] };
}

/** Cancels, after giving back what the terms allow of what was paid online. */
export async function cancelWithRefund(reservation: SavedReservation, now: Date = new Date()): Promise<PaidOutcome> {
  if (!isChangeable(reservation, now)) return cancelReservation(reservation, now);
  const terms = await cancellationTerms(reservation, now);
  const failed = await refundAmount(reservation, terms.refund.amount, `cancel_${reservation.id}`);
  if (failed) return moneyIssue(failed);
  const outcome = await cancelReservation(reservation, now);
  return outcome.ok ? { ...outcome, refunded: terms.refund.amount } : outcome;
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
  if (terms.kind === 'refund') {
    const failed = await refundAmount(reservation, terms.amount, `change_${reservation.id}_${booking.quote.total}_${terms.held}`);
    if (failed) log.error(`${reservation.number}: the change saved, but its refund of ${terms.amount} cents failed (${failed.kind}); staff must refund it`);
    return { ...saved, refunded: failed ? 0 : terms.amount };
  }
  return { ...saved, ...(charged ? { charged } : {}), ...(dueAtCounter ? { dueAtCounter } : {}) };
}
