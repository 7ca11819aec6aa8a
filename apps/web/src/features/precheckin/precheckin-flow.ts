import 'server-only';
import { amountHeld } from '@rentacar/domain/payments';
import { amountDue } from '@rentacar/domain/precheckin';
import { parsePanamaDateTime } from '@rentacar/domain/dates';
import type { Cents } from '@rentacar/domain/money';
import {
  ContentServiceError,
  readPrecheckin,
  readReservationPayments,
  setPrecheckinStatus,
  type PaymentRecord,
  type Precheckin,
  type SavedReservation,
} from '@/content';
import type { FormIssue } from '@/shared/forms';
import { sendPrecheckinConfirmation } from './precheckin-email';
import { logFor } from '@/lib/log';

const log = logFor('precheckin');

/**
 * Where a reservation's pre-check-in stands, and its last step: once the details are saved and nothing is left to
 * pay, the pre-check-in is `paid` and the renter gets the email with the code for the counter (once).
 */

export type PrecheckinState = {
  reservation: SavedReservation;
  precheckin: Precheckin | undefined;
  payments: PaymentRecord[];
  /** What is still to pay online before pickup. */
  due: Cents;
};

export async function precheckinState(reservation: SavedReservation): Promise<PrecheckinState> {
  const [precheckin, payments] = await Promise.all([readPrecheckin(reservation.id), readReservationPayments(reservation.id)]);
  return { reservation, precheckin, payments, due: amountDue({ total: reservation.totals.total, held: amountHeld(payments), status: reservation.status }) };
}

/** Why this reservation cannot be pre-checked in now, or undefined: a cancelled one, or one whose pickup has passed. */
export function precheckinRefusal(reservation: SavedReservation, now: Date = new Date()): FormIssue | undefined {
  if (reservation.status === 'cancelled') return { message: 'precheckin.errors.cancelled' };
  const pickup = parsePanamaDateTime(reservation.pickupAt);
  if (pickup === null || pickup.getTime() <= now.getTime()) return { message: 'precheckin.errors.closed' };
  return undefined;
}

/**
 * Completes the pre-check-in when it can be: details saved and nothing due. The one call that moves it to paid sends
 * the email. Returns whether it is complete.
 */
export async function completePrecheckin(state: PrecheckinState): Promise<boolean> {
  const { precheckin, reservation } = state;
  if (!precheckin?.details || state.due > 0 || reservation.status === 'cancelled') return false;
  if (precheckin.status === 'paid') return true;
  await setPrecheckinStatus(precheckin, 'paid');
  try {
    await sendPrecheckinConfirmation(reservation, precheckin);
  } catch (error) {
    log.error({ err: error }, `${reservation.number}: the confirmation email could not be sent`);
  }
  return true;
}

/**
 * After a payment succeeded: completes the pre-check-in, but a content-service failure while doing so must not tell a
 * renter who has paid that something went wrong. It is logged; the paid pre-check-in is completed on the next visit of
 * the payment page (nothing due: the finish button) or by staff.
 */
export async function completeAfterPayment(state: PrecheckinState): Promise<void> {
  try {
    await completePrecheckin(state);
  } catch (error) {
    if (!(error instanceof ContentServiceError)) throw error;
    log.error(`${state.reservation.number}: paid, but the pre-check-in could not be marked complete: ${error.message}`);
  }
}

/** The charge still waiting for the renter or the gateway (a 3-D Secure check, a PayPal approval), newest first. */
export function openCharge(payments: readonly PaymentRecord[]): PaymentRecord | undefined {
  return newestFirst(payments).find((payment) => payment.kind === 'charge' && (payment.status === 'pending' || payment.status === 'requires_action'));
}

/** The newest charge, whatever its state: after a check, it says how it ended. */
export function latestCharge(payments: readonly PaymentRecord[]): PaymentRecord | undefined {
  return newestFirst(payments).find((payment) => payment.kind === 'charge');
}

function newestFirst(payments: readonly PaymentRecord[]): PaymentRecord[] {
  return [...payments].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}
