import { z } from 'zod';
import { assertNonNegativeCents, sumCents, type Cents } from '../money';
import { FUEL_EIGHTHS_MAX, type ReturnChargeLine } from './index';

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

// Forms and bodies of the counter's actions, in the units staff type: mileage in whole km, fuel in eighths, amounts in
// US dollars with at most two decimals (the storefront turns them into cents; the content service takes cents).

/** Highest odometer reading accepted, in km: far above any car's life, low enough to catch a typo of extra digits. */
export const MAX_MILEAGE_KM = 2_000_000;
/** Highest damage amount entered at the counter, in cents (US$100,000.00); more goes through the brand's claims. */
export const MAX_DAMAGE_CENTS = 10_000_000;
/** Photos per pickup or return. */
export const MAX_COUNTER_PHOTOS = 20;
/** A photo of the car, as a phone or tablet camera takes it: JPEG or PNG (told by its first bytes), 10 MB at most. */
export const COUNTER_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const MAX_COUNTER_PHOTO_BYTES = 10 * 1024 * 1024;
export const MAX_COUNTER_NOTES = 2000;

/** The forms' issues are the storefront's catalogue keys (`counterActions.errors.*`), as the validation schemas' are. */

/** Dollars as typed ("25", "25.5", "25.50", "1,250.00"): cents, or null when it is not an amount. Empty = 0. */
export function dollarsToCents(text: string): Cents | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return 0;
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

const mileageField = z
  .string()
  .trim()
  .min(1, 'counterActions.errors.mileageRequired')
  .refine((value) => /^\d{1,7}$/.test(value) && Number(value) <= MAX_MILEAGE_KM, 'counterActions.errors.mileageInvalid');
const fuelField = z.string().refine((value) => /^\d$/.test(value) && Number(value) <= FUEL_EIGHTHS_MAX, 'counterActions.errors.fuelRequired');
const notesField = z.string().max(MAX_COUNTER_NOTES, 'counterActions.errors.notesTooLong');
const dollarsField = (maxCents: number) =>
  z
    .string()
    .refine((value) => dollarsToCents(value) !== null, 'counterActions.errors.amountInvalid')
    .refine((value) => (dollarsToCents(value) ?? 0) <= maxCents, 'counterActions.errors.amountTooHigh');

/** The pickup form as typed: mileage, fuel (eighths, a choice), notes, and an optional deposit taken at the counter. */
export const pickupFormSchema = z
  .object({
    mileage: mileageField,
    fuelEighths: fuelField,
    notes: notesField,
    depositAmount: dollarsField(MAX_DEPOSIT_CENTS),
    depositMethod: z.union([z.enum(DEPOSIT_METHODS), z.literal('')]),
  })
  .refine((form) => (dollarsToCents(form.depositAmount) ?? 0) === 0 || form.depositMethod !== '', { message: 'counterActions.errors.depositMethodRequired', path: ['depositMethod'] });
export type PickupForm = z.infer<typeof pickupFormSchema>;

/** The return form as typed: mileage, fuel, damage notes and amount (dollars), what to keep of the deposit (dollars). */
export const returnFormSchema = z.object({
  mileage: mileageField,
  fuelEighths: fuelField,
  damageNotes: notesField,
  damageAmount: dollarsField(MAX_DAMAGE_CENTS),
  depositKept: dollarsField(MAX_DEPOSIT_CENTS),
});
export type ReturnForm = z.infer<typeof returnFormSchema>;

/** The pickup body of the storefront and content-service APIs (amounts in cents). */
export function pickupBodyOf(form: PickupForm, photos: readonly string[] = []) {
  const deposit = dollarsToCents(form.depositAmount) ?? 0;
  return {
    mileage: Number(form.mileage),
    fuel_eighths: Number(form.fuelEighths),
    ...(form.notes.trim() ? { notes: form.notes.trim() } : {}),
    ...(photos.length ? { photos: [...photos] } : {}),
    ...(deposit > 0 && form.depositMethod !== '' ? { deposit_amount: deposit, deposit_method: form.depositMethod } : {}),
  };
}

/** The return body of the storefront and content-service APIs (amounts in cents). */
export function returnBodyOf(form: ReturnForm, photos: readonly string[] = []) {
  const damage = dollarsToCents(form.damageAmount) ?? 0;
  const kept = dollarsToCents(form.depositKept) ?? 0;
  return {
    mileage: Number(form.mileage),
    fuel_eighths: Number(form.fuelEighths),
    ...(form.damageNotes.trim() ? { damage_notes: form.damageNotes.trim() } : {}),
    ...(damage > 0 ? { damage_amount: damage } : {}),
    ...(kept > 0 ? { deposit_kept_amount: kept } : {}),
    ...(photos.length ? { photos: [...photos] } : {}),
  };
}

/** How the storefront collects what a return leaves due. */
export const COLLECT_METHODS = ['card_on_file', 'counter'] as const;
export type CollectMethod = (typeof COLLECT_METHODS)[number];
