import { carPriceFor, prepaidDailyRate, usesSedanCoverageRate, type CarPrices, type CarType } from '../fleet';
import { couponDiscountAmount, type CouponDiscount } from '../coupons';
import { parsePanamaDateTime, type LocalDateTime } from '../dates';
import { assertNonNegativeCents, multiplyCents, parsePercent, percentOf, sumCents, type Cents, type PercentValue } from '../money';
import { rentalDays } from '../rental-days';
import type { Brand } from '../brands';

export const RESERVATION_TYPES = ['postpaid', 'prepaid'] as const;
export type ReservationType = (typeof RESERVATION_TYPES)[number];
export const DEFAULT_RESERVATION_TYPE: ReservationType = 'postpaid';

/** Site config `era_daily_rate` default: 3.99 a day. */
export const DEFAULT_ERA_DAILY_RATE: Cents = 399;
/** Site config `tax_rate_percent` default: ITBMS 7 %. */
export const DEFAULT_TAX_RATE_PERCENT = 7;

export type BranchId = string | number;

export interface QuoteCar extends CarPrices {
  tipo: CarType;
  /** The car's `prepaid_discounts` row, used when the reservation is prepaid. */
  discount?: { percentage: PercentValue } | null;
}

export interface QuoteCoverage {
  daily_rate_sedan: Cents;
  daily_rate_other: Cents;
  includes_era: boolean;
}

export interface QuoteBranch {
  id: BranchId;
  airport_fee_percent?: PercentValue | null;
}

export interface DropoffFee {
  from_branch: BranchId;
  to_branch: BranchId;
  fee: Cents;
}

/** An extra charged per day (child seat, GPS…), `quantity` defaulting to 1. */
export interface QuoteExtra {
  code: string;
  daily_rate: Cents;
  quantity?: number;
}

export interface QuoteDelivery {
  price: Cents;
  description: string;
}

export interface QuoteInput {
  brand: Brand;
  car: QuoteCar;
  /** An instant or a Panama wall-clock `YYYY-MM-DDTHH:mm`. */
  pickupAt: Date | LocalDateTime;
  returnAt: Date | LocalDateTime;
  reservationType?: ReservationType;
  /**
   * Required because the all-in price must include the mandatory liability cover: before the renter picks one,
   * pass the basic coverage.
   */
  coverage: QuoteCoverage;
  /** Whether the renter chose ERA (roadside assistance) on its own. */
  era?: boolean;
  eraDailyRate?: Cents | null;
  extras?: readonly QuoteExtra[];
  pickupBranch: QuoteBranch;
  returnBranch: { id: BranchId };
  dropoffFees?: readonly DropoffFee[];
  delivery?: QuoteDelivery | null;
  /** An already validated coupon (see `evaluateCoupon`). */
  coupon?: CouponDiscount | null;
  taxRatePercent?: PercentValue | null;
}

/** Every amount in cents. */
export interface Quote {
  days: number;
  carDailyRate: Cents;
  carTotal: Cents;
  coverage: Cents;
  era: Cents;
  extras: Cents;
  dropoff: Cents;
  delivery: QuoteDelivery;
  couponDiscount: Cents;
  subtotal: Cents;
  airportTax: Cents;
  tax: Cents;
  total: Cents;
}

export type QuoteErrorCode = 'car_not_offered' | 'invalid_period' | 'invalid_amount';

export class QuoteError extends Error {
  readonly code: QuoteErrorCode;

  constructor(code: QuoteErrorCode, message: string) {
    super(message);
    this.name = 'QuoteError';
    this.code = code;
  }
}

/**
 * A percentage given as a number or a decimal string (see `parsePercent`), `fallback` when absent or blank; throws a
 * QuoteError for anything else, so a quote is never priced with a misread rate.
 */
export function toPercent(value: PercentValue | null | undefined, fallback: number, label: string): number {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) {
    return fallback;
  }
  const percent = parsePercent(value);
  if (percent === null) {
    throw new QuoteError('invalid_amount', `${label} must be a percentage between 0 and 100, got ${String(value)}`);
  }
  return percent;
}

function cents(value: number, label: string): Cents {
  try {
    return assertNonNegativeCents(value, label);
  } catch (error) {
    throw new QuoteError('invalid_amount', error instanceof Error ? error.message : String(error));
  }
}

function toInstant(value: Date | LocalDateTime, label: string): Date {
  const instant = typeof value === 'string' ? parsePanamaDateTime(value) : value;
  if (instant === null || Number.isNaN(instant.getTime())) {
    throw new QuoteError('invalid_period', `${label} is not a valid date-time: ${String(value)}`);
  }
  return instant;
}

function sameBranch(a: BranchId, b: BranchId): boolean {
  return String(a) === String(b);
}

/**
 * Drop-off fee for returning at another branch: the table's entry for that direction, else the entry for the
 * opposite direction (fees are usually symmetric and staff may enter a pair once), else 0; always 0 for the same
 * branch.
 */
export function dropoffFee(fees: readonly DropoffFee[], from: BranchId, to: BranchId): Cents {
  if (sameBranch(from, to)) {
    return 0;
  }
  const direct = fees.find((entry) => sameBranch(entry.from_branch, from) && sameBranch(entry.to_branch, to));
  const reverse = fees.find((entry) => sameBranch(entry.from_branch, to) && sameBranch(entry.to_branch, from));
  const entry = direct ?? reverse;
  return entry === undefined ? 0 : cents(entry.fee, 'dropoff fee');
}

/**
 * The price of a rental, line by line, in cents: the single source of truth for the fleet cards, the bill and
 * the server. Each line is rounded once, in this order:
 *   1. carDailyRate: the brand's price, or for a prepaid reservation price × (1 − discount %) rounded to the cent;
 *   2. carTotal, coverage, era, extras: daily amounts × days (exact);
 *   3. dropoff and delivery: table amounts (exact);
 *   4. couponDiscount: on the sum of 2 and 3, rounded to the cent and capped so the subtotal never goes below 0;
 *   5. subtotal = lines 2 and 3 − couponDiscount;
 *   6. airportTax = pickup branch fee % × (carTotal + era + extras), coverage excluded, rounded to the cent;
 *   7. tax (ITBMS) = tax % × (subtotal + airportTax), rounded to the cent;
 *   8. total = subtotal + airportTax + tax.
 * Rounding is half away from zero (see `percentOf`). Throws a QuoteError when the brand does not offer the car,
 * the period is invalid or an amount is malformed.
 */
export function quote(input: QuoteInput): Quote {
  const pickupAt = toInstant(input.pickupAt, 'pickupAt');
  const returnAt = toInstant(input.returnAt, 'returnAt');
  if (returnAt.getTime() < pickupAt.getTime()) {
    throw new QuoteError('invalid_period', 'The return is before the pickup');
  }
  const days = rentalDays(pickupAt, returnAt);

  const listPrice = carPriceFor(input.car, input.brand);
  if (listPrice === null) {
    throw new QuoteError('car_not_offered', `The car has no ${input.brand} price`);
  }
  const baseRate = cents(listPrice, 'car daily rate');
  const carDailyRate =
    (input.reservationType ?? DEFAULT_RESERVATION_TYPE) === 'prepaid'
      ? prepaidDailyRate(baseRate, toPercent(input.car.discount?.percentage, 0, 'prepaid discount'))
      : baseRate;
  const carTotal = multiplyCents(carDailyRate, days);

  const coverageRate = usesSedanCoverageRate(input.car.tipo)
    ? input.coverage.daily_rate_sedan
    : input.coverage.daily_rate_other;
  const coverage = multiplyCents(cents(coverageRate, 'coverage daily rate'), days);

  // Charged once whether the renter ticked it, the coverage includes it, or both.
  const eraApplies = input.era === true || input.coverage.includes_era;
  const eraRate = cents(input.eraDailyRate ?? DEFAULT_ERA_DAILY_RATE, 'ERA daily rate');
  const era = eraApplies ? multiplyCents(eraRate, days) : 0;

  const extras = sumCents(
    ...(input.extras ?? []).map((extra) => {
      const quantity = extra.quantity ?? 1;
      if (!Number.isSafeInteger(quantity) || quantity < 0) {
        throw new QuoteError('invalid_amount', `extra ${extra.code} quantity must be a whole number, got ${quantity}`);
      }
      return multiplyCents(cents(extra.daily_rate, `extra ${extra.code} daily rate`), quantity * days);
    }),
  );

  const dropoff = dropoffFee(input.dropoffFees ?? [], input.pickupBranch.id, input.returnBranch.id);
  const delivery: QuoteDelivery =
    input.delivery === null || input.delivery === undefined
      ? { price: 0, description: '' }
      : { price: cents(input.delivery.price, 'delivery price'), description: input.delivery.description };

  const beforeCoupon = sumCents(carTotal, coverage, era, extras, dropoff, delivery.price);
  const couponDiscount =
    input.coupon === null || input.coupon === undefined ? 0 : couponDiscountAmount(input.coupon, beforeCoupon);
  const subtotal = beforeCoupon - couponDiscount;

  const airportFeePercent = toPercent(input.pickupBranch.airport_fee_percent, 0, 'airport fee');
  const airportTax = percentOf(sumCents(carTotal, era, extras), airportFeePercent);

  const taxRate = toPercent(input.taxRatePercent, DEFAULT_TAX_RATE_PERCENT, 'tax rate');
  const tax = percentOf(subtotal + airportTax, taxRate);

  return {
    days,
    carDailyRate,
    carTotal,
    coverage,
    era,
    extras,
    dropoff,
    delivery,
    couponDiscount,
    subtotal,
    airportTax,
    tax,
    total: subtotal + airportTax + tax,
  };
}

/** The quote's amounts under the `reservations` collection's field names. */
export interface ReservationTotals {
  days: number;
  car_total: Cents;
  coverage_total: Cents;
  era_total: Cents;
  extras_total: Cents;
  dropoff: Cents;
  delivery_price: Cents;
  coupon_discount: Cents;
  subtotal: Cents;
  airport_tax: Cents;
  tax: Cents;
  total: Cents;
}

export function reservationTotals(result: Quote): ReservationTotals {
  return {
    days: result.days,
    car_total: result.carTotal,
    coverage_total: result.coverage,
    era_total: result.era,
    extras_total: result.extras,
    dropoff: result.dropoff,
    delivery_price: result.delivery.price,
    coupon_discount: result.couponDiscount,
    subtotal: result.subtotal,
    airport_tax: result.airportTax,
    tax: result.tax,
    total: result.total,
  };
}
