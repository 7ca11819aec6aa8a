import 'server-only';
import { createHash } from 'node:crypto';
import { parsePanamaDateTime } from '@rentacar/domain/dates';
import { amountHeld, cancellationRefund, carDailyRateOf, changeSettlement, paymentMethodOfProvider, type CancellationRefund, type ChangeSettlement, type PaymentMethod } from '@rentacar/domain/payments';
import type { Cents } from '@rentacar/domain/money';
import { loadAppData, readReservationPayments, recordPayment, type PaymentRecord, type SavedReservation } from '@/content';
import type { CancellationMoney } from '@/features/reservations';
import { GatewayRequestError, GatewayUnavailableError } from './gateways/gateway';
import { paymentGateway } from './gateways';
import { logFor } from '@/lib/log';

const log = logFor('payments');

/**
 * Money back and money more: what cancelling a paid reservation gives back under the brand's terms (site config), and
 * what changing one costs or returns. Every refund and extra charge has a key derived from what it is for, so a retry
 * never pays or refunds twice.
 */

export type MoneyBackError = { kind: 'unavailable' } | { kind: 'declined'; code: string | undefined; reason: string | undefined };

/** How the renter paid online: the provider of the latest succeeded charge (none: nothing paid online). */
function methodPaid(payments: readonly PaymentRecord[]): PaymentMethod | undefined {
  const charge = payments.filter((row) => row.kind === 'charge' && row.status === 'succeeded').at(-1);
  return charge ? paymentMethodOfProvider(charge.provider) : undefined;
}

/**
 * What the renter holds paid on a reservation, by which method, and what cancelling it now would give back.
 */
export async function cancellationTerms(reservation: SavedReservation, now: Date = new Date()): Promise<{ held: Cents; method: PaymentMethod | undefined; refund: CancellationRefund }> {
  const [payments, { site }] = await Promise.all([readReservationPayments(reservation.id), loadAppData()]);
  const held = amountHeld(payments);
  const pickup = parsePanamaDateTime(reservation.pickupAt) ?? now;
  const carDailyRate = carDailyRateOf(reservation.totals.carTotal, reservation.days);
  return { held, method: methodPaid(payments), refund: cancellationRefund(held, pickup, now, site.cancellationRule, carDailyRate) };
}

/** What a cancellation's refunds are keyed by (refundAmount's `purpose`): how they are told from a change's. */
export function cancellationPurpose(reservation: SavedReservation): string {
  return `cancel_${reservation.id}`;
}

const refundKey = (purpose: string, charge: PaymentRecord) => `refund_${purpose}_${charge.id}`;

/**
 * What cancelling the reservation gave back, read from its payments: the cancellation's refunds (succeeded, or still
 * on their way) and the method they go back by; else what was paid and kept, or nothing paid online.
 */
export async function cancellationMoney(reservation: SavedReservation): Promise<CancellationMoney> {
  const payments = await readReservationPayments(reservation.id);
  const prefix = `refund_${cancellationPurpose(reservation)}_`;
  const refunds = payments.filter((row) => row.kind === 'refund' && row.idempotencyKey.startsWith(prefix) && row.status !== 'failed' && row.status !== 'canceled');
  const refunded = refunds.reduce((sum, row) => sum + row.amount, 0);
  const first = refunds[0];
  if (refunded > 0 && first) return { kind: 'refunded', amount: refunded, method: paymentMethodOfProvider(first.provider) };
  const held = amountHeld(payments);
  return held > 0 ? { kind: 'noRefund', paid: held } : { kind: 'nothingPaid' };
}

/**
 * Gives `amount` back from the reservation's succeeded charges, newest first, each refund keyed by `purpose` and the
 * charge, so asking again refunds nothing more. Undefined when done; the error when a gateway could not do it.
 */
export async function refundAmount(reservation: SavedReservation, amount: Cents, purpose: string): Promise<MoneyBackError | undefined> {
  if (amount <= 0) return undefined;
  const payments = await readReservationPayments(reservation.id);
  const refunded = (charge: PaymentRecord) => payments.filter((row) => row.kind === 'refund' && row.refundOf === charge.id && row.status !== 'failed' && row.status !== 'canceled').reduce((sum, row) => sum + row.amount, 0);
  const charges = payments.filter((row) => row.kind === 'charge' && row.status === 'succeeded' && row.reference).reverse();
  let left = amount;
  for (const charge of charges) {
    if (left <= 0) break;
    const key = refundKey(purpose, charge);
    const done = payments.find((row) => row.idempotencyKey === key);
    if (done && done.status === 'succeeded') {
      left -= done.amount;
      continue;
    }
    const part = Math.min(left, charge.amount - refunded(charge));
    if (part <= 0) continue;
    const adapter = paymentGateway(charge.provider);
    if (!adapter || !charge.reference) return { kind: 'unavailable' };
    await recordPayment({ idempotencyKey: key, reservationId: reservation.id, provider: charge.provider, kind: 'refund', amount: part, status: 'pending', refundOf: charge.id });
    try {
      const refund = await adapter.refund({ payment: { reference: charge.reference, ...(charge.capture ? { capture: charge.capture } : {}) }, amount: part, idempotencyKey: key });
      await recordPayment({ idempotencyKey: key, reservationId: reservation.id, provider: charge.provider, kind: 'refund', amount: part, status: refund.status, reference: refund.reference, refundOf: charge.id });
      if (refund.status === 'failed') return { kind: 'declined', code: 'refund_failed', reason: undefined };
      left -= part;
    } catch (error) {
      if (error instanceof GatewayUnavailableError) return { kind: 'unavailable' };
      if (error instanceof GatewayRequestError) {
        log.error(`refund ${key} refused: ${error.message}`);
        return { kind: 'declined', code: error.code, reason: undefined };
      }
      throw error;
    }
  }
  return undefined;
}

export type ChangeTerms = ChangeSettlement & { held: Cents; method: 'card' | 'paypal' | undefined; savedMethod: string | undefined };

/** What changing a reservation to cost `newTotal` means for the renter's money. */
export async function changeTerms(reservation: SavedReservation, newTotal: Cents): Promise<ChangeTerms> {
  const payments = await readReservationPayments(reservation.id);
  const held = amountHeld(payments);
  const method = methodPaid(payments);
  const savedMethod = savedCardOf(payments);
  // Nothing paid online (paid at the counter): the new price is simply what is due there.
  if (held === 0) return { kind: 'none', amount: 0, held, method, savedMethod };
  return { ...changeSettlement(held, newTotal), held, method, savedMethod };
}

/**
 * Charges the extra of a change to the card the renter paid with (the gateway's saved method, no card data here).
 * PayPal keeps no payment method for us: a PayPal renter's extra is due at the counter. Undefined when paid.
 */
export async function chargeDifference(reservation: SavedReservation, terms: ChangeTerms, changeId: string): Promise<MoneyBackError | 'due_at_counter' | undefined> {
  if (terms.kind !== 'charge') return undefined;
  if (terms.method !== 'card' || !terms.savedMethod) return 'due_at_counter';
  const key = `change_${reservation.number}_${createHash('sha256').update(changeId).digest('base64url').slice(0, 22)}`;
  return chargeSavedCard(reservation, { amount: terms.amount, key, savedMethod: terms.savedMethod, what: 'change' });
}

/** The card on file of a reservation: the gateway's saved method of its latest succeeded card charge, if any. */
export function savedCardOf(payments: readonly PaymentRecord[]): string | undefined {
  return payments.filter((row) => row.kind === 'charge' && row.status === 'succeeded' && row.savedMethod && paymentMethodOfProvider(row.provider) === 'card').at(-1)?.savedMethod;
}

/**
 * Charges `amount` off-session to the card the renter paid with (the gateway's saved method, no card data here), under
 * `key`: recorded pending first, then as the gateway answers, so asking again with the same key never charges twice.
 * Undefined when paid; the decline or the gateway's absence otherwise.
 */
export async function chargeSavedCard(
  reservation: SavedReservation,
  { amount, key, savedMethod, what }: { amount: Cents; key: string; savedMethod: string; what: string },
): Promise<MoneyBackError | undefined> {
  const { site } = await loadAppData();
  const adapter = paymentGateway(site.paymentGateway);
  if (!adapter) return { kind: 'unavailable' };
  await recordPayment({ idempotencyKey: key, reservationId: reservation.id, provider: adapter.provider, kind: 'charge', amount, status: 'pending' });
  try {
    const answer = await adapter.start({
      amount,
      idempotencyKey: key,
      reservationNumber: reservation.number,
      description: `${site.siteName} ${reservation.number} (${what})`,
      returnUrl: '',
      cancelUrl: '',
      locale: reservation.locale,
      brandName: site.siteName,
      source: { savedMethod },
    });
    const succeeded = answer.status === 'succeeded' && answer.amount === amount;
    await recordPayment({
      idempotencyKey: key,
      reservationId: reservation.id,
      provider: adapter.provider,
      kind: 'charge',
      amount,
      status: succeeded ? 'succeeded' : 'failed',
      reference: answer.reference,
      ...(succeeded ? {} : { failure: answer.failure ?? { code: answer.status, message: `off-session charge ${answer.status}` } }),
    });
    return succeeded ? undefined : { kind: 'declined', code: answer.failure?.code, reason: answer.failure?.message };
  } catch (error) {
    if (error instanceof GatewayUnavailableError) return { kind: 'unavailable' };
    if (error instanceof GatewayRequestError) {
      await recordPayment({ idempotencyKey: key, reservationId: reservation.id, provider: adapter.provider, kind: 'charge', amount, status: 'failed', failure: { code: error.code, message: error.message } });
      return { kind: 'declined', code: error.code, reason: undefined };
    }
    throw error;
  }
}

/**
 * A refund left pending (the gateway was down or slow): asked again with the same key, which the gateway answers
 * with the refund it made, or makes now. Used by reconciliation.
 */
export async function retryRefund(refund: PaymentRecord): Promise<boolean> {
  // The refunded charge is one of the same reservation's payments (the content service refuses any other).
  const charge = refund.refundOf ? (await readReservationPayments(refund.reservationId)).find((payment) => payment.id === refund.refundOf) : undefined;
  const adapter = charge ? paymentGateway(charge.provider) : undefined;
  if (!charge?.reference || !adapter) return false;
  try {
    const answer = await adapter.refund({ payment: { reference: charge.reference, ...(charge.capture ? { capture: charge.capture } : {}) }, amount: refund.amount, idempotencyKey: refund.idempotencyKey });
    await recordPayment({ idempotencyKey: refund.idempotencyKey, reservationId: refund.reservationId, provider: refund.provider, kind: 'refund', amount: refund.amount, status: answer.status, reference: answer.reference, ...(refund.refundOf ? { refundOf: refund.refundOf } : {}) });
    return answer.status !== 'pending';
  } catch (error) {
    if (error instanceof GatewayUnavailableError) return false;
    if (error instanceof GatewayRequestError) {
      log.error(`refund ${refund.idempotencyKey} refused on retry: ${error.message}; staff must look at it`);
      await recordPayment({ idempotencyKey: refund.idempotencyKey, reservationId: refund.reservationId, provider: refund.provider, kind: 'refund', amount: refund.amount, status: 'failed', failure: { code: error.code, message: error.message }, ...(refund.refundOf ? { refundOf: refund.refundOf } : {}) });
      return true;
    }
    throw error;
  }
}
