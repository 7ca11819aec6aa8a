import { assertNonNegativeCents, type Cents } from '../money';
import { passesLuhn } from '../validation/card';

/**
 * Payments: the states a payment attempt goes through, what a cancellation gives back and what a change costs. The
 * gateways and the records live in the web app and the content service; the rules live here.
 */

export const PAYMENT_METHODS = ['card', 'paypal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * pending: recorded before the gateway is asked (a crash after this point is found and settled by reconciliation);
 * requires_action: the renter must act at the gateway (3-D Secure, PayPal's approval); the other three are final.
 */
/** What a payment keeps of the card it was made with: never its number. */
export type CardDetails = { brand: string; last4: string; expiry: string };

export const PAYMENT_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A charge takes the renter's money; a refund gives some of a succeeded charge back. */
export const PAYMENT_KINDS = ['charge', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

const FINAL: ReadonlySet<PaymentStatus> = new Set(['succeeded', 'failed', 'canceled']);

export function isPaymentStatus(value: unknown): value is PaymentStatus {
  return typeof value === 'string' && (PAYMENT_STATUSES as readonly string[]).includes(value);
}

export function isFinalPaymentStatus(status: PaymentStatus): boolean {
  return FINAL.has(status);
}

/**
 * Payments that have taken the money or may still take it: a reservation with one keeps its payment hold, and a refund
 * in one of these states counts against its charge.
 */
export const LIVE_PAYMENT_STATUSES = ['pending', 'requires_action', 'succeeded'] as const satisfies readonly PaymentStatus[];

/** Payments still waiting for their outcome: reconciliation asks the gateway about them. */
export const OPEN_PAYMENT_STATUSES = ['pending', 'requires_action'] as const satisfies readonly PaymentStatus[];

export function isLivePaymentStatus(status: PaymentStatus): boolean {
  return (LIVE_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status);
}

/** How a reservation was paid online, from the gateway that took the charge: PayPal, or a card through any other. */
export function paymentMethodOfProvider(provider: string): PaymentMethod {
  return provider === 'paypal' ? 'paypal' : 'card';
}

/** The provider under which the counter records what staff collected there (cash or the branch's card terminal). */
export const COUNTER_PROVIDER = 'counter';

/**
 * A reservation's `payment_type`: how it was paid, as staff, the dashboards and manage booking read it. `unpaid` until
 * a charge succeeds; then `card` or `paypal` online, or `counter` when staff collected it at the counter (a pay-at-
 * the-counter booking settled at the return), never a card it was not paid with.
 */
export const PAYMENT_TYPES = ['unpaid', 'card', 'paypal', 'counter'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** The `payment_type` a reservation takes from the provider of the charge that paid it. */
export function paymentTypeOfProvider(provider: string): Exclude<PaymentType, 'unpaid'> {
  return provider === COUNTER_PROVIDER ? 'counter' : paymentMethodOfProvider(provider);
}

/** Statuses only move forward: a late or repeated report of an older state never undoes a newer one. */
export function canMovePayment(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to || isFinalPaymentStatus(from)) return false;
  return from === 'pending' || to !== 'pending';
}

/** The brand's cancellation terms for prepaid reservations (site config). */
export type CancellationRule = {
  /** Cancelled at least this many hours before pickup: everything back. */
  fullRefundHours: number;
  /** Cancelled later, but before pickup: everything back less this many days of the car rate. After pickup: nothing. */
  lateFeeDays: number;
};

/** The product's rule: in full until 48 hours before pickup, then less one day of the car rate. */
export const DEFAULT_CANCELLATION_RULE: CancellationRule = { fullRefundHours: 48, lateFeeDays: 1 };

export type CancellationRefund = { kind: 'full' | 'partial' | 'none'; amount: Cents };

/**
 * The brand's terms for a prepaid reservation of `total` cents picking up at `pickupAt`, as a renter reads them before
 * paying: free cancellation until `freeUntil` (undefined when that moment has passed at `now`), then `lateFee` kept
 * (`lateFeeDays` days of the car rate, never more than the total) until pickup; from pickup, nothing back. The one
 * statement of the rule: `cancellationRefund` applies it.
 */
export type CancellationTerms = { freeUntil: Date | undefined; lateFee: Cents };

export function cancellationTerms(total: Cents, pickupAt: Date, now: Date, rule: CancellationRule, carDailyRate: Cents): CancellationTerms {
  assertNonNegativeCents(total, 'total');
  assertNonNegativeCents(carDailyRate, 'carDailyRate');
  const freeUntil = new Date(pickupAt.getTime() - rule.fullRefundHours * 3_600_000);
  return { freeUntil: now.getTime() <= freeUntil.getTime() ? freeUntil : undefined, lateFee: Math.min(total, Math.max(0, rule.lateFeeDays) * carDailyRate) };
}

/** The daily car rate a reservation was priced at, from its car line and days: what the late fee counts in. */
export function carDailyRateOf(carTotal: Cents, days: number): Cents {
  return days > 0 ? Math.round(carTotal / days) : 0;
}

/**
 * What a renter gets back for cancelling, at `now`, a reservation of which `paid` cents were paid and whose car costs
 * `carDailyRate` cents a day (the rate the reservation was priced at).
 */
export function cancellationRefund(paid: Cents, pickupAt: Date, now: Date, rule: CancellationRule, carDailyRate: Cents): CancellationRefund {
  assertNonNegativeCents(paid, 'paid');
  const terms = cancellationTerms(paid, pickupAt, now, rule, carDailyRate);
  if (paid === 0 || now.getTime() >= pickupAt.getTime()) return { kind: 'none', amount: 0 };
  if (terms.freeUntil) return { kind: 'full', amount: paid };
  const amount = paid - terms.lateFee;
  return amount === 0 ? { kind: 'none', amount: 0 } : { kind: amount === paid ? 'full' : 'partial', amount };
}

/**
 * The most business days a refund takes to reach the renter when the brand's site config sets none
 * (`refund_business_days`): manage booking, the e-mails and the terms all state the site config's one number.
 */
export const DEFAULT_REFUND_BUSINESS_DAYS = 15;

export type ChangeSettlement = { kind: 'charge' | 'refund'; amount: Cents } | { kind: 'none'; amount: 0 };

/** A paid reservation changed to cost `newTotal`: the difference to charge, or to give back, against what is held. */
export function changeSettlement(held: Cents, newTotal: Cents): ChangeSettlement {
  assertNonNegativeCents(held, 'held');
  assertNonNegativeCents(newTotal, 'newTotal');
  if (newTotal > held) return { kind: 'charge', amount: newTotal - held };
  if (newTotal < held) return { kind: 'refund', amount: held - newTotal };
  return { kind: 'none', amount: 0 };
}

/** What a reservation holds of the renter's money: succeeded charges less succeeded refunds. */
export function amountHeld(payments: readonly { kind: 'charge' | 'refund'; status: PaymentStatus; amount: Cents }[]): Cents {
  return payments.reduce((held, payment) => {
    if (payment.status !== 'succeeded') return held;
    return payment.kind === 'charge' ? held + payment.amount : held - payment.amount;
  }, 0);
}

// Card numbers as people write them: 4-4-4-4 and 4-4-4-4-3 (most cards), 4-6-5 (Amex), 4-6-4 (Diners).
const CARD_LAYOUTS = new Set(['4,4,4,4', '4,4,4,4,3', '4,6,5', '4,6,4']);

/**
 * Does this value look like a card number, so that it must not be stored? A run of 13 to 19 digits does, whatever it
 * is (longer runs do not); so do digits grouped as on a card ("4242 4242 4242 4242", "3782-822463-10005") that pass the
 * Luhn check. Grouped digits are held to the card layouts, to Luhn, and to standing apart from letters, so that a UUID
 * is never mistaken for one.
 */
export function looksLikeCardNumber(value: unknown): boolean {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') {
    return false;
  }
  for (const run of text.matchAll(/[0-9]+/g)) {
    if (run[0].length >= 13 && run[0].length <= 19) {
      return true;
    }
  }
  for (const run of text.matchAll(/(?<![0-9A-Za-z])[0-9]+(?:[ -][0-9]+)+(?![0-9A-Za-z])/g)) {
    const groups = run[0].split(/[ -]/);
    if (CARD_LAYOUTS.has(groups.map((group) => group.length).join(',')) && passesLuhn(groups.join(''))) {
      return true;
    }
  }
  return false;
}
