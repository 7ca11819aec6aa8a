import 'server-only';
import { formatPanamaDateTime } from '@rentacar/domain/dates';
import { COUNTER_PROVIDER } from '@rentacar/domain/payments';
import { finalBill, type CollectMethod, type FinalBill } from '@rentacar/domain/rentals';
import {
  claimReturnCollection,
  claimReturnReceipt,
  readRentalClosing,
  readReservationPayments,
  recordCounterAction,
  recordPayment,
  releaseReturnCollection,
  releaseReturnReceipt,
  type CounterActionPath,
  type CounterWriteRefusal,
  type PaymentRecord,
  type RentalClosing,
} from '@/content';
import { reservationSummary } from '@/features/reservations';
import { sendMail } from '@/shared/email';
import { chargeSavedCard, savedCardOf } from '@/features/payments';
import { logFor } from '@/lib/log';
import { buildReturnReceipt } from './receipt-email';

const log = logFor('counter');

/**
 * The counter's writes as the storefront makes them, for the API and the screen alike (docs/counter.md): a pickup, a
 * return or a no-show passed on to the content service with the staff member's token; after a return, the final bill
 * and, once nothing is left to collect, the renter's receipt; then collecting what the return left due (the card on
 * file through the gateway, or at the counter), exactly once, and the receipt.
 */

/** Who acts: the signed-in staff member's content-service token, and their branch (undefined for an administrator). */
export type ActingStaff = { token: string; admin: boolean; branchId: string | undefined };

/** What became of the receipt: sent now, sent before (a retry), left for the charges step, or not sent (logged). */
export type ReceiptDelivery = 'sent' | 'sent-before' | 'awaiting-charges' | 'failed';

export type ActionAnswer =
  | { ok: true; data: Record<string, unknown>; bill?: FinalBill; receipt?: ReceiptDelivery; savedCard?: boolean }
  | { ok: false; refusal: CounterWriteRefusal };

/** The bill of a rental from what the content service recorded and the reservation's payments. */
export function billOf(closing: RentalClosing, payments: readonly PaymentRecord[]): FinalBill {
  const { reservation, deposit } = closing;
  return finalBill({
    rental: { lines: reservation.lines.map((line) => ({ code: line.code, label: line.label, amount: line.amount })), total: reservation.totals.total },
    returnCharges: closing.returnCharges,
    payments,
    deposit: deposit ? { amount: deposit.amount, kept: deposit.kept, method: deposit.method, refunded: deposit.refundedAt !== undefined } : null,
  });
}

/** Sends the renter's receipt once per return (claimed in the content service; given back when it fails). */
export async function sendReturnReceipt(staff: ActingStaff, closing: RentalClosing, bill: FinalBill): Promise<ReceiptDelivery> {
  const { reservation } = closing;
  const what = `${reservation.number}: the return receipt`;
  try {
    if (!(await claimReturnReceipt(staff.token, reservation.number))) return 'sent-before';
  } catch (error) {
    log.error({ err: error }, `${what} could not be claimed`);
    return 'failed';
  }
  try {
    const summary = await reservationSummary(reservation, reservation.locale);
    const returnedAt = closing.returnedAt ? formatPanamaDateTime(new Date(closing.returnedAt)) : summary.return.at;
    const mail = buildReturnReceipt({ summary, bill, returnedAt, mileage: closing.mileage });
    await sendMail({ to: summary.client.email, subject: mail.subject, text: mail.text, html: mail.html });
    return 'sent';
  } catch (error) {
    log.error({ err: error }, `${what} could not be sent`);
    await releaseReturnReceipt(staff.token, reservation.number).catch((releaseError: unknown) => {
      log.error({ err: releaseError }, `${what}: its claim could not be given back`);
    });
    return 'failed';
  }
}

/**
 * A pickup, a return or a no-show (the body as the content service takes it, amounts in cents). After a return: the
 * final bill, whether a card is on file, and the receipt at once when nothing is left to collect.
 */
export async function recordRentalAction(staff: ActingStaff, number: string, action: CounterActionPath, body: unknown): Promise<ActionAnswer> {
  const write = await recordCounterAction(staff.token, number, action, body);
  if (!write.ok || action !== 'return') return write;
  const closing = await readRentalClosing(staff.token, number);
  if (!closing) return write;
  const payments = await readReservationPayments(closing.reservation.id);
  const bill = billOf(closing, payments);
  const receipt = bill.due > 0 ? 'awaiting-charges' : await sendReturnReceipt(staff, closing, bill);
  return { ...write, bill, receipt, savedCard: savedCardOf(payments) !== undefined };
}

export type CollectRefusal =
  | { kind: 'not_found' }
  | { kind: 'other_branch' }
  | { kind: 'not_returned' }
  | { kind: 'no_saved_card' }
  | { kind: 'declined'; code: string | undefined }
  | { kind: 'collecting'; method: string }
  | { kind: 'unavailable' };

export type CollectAnswer = { ok: true; collected: number; method: CollectMethod | 'none'; bill: FinalBill; receipt: ReceiptDelivery } | { ok: false; refusal: CollectRefusal };

/** One idempotency key per reservation's return and way of collecting: asking again never takes the money twice. */
export const returnChargeKey = (number: string, method: CollectMethod) => (method === 'card_on_file' ? `return_${number}` : `return_counter_${number}`);

/**
 * Claims the way of collecting before any money moves (two staff members pressing "card" and "counter" at once: one
 * of them is told the other way is under way). Answers the refusal, or nothing when this way holds the claim.
 */
async function claimCollection(staff: ActingStaff, number: string, method: CollectMethod): Promise<CollectRefusal | undefined> {
  const claim = await claimReturnCollection(staff.token, number, method);
  if ('refused' in claim) {
    const refusal = claim.refused;
    if (refusal.status === 404) return { kind: 'not_found' };
    if (refusal.status === 403) return { kind: 'other_branch' };
    if (refusal.status === 409) return { kind: 'not_returned' };
    return { kind: 'unavailable' };
  }
  return claim.claimed ? undefined : { kind: 'collecting', method: claim.heldBy };
}

async function giveBackCollection(staff: ActingStaff, number: string, method: CollectMethod): Promise<void> {
  await releaseReturnCollection(staff.token, number, method).catch((error: unknown) => {
    log.error({ err: error }, `${number}: the claim on collecting the return's charges (${method}) could not be given back`);
  });
}

/**
 * Collects what the return left due: `card_on_file` charges the card the renter paid with (off-session; a decline is
 * answered and staff may collect at the counter instead), `counter` records what staff took at the counter as a
 * payment (provider `counter`), `none` leaves it due. Then the receipt, once. What is due is the final bill's: the
 * return's charges (less the deposit kept), and for a booking paid at the counter the rental too.
 */
export async function collectReturnCharges(staff: ActingStaff, number: string, method: CollectMethod | 'none'): Promise<CollectAnswer> {
  const closing = await readRentalClosing(staff.token, number);
  if (!closing) return { ok: false, refusal: { kind: 'not_found' } };
  const { reservation } = closing;
  const branch = reservation.returnBranchId || reservation.pickupBranchId;
  if (!staff.admin && staff.branchId !== branch) return { ok: false, refusal: { kind: 'other_branch' } };
  if (closing.rentalStatus !== 'returned') return { ok: false, refusal: { kind: 'not_returned' } };
  let payments = await readReservationPayments(reservation.id);
  const due = billOf(closing, payments).due;
  let collected = 0;
  if (due > 0 && method === 'card_on_file') {
    const savedMethod = savedCardOf(payments);
    if (!savedMethod) return { ok: false, refusal: { kind: 'no_saved_card' } };
    const key = returnChargeKey(reservation.number, method);
    const before = payments.find((row) => row.idempotencyKey === key);
    // A decline is final for this key (the gateway answers the same key the same way): staff collect at the counter.
    if (before?.status === 'failed') return { ok: false, refusal: { kind: 'declined', code: before.failure?.code } };
    const held = await claimCollection(staff, reservation.number, method);
    if (held) return { ok: false, refusal: held };
    const failure = await chargeSavedCard(reservation, { amount: before?.amount ?? due, key, savedMethod, what: 'return' }).catch(async (error: unknown) => {
      await giveBackCollection(staff, reservation.number, method);
      throw error;
    });
    if (failure) {
      await giveBackCollection(staff, reservation.number, method);
      return { ok: false, refusal: failure.kind === 'declined' ? { kind: 'declined', code: failure.code } : { kind: 'unavailable' } };
    }
    collected = before?.amount ?? due;
  } else if (due > 0 && method === 'counter') {
    const held = await claimCollection(staff, reservation.number, method);
    if (held) return { ok: false, refusal: held };
    try {
      await recordPayment({ idempotencyKey: returnChargeKey(reservation.number, method), reservationId: reservation.id, provider: COUNTER_PROVIDER, kind: 'charge', amount: due, status: 'succeeded' });
    } catch (error) {
      await giveBackCollection(staff, reservation.number, method);
      throw error;
    }
    collected = due;
  }
  if (collected > 0) payments = await readReservationPayments(reservation.id);
  const bill = billOf(closing, payments);
  const receipt = await sendReturnReceipt(staff, closing, bill);
  return { ok: true, collected, method, bill, receipt };
}

/** What the counter's reservation page shows of the rental's money: the final bill, a card on file, the deposit taken. */
export type ClosingView = { bill: FinalBill; cardOnFile: boolean; deposit: number | null; receiptSent: boolean };

export async function loadClosingView(staff: ActingStaff, number: string): Promise<ClosingView | undefined> {
  const closing = await readRentalClosing(staff.token, number);
  if (!closing) return undefined;
  const payments = await readReservationPayments(closing.reservation.id);
  return { bill: billOf(closing, payments), cardOnFile: savedCardOf(payments) !== undefined, deposit: closing.deposit?.amount ?? null, receiptSent: closing.receiptSentAt !== undefined };
}
