import type { Brand } from '../brands';
import { parsePanamaTimestamp } from '../dates';
import { assertNonNegativeCents, percentOf, type Cents } from '../money';

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** What a valid coupon takes off: `amount` is a percentage for `percent`, cents for `fixed`. */
export interface CouponDiscount {
  kind: CouponKind;
  amount: number;
}

/** A discount code with its rules. */
export interface Coupon extends CouponDiscount {
  code: string;
  status: 'active' | 'inactive';
  /** Panama date-time (or date) from which the coupon works; null = no start. */
  validFrom: string | null;
  /** Panama date-time until which it works, inclusive; a bare date covers that whole day; null = no end. */
  validUntil: string | null;
  /** Brands it is valid for; null or empty = all. */
  brands: readonly string[] | null;
  minDays: number | null;
  /** null = unlimited. */
  maxRedemptions: number | null;
  redemptionsCount: number;
}

/** Rejection reasons in the order they are checked, so a renter hears about the most basic problem first. */
export const COUPON_REJECTION_REASONS = [
  'unknown',
  'inactive',
  'not_started',
  'expired',
  'wrong_brand',
  'below_min_days',
  'used_up',
] as const;
export type CouponRejectionReason = (typeof COUPON_REJECTION_REASONS)[number];

export type CouponEvaluation =
  | { ok: true; code: string; discount: CouponDiscount }
  | { ok: false; reason: CouponRejectionReason };

export interface CouponContext {
  brand: Brand;
  days: number;
  now: Date;
}

/** Coupon codes are case-insensitive and stored upper case: trim and upper-case what the renter typed. */
export function normalizeCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

export function couponCodesMatch(a: string, b: string): boolean {
  return normalizeCouponCode(a) === normalizeCouponCode(b);
}

/** A bare date as `validUntil` means "through that Panama day", so its limit is the start of the next one. */
function untilLimit(validUntil: string): number | null {
  const trimmed = validUntil.trim();
  const instant = parsePanamaTimestamp(trimmed);
  if (instant === null) {
    return null;
  }
  const DAY_MS = 24 * 60 * 60 * 1000;
  return /^\d{4}-\d{2}-\d{2}$/.test(trimmed) ? instant.getTime() + DAY_MS : instant.getTime() + 1;
}

/**
 * Checks a coupon (null when no row has the code) against a booking. Unreadable validity dates make the coupon
 * `inactive` rather than valid, so a data-entry mistake never gives discounts away.
 */
export function evaluateCoupon(coupon: Coupon | null | undefined, context: CouponContext): CouponEvaluation {
  if (coupon === null || coupon === undefined) {
    return { ok: false, reason: 'unknown' };
  }
  if (coupon.status !== 'active' || !isUsableDiscount(coupon)) {
    return { ok: false, reason: 'inactive' };
  }
  const now = context.now.getTime();
  if (coupon.validFrom !== null && coupon.validFrom.trim() !== '') {
    const from = parsePanamaTimestamp(coupon.validFrom);
    if (from === null) {
      return { ok: false, reason: 'inactive' };
    }
    if (now < from.getTime()) {
      return { ok: false, reason: 'not_started' };
    }
  }
  if (coupon.validUntil !== null && coupon.validUntil.trim() !== '') {
    const limit = untilLimit(coupon.validUntil);
    if (limit === null) {
      return { ok: false, reason: 'inactive' };
    }
    if (now >= limit) {
      return { ok: false, reason: 'expired' };
    }
  }
  if (coupon.brands !== null && coupon.brands.length > 0 && !coupon.brands.includes(context.brand)) {
    return { ok: false, reason: 'wrong_brand' };
  }
  if (coupon.minDays !== null && context.days < coupon.minDays) {
    return { ok: false, reason: 'below_min_days' };
  }
  if (coupon.maxRedemptions !== null && coupon.redemptionsCount >= coupon.maxRedemptions) {
    return { ok: false, reason: 'used_up' };
  }
  return {
    ok: true,
    code: normalizeCouponCode(coupon.code),
    discount: { kind: coupon.kind, amount: coupon.amount },
  };
}

/** Whether a discount is well-formed: a percentage in (0, 100], or a positive whole number of cents. */
export function isUsableDiscount(discount: CouponDiscount): boolean {
  if (discount.kind === 'percent') {
    return Number.isFinite(discount.amount) && discount.amount > 0 && discount.amount <= 100;
  }
  return Number.isSafeInteger(discount.amount) && discount.amount > 0;
}

/**
 * Cents a discount takes off `subtotal`: a percentage of it rounded to the cent (half away from zero), or the
 * fixed amount, never more than the subtotal itself nor less than zero.
 */
export function couponDiscountAmount(discount: CouponDiscount, subtotal: Cents): Cents {
  assertNonNegativeCents(subtotal, 'subtotal');
  if (!isUsableDiscount(discount)) {
    return 0;
  }
  const raw = discount.kind === 'percent' ? percentOf(subtotal, discount.amount) : discount.amount;
  return Math.min(raw, subtotal);
}
