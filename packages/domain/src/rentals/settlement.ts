import { assertNonNegativeCents, sumCents, type Cents } from '../money';
import type { ReturnChargeLine } from './index';

/**
 * Closing a rental's money at the counter (docs/counter.md, "Collecting the charges", "Deposit", "The receipt"): the
 * security deposit taken at pickup and what of it is kept at the return, and the final bill the screen, the API and
 * the renter's receipt show. Every amount in cents.
 */

/**
 * How a deposit was taken at the counter: cash, or a charge on the branch's card terminal. The storefront's gateway
 * holds nothing: the deposit is a record of what staff took and gave back by the same means.
 */
export const DEPOSIT_METHODS = ['cash', 'card_terminal'] as const;
export type DepositMethod = (typeof DEPOSIT_METHODS)[number];

/** Highest deposit recorded at the counter, in cents (US$10,000.00). */
export const MAX_DEPOSIT_CENTS = 1_000_000;

export function isDepositMethod(value: unknown): value is DepositMethod {
  return typeof value === 'string' && (DEPOSIT_METHODS as readonly string[]).includes(value);
}

export type DepositKeepRefusal = 'no_deposit' | 'more_than_deposit' | 'more_than_charges';

/**
 * What staff may keep of a deposit at the return, towards the return's extra charges: nothing without a deposit, never
 * more than the deposit, nor more than the charges (the rest goes back to the renter). `kept` 0 = all given back.
 */
export function checkDepositKept(input: { deposit: Cents; charges: Cents; kept: Cents }): { ok: true; refunded: Cents } | { ok: false; reason: DepositKeepRefusal; max: Cents } {
  const deposit = assertNonNegativeCents(input.deposit, 'deposit');
  const charges = assertNonNegativeCents(input.charges, 'charges');
  const kept = assertNonNegativeCents(input.kept, 'kept');
  const max = Math.min(deposit, charges);
  if (kept === 0) return { ok: true, refunded: deposit };
  if (deposit === 0) return { ok: false, reason: 'no_deposit', max };
  if (kept > deposit) return { ok: false, reason: 'more_than_deposit', max };
  if (kept > charges) return { ok: false, reason: 'more_than_charges', max };
  return { ok: true, refunded: deposit - kept };
}

/** A line of the rental as booked (the quote's, labelled or not). */
export interface BillLine {
  code: string;
  amount: Cents;
  label?: string;
  quantity?: number;
  unitAmount?: Cents;
}

export interface FinalBillInput {
  /** The rental as booked: its lines and total (the quote's total, tax included). */
  rental: { lines: readonly BillLine[]; total: Cents };
  /** The return's extra charges as stored (`return_charges`): fuel, late_return, damage, tax. */
  returnCharges: readonly ReturnChargeLine[];
  /** The renter's payments on the reservation: charges and refunds, only the succeeded ones count. */
  payments: readonly { kind: 'charge' | 'refund'; status: string; amount: Cents }[];
  /** The deposit taken at the counter and what of it was kept towards the charges (cents; 0 = none). */
  deposit?: { amount: Cents; kept: Cents; method?: DepositMethod | null; refunded?: boolean } | null;
}

export interface FinalBill {
  rental: { lines: BillLine[]; total: Cents };
  charges: { lines: BillLine[]; total: Cents };
  /** The rental and its extra charges. */
  total: Cents;
  /** Succeeded charges (online, card on file, at the counter). */
  paid: Cents;
  /** Succeeded refunds. */
  refunded: Cents;
  /** The deposit taken and what of it was kept (counted as paid towards the charges) or given back. */
  deposit: { amount: Cents; kept: Cents; returned: Cents; method: DepositMethod | null; refunded: boolean } | null;
  /** What is still owed: total − (paid − refunded) − kept deposit, never below 0. */
  due: Cents;
  /** Paid beyond the total (a refund the brand owes), 0 otherwise. */
  credit: Cents;
}

/**
 * The rental's final bill: the booked rental, the return's extra charges, what was paid and refunded, the deposit and
 * what is still due. One function for the counter screen, the storefront API and the receipt e-mail.
 */
export function finalBill(input: FinalBillInput): FinalBill {
  const rentalTotal = assertNonNegativeCents(input.rental.total, 'rental total');
  const chargeLines: BillLine[] = input.returnCharges.map((line) => ({
    code: line.code,
    amount: assertNonNegativeCents(line.amount, `${line.code} charge`),
    ...(line.quantity === undefined ? {} : { quantity: line.quantity }),
    ...(line.unitAmount === undefined ? {} : { unitAmount: line.unitAmount }),
  }));
  const chargesTotal = sumCents(...chargeLines.map((line) => line.amount));
  const succeeded = input.payments.filter((payment) => payment.status === 'succeeded');
  const paid = sumCents(...succeeded.filter((payment) => payment.kind === 'charge').map((payment) => payment.amount));
  const refunded = sumCents(...succeeded.filter((payment) => payment.kind === 'refund').map((payment) => payment.amount));
  const depositAmount = assertNonNegativeCents(input.deposit?.amount ?? 0, 'deposit');
  const kept = Math.min(assertNonNegativeCents(input.deposit?.kept ?? 0, 'kept deposit'), depositAmount);
  const total = rentalTotal + chargesTotal;
  const balance = total - (paid - refunded) - kept;
  return {
    rental: { lines: input.rental.lines.map((line) => ({ ...line })), total: rentalTotal },
    charges: { lines: chargeLines, total: chargesTotal },
    total,
    paid,
    refunded,
    deposit: depositAmount > 0
      ? { amount: depositAmount, kept, returned: depositAmount - kept, method: input.deposit?.method ?? null, refunded: input.deposit?.refunded ?? false }
      : null,
    due: Math.max(0, balance),
    credit: Math.max(0, -balance),
  };
}

/** How the storefront collects what a return leaves due. */
export const COLLECT_METHODS = ['card_on_file', 'counter'] as const;
export type CollectMethod = (typeof COLLECT_METHODS)[number];
