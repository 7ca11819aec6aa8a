import { isCarType, prepaidDailyRate, usesSedanCoverageRate } from '../fleet';
import { couponDiscountAmount, type CouponDiscount } from '../coupons';
import { parsePanamaDateTime, type LocalDateTime } from '../dates';
import { assertNonNegativeCents, multiplyCents, parsePercent, percentOf, sumCents, type Cents, type PercentValue } from '../money';
import { rentalDays } from '../rental-days';
import { demandPercentFor, lengthDiscountFor, rentalDayDates, seasonFor, type DemandSettings, type LengthDiscountTier, type RateSeason } from '../rates';

export const RESERVATION_TYPES = ['postpaid', 'prepaid'] as const;
export type ReservationType = (typeof RESERVATION_TYPES)[number];
export const DEFAULT_RESERVATION_TYPE: ReservationType = 'postpaid';

/** Site config `era_daily_rate` default: 3.99 a day. */
export const DEFAULT_ERA_DAILY_RATE: Cents = 399;
/** Site config `tax_rate_percent` default: ITBMS 7 %. */
export const DEFAULT_TAX_RATE_PERCENT = 7;

export type BranchId = string | number;

export interface QuoteCar {
  /** Body type (see CAR_TYPES): sedans and hatchbacks pay a coverage's sedan rate. */
  type: string;
  /** The deployment brand's daily price; null when the brand does not offer the car. */
  dailyRate: Cents | null;
  /** Prepaid discount in %, used when the reservation is prepaid; null or absent = none. */
  prepaidDiscountPercent?: PercentValue | null;
  /** The car's ACRISS class (`clasificacion`): which class-specific seasons and which class's occupancy apply. */
  carClass?: string | undefined;
}

export interface QuoteCoverage {
  dailyRateSedan: Cents;
  dailyRateOther: Cents;
  includesEra: boolean;
  /**
   * The codes of the extras this coverage includes: chosen with it, each costs nothing (every unit) and is marked
   * `included`. Absent = none.
   */
  includedExtras?: readonly string[];
}

export interface QuoteBranch {
  id: BranchId;
  airportFeePercent?: PercentValue | null;
}

export interface DropoffFee {
  fromBranch: BranchId;
  toBranch: BranchId;
  fee: Cents;
}

/**
 * An extra charged per day (child seat, GPS…), `quantity` defaulting to 1. `max_per_rental` caps what one unit costs
 * for the whole rental (a child seat for a month costs its cap, not 30 days of rate); null or absent = no cap.
 */
export interface QuoteExtra {
  code: string;
  dailyRate: Cents;
  quantity?: number;
  maxPerRental?: Cents | null;
}

/** A young-driver fee band of the brand's site config: renters aged `minAge`..`maxAge` (inclusive) on the pickup date. */
export interface YoungDriverBand {
  minAge: number;
  maxAge: number;
  dailyRate: Cents;
  maxPerRental?: Cents | null;
}

/** The band a renter of `age` (on the pickup date) falls in, or null when no band applies. */
export function youngDriverBandFor(bands: readonly YoungDriverBand[] | null | undefined, age: number): YoungDriverBand | null {
  return (bands ?? []).find((band) => age >= band.minAge && age <= band.maxAge) ?? null;
}

/**
 * One choice of the search's "driver's age" question: a span of ages that costs exactly one young-driver fee (a band
 * of the brand's) or none. `maxAge` null = open-ended ("25 or older"). The renter's age travels as the span's
 * `minAge` until the birthday is known (`driverAgeBands`).
 */
export interface DriverAgeBand {
  minAge: number;
  maxAge: number | null;
  fee: YoungDriverBand | null;
}

/**
 * The ages a search offers, from the brand's minimum renter age up: each fee band of the brand as it is, and the ages
 * between and after them as bands without a fee (21-22 and 23-24 with their fees, then 25 or older; a brand that adds
 * a 70-99 band gets 21-22, 23-24, 25-69, 70-99). Every age maps to exactly one band, so to exactly one fee. Bands
 * that overlap an earlier one are trimmed to the ages left.
 */
export function driverAgeBands(fees: readonly YoungDriverBand[] | null | undefined, minimumAge: number): DriverAgeBand[] {
  const bands: DriverAgeBand[] = [];
  let next = minimumAge;
  for (const fee of [...(fees ?? [])].sort((a, b) => a.minAge - b.minAge)) {
    if (fee.maxAge < next) continue;
    if (fee.minAge > next) bands.push({ minAge: next, maxAge: fee.minAge - 1, fee: null });
    bands.push({ minAge: Math.max(fee.minAge, next), maxAge: fee.maxAge, fee });
    next = fee.maxAge + 1;
  }
  bands.push({ minAge: next, maxAge: null, fee: null });
  return bands;
}

/** The band asked by default (and assumed when the search did not ask): the first without a fee. */
export function defaultDriverAgeBand(bands: readonly DriverAgeBand[]): DriverAgeBand | undefined {
  return bands.find((band) => band.fee === null);
}

/** The band a renter of `age` falls in, or undefined below the first band (younger than the brand rents to). */
export function driverAgeBandFor(bands: readonly DriverAgeBand[], age: number): DriverAgeBand | undefined {
  return bands.find((band) => age >= band.minAge && (band.maxAge === null || age <= band.maxAge));
}

export interface QuoteDelivery {
  price: Cents;
  description: string;
}

export interface QuoteInput {
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
  /** The renter's young-driver band (see `youngDriverBandFor`), once the birthday is known; counted like an extra. */
  youngDriver?: YoungDriverBand | null;
  pickupBranch: QuoteBranch;
  returnBranch: { id: BranchId };
  dropoffFees?: readonly DropoffFee[];
  delivery?: QuoteDelivery | null;
  /** An already validated coupon (see `evaluateCoupon`). */
  coupon?: CouponDiscount | null;
  /**
   * A corporate agent's company rate: the negotiated percentage off the car's rental (not off coverage, extras or
   * fees), shown as its own line of the bill. Absent for retail renters.
   */
  corporateRate?: { discountPercent: PercentValue } | null;
  taxRatePercent?: PercentValue | null;
  /** The deployment's brand: seasons and length discounts limited to other brands do not apply. */
  brand?: string | undefined;
  /** The published seasons (`rate_seasons`); each rental day is priced by the one `seasonFor` picks. */
  seasons?: readonly RateSeason[] | null;
  /** The published length discounts (`length_discounts`); the highest tier the rental reaches applies. */
  lengthDiscounts?: readonly LengthDiscountTier[] | null;
  /**
   * The brand's demand settings and how full the car's class is at the pickup branch over the rental, in %
   * (`classOccupancyPercent`, from the same stock the booking checks); null occupancy = unknown, no adjustment.
   */
  demand?: { settings: DemandSettings; occupancyPercent: number | null } | null;
}

/**
 * One chosen extra as priced: `total` = min(rate × days, cap) × quantity, or 0 when the coverage includes it
 * (`included`; `dailyRate` is then 0 too).
 */
export interface QuotedExtra {
  code: string;
  quantity: number;
  dailyRate: Cents;
  total: Cents;
  included: boolean;
}

/** The days of a rental one season priced, and what it added (negative: took off) over them. */
export interface QuotedSeason {
  name: string;
  adjustmentPercent: number;
  days: number;
  amount: Cents;
}

/**
 * A line of the bill. Lines sum to the total: the coupon line is negative. `extra` lines carry the extra's code;
 * `airport_tax` and `tax` are always present (the bill always shows the airport tax line, 0 in town), the others
 * only when they are not zero (car and coverage always).
 */
export type QuoteLineCode =
  | 'car'
  | 'season'
  | 'demand'
  | 'length_discount'
  | 'corporate_discount'
  | 'coverage'
  | 'era'
  | 'extra'
  | 'young_driver'
  | 'dropoff'
  | 'delivery'
  | 'coupon'
  | 'airport_tax'
  | 'tax';

export interface QuoteLine {
  code: QuoteLineCode;
  amount: Cents;
  /** The extra's code, for `extra` lines. */
  extraCode?: string;
  quantity?: number;
  /** An `extra` line the coverage includes (amount 0); absent on every other line. */
  included?: true;
  /** The `era` line of a coverage that includes roadside assistance (`Quote.eraInCoverage`): not a fee of its own. */
  inCoverage?: true;
}

/** A quote line with its label in the renter's language: how the bill, the API, the email and the saved record show it. */
export interface LabelledLine {
  code: string;
  label: string;
  amount: Cents;
  /** An extra the coverage includes (amount 0): shown as included. Absent on every other line. */
  included?: true;
}

/**
 * A line as a reservation keeps it: `label` in the booking's language (the renter's documents), and `labels`, the same
 * line in each language the storefront speaks, so whoever reads it later reads it in theirs (the counter's staff).
 * Rows saved before `labels` existed have only `label`.
 */
export interface SavedLine extends LabelledLine {
  labels?: Readonly<Record<string, string>>;
}

/** A saved line's label in `locale`, or in the booking's language when it was not kept in that one. */
export function savedLineLabel<Label extends string | null>(line: { label: Label; labels?: Readonly<Record<string, string>> }, locale: string): string | Label {
  return line.labels?.[locale] ?? line.label;
}

/** A saved line as shown in `locale`: labelled in that language (else the booking's), without the other languages. */
export function savedLineIn(line: SavedLine, locale: string): LabelledLine {
  const { labels: _otherLanguages, ...shown } = line;
  return { ...shown, label: savedLineLabel(line, locale) };
}

/** Every amount in cents. */
export interface Quote {
  days: number;
  /** The car's daily price before seasons and demand: the brand's, or its prepaid price for a prepaid reservation. */
  carDailyRate: Cents;
  /** carDailyRate × days: the `car` line. */
  carTotal: Cents;
  /** What the seasons added to the car (signed: a low season takes off), at the reservation type's price. */
  seasonAdjustment: Cents;
  /** The seasons that priced some of the rental's days, in the order of their first day. */
  seasons: QuotedSeason[];
  /** The demand step applied, in % (0 = none), and what it added to the car. */
  demandPercent: number;
  demandAdjustment: Cents;
  /** The length discount's tier reached (null = none) and what it took off the car rental. */
  lengthDiscountTier: { minDays: number; percent: number } | null;
  lengthDiscount: Cents;
  /** The car rental the company rate applies to: carTotal + seasonAdjustment + demandAdjustment − lengthDiscount. */
  carRental: Cents;
  coverage: Cents;
  era: Cents;
  /**
   * Whether `era` is the coverage's: a coverage that includes roadside assistance bundles it (charged, at its daily
   * rate, as part of what the coverage costs), also when the renter ticked it too. False when the renter chose it alone.
   */
  eraInCoverage: boolean;
  /** Chosen extras and the young-driver fee together (they are taxed alike); see `extraItems` and `youngDriverFee`. */
  extras: Cents;
  extraItems: QuotedExtra[];
  youngDriverFee: Cents;
  dropoff: Cents;
  delivery: QuoteDelivery;
  /** The company rate's discount on `carRental` (0 for retail renters). */
  corporateDiscount: Cents;
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
 * What a coverage costs a day as the quote charges it: its rate for the car's body type, and roadside assistance's
 * daily rate when the coverage includes it (bundled: the quote charges ERA with it, `eraInCoverage`). The coverage's
 * card shows this price, so the assistance it includes is never a fee the renter meets on the bill alone.
 */
export function coverageDailyCharge(
  coverage: Pick<QuoteCoverage, 'dailyRateSedan' | 'dailyRateOther' | 'includesEra'>,
  carType: string,
  eraDailyRate: Cents | null | undefined,
): Cents {
  return coverageDailyRate(coverage, carType) + (coverage.includesEra ? (eraDailyRate ?? DEFAULT_ERA_DAILY_RATE) : 0);
}

/** A coverage's daily rate for a car of this body type: sedans and hatchbacks pay the sedan rate. */
export function coverageDailyRate(coverage: Pick<QuoteCoverage, 'dailyRateSedan' | 'dailyRateOther'>, carType: string): Cents {
  return isCarType(carType) && usesSedanCoverageRate(carType) ? coverage.dailyRateSedan : coverage.dailyRateOther;
}

/** A coverage's security deposit, in cents, by the car's body type (the same split as its daily rate). */
export type CoverageDeposits = { depositSedan: Cents; depositOther: Cents };

/**
 * The deposit held on the main driver's credit card at pickup for this coverage and body type: sedans and hatchbacks
 * the sedan amount, every other type the other one. What checkout promises and the counter's pickup form proposes.
 */
export function coverageDeposit(coverage: CoverageDeposits, carType: string): Cents {
  return isCarType(carType) && usesSedanCoverageRate(carType) ? coverage.depositSedan : coverage.depositOther;
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
  const direct = fees.find((entry) => sameBranch(entry.fromBranch, from) && sameBranch(entry.toBranch, to));
  const reverse = fees.find((entry) => sameBranch(entry.fromBranch, to) && sameBranch(entry.toBranch, from));
  const entry = direct ?? reverse;
  return entry === undefined ? 0 : cents(entry.fee, 'dropoff fee');
}

/**
 * The price of a rental, line by line, in cents: the single source of truth for the fleet cards, the bill and
 * the server. The car's price goes daily base -> season -> demand -> prepaid discount -> length discount ->
 * corporate rate -> coupon -> airport fee -> ITBMS, each step rounded once to the cent:
 *   1. each rental day (its Panama date: the pickup's, then one more per 24 hours) from the brand's daily price:
 *      + its season's % of it (`seasonFor`; none = 0), then + the demand step's % of that (`demandPercentFor`, one
 *      step for the whole rental), then for a prepaid reservation × (1 − prepaid discount %) (`prepaidDailyRate`);
 *      the lines split it: `car` = days × the base price at the reservation type's price (carDailyRate, as without
 *      rate plans), `season` = what the season added to each day, `demand` = what demand added to each day, both at
 *      the reservation type's price (so they sum to the days' prices exactly);
 *   2. lengthDiscount: the tier's % (`lengthDiscountFor`) of that car rental (car + season + demand);
 *   3. corporateDiscount: for a corporate agent, the company's % of what is left (carRental);
 *   4. coverage, era, extras: daily amounts × days (exact); an extra the coverage includes is 0;
 *      dropoff and delivery: table amounts (exact);
 *   5. couponDiscount: on the car rental less the corporate discount plus 4, rounded to the cent and capped so the
 *      subtotal never goes below 0;
 *   6. subtotal = carRental − corporateDiscount + 4 − couponDiscount;
 *   7. airportTax = pickup branch fee % × (carRental − corporateDiscount + era + extras), coverage excluded;
 *   8. tax (ITBMS) = tax % × (subtotal + airportTax);
 *   9. total = subtotal + airportTax + tax.
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

  if (input.car.dailyRate === null) {
    throw new QuoteError('car_not_offered', 'The brand does not offer the car');
  }
  const baseRate = cents(input.car.dailyRate, 'car daily rate');
  const prepaid = (input.reservationType ?? DEFAULT_RESERVATION_TYPE) === 'prepaid';
  const prepaidPercent = prepaid ? toPercent(input.car.prepaidDiscountPercent, 0, 'prepaid discount') : 0;
  const atTypePrice = (rate: Cents): Cents => (prepaid ? prepaidDailyRate(rate, prepaidPercent) : rate);
  const carDailyRate = atTypePrice(baseRate);
  const carTotal = multiplyCents(carDailyRate, days);

  const demandPercent = input.demand ? demandPercentFor(input.demand.settings, input.demand.occupancyPercent) : 0;
  const seasons: QuotedSeason[] = [];
  let seasonAdjustment = 0;
  let demandAdjustment = 0;
  const seasonList = input.seasons ?? [];
  for (const date of seasonList.length > 0 || demandPercent > 0 ? rentalDayDates(pickupAt, days) : []) {
    const season = seasonFor(seasonList, date, { brand: input.brand, carClass: input.car.carClass });
    const seasonal = season === null ? baseRate : baseRate + percentOf(baseRate, season.adjustmentPercent);
    const demanded = seasonal + percentOf(seasonal, demandPercent);
    const seasonAmount = atTypePrice(seasonal) - carDailyRate;
    seasonAdjustment += seasonAmount;
    demandAdjustment += atTypePrice(demanded) - atTypePrice(seasonal);
    if (season !== null) {
      const name = season.name ?? '';
      const seen = seasons.find((entry) => entry.name === name && entry.adjustmentPercent === season.adjustmentPercent);
      if (seen) {
        seen.days += 1;
        seen.amount += seasonAmount;
      } else {
        seasons.push({ name, adjustmentPercent: season.adjustmentPercent, days: 1, amount: seasonAmount });
      }
    }
  }
  const carBeforeLength = carTotal + seasonAdjustment + demandAdjustment;

  const tier = lengthDiscountFor(input.lengthDiscounts ?? [], days, input.brand);
  const lengthDiscount = tier === null ? 0 : percentOf(carBeforeLength, tier.percent);
  const carRental = carBeforeLength - lengthDiscount;
  const corporateDiscount =
    input.corporateRate === null || input.corporateRate === undefined
      ? 0
      : percentOf(carRental, toPercent(input.corporateRate.discountPercent, 0, 'corporate discount'));
  const rentalAfterCorporate = carRental - corporateDiscount;

  const coverageRate = coverageDailyRate(input.coverage, input.car.type);
  const coverage = multiplyCents(cents(coverageRate, 'coverage daily rate'), days);

  // Charged once whether the renter ticked it, the coverage includes it, or both.
  const eraApplies = input.era === true || input.coverage.includesEra;
  const eraRate = cents(input.eraDailyRate ?? DEFAULT_ERA_DAILY_RATE, 'ERA daily rate');
  const era = eraApplies ? multiplyCents(eraRate, days) : 0;

  const includedExtras = new Set(input.coverage.includedExtras ?? []);
  const extraItems = (input.extras ?? []).map((extra): QuotedExtra => {
    const quantity = extra.quantity ?? 1;
    if (!Number.isSafeInteger(quantity) || quantity < 0) {
      throw new QuoteError('invalid_amount', `extra ${extra.code} quantity must be a whole number, got ${quantity}`);
    }
    const dailyRate = cents(extra.dailyRate, `extra ${extra.code} daily rate`);
    // What the coverage includes costs nothing, whatever the extra's own rate.
    if (includedExtras.has(extra.code)) return { code: extra.code, quantity, dailyRate: 0, total: 0, included: true };
    const perUnit = cappedPerRental(dailyRate, days, extra.maxPerRental, `extra ${extra.code} cap`);
    return { code: extra.code, quantity, dailyRate, total: multiplyCents(perUnit, quantity), included: false };
  }).filter((extra) => extra.quantity > 0);
  const youngDriverFee =
    input.youngDriver === null || input.youngDriver === undefined
      ? 0
      : cappedPerRental(cents(input.youngDriver.dailyRate, 'young-driver daily rate'), days, input.youngDriver.maxPerRental, 'young-driver cap');
  const extras = sumCents(...extraItems.map((extra) => extra.total), youngDriverFee);

  const dropoff = dropoffFee(input.dropoffFees ?? [], input.pickupBranch.id, input.returnBranch.id);
  const delivery: QuoteDelivery =
    input.delivery === null || input.delivery === undefined
      ? { price: 0, description: '' }
      : { price: cents(input.delivery.price, 'delivery price'), description: input.delivery.description };

  const beforeCoupon = sumCents(rentalAfterCorporate, coverage, era, extras, dropoff, delivery.price);
  const couponDiscount =
    input.coupon === null || input.coupon === undefined ? 0 : couponDiscountAmount(input.coupon, beforeCoupon);
  const subtotal = beforeCoupon - couponDiscount;

  const airportFeePercent = toPercent(input.pickupBranch.airportFeePercent, 0, 'airport fee');
  const airportTax = percentOf(sumCents(rentalAfterCorporate, era, extras), airportFeePercent);

  const taxRate = toPercent(input.taxRatePercent, DEFAULT_TAX_RATE_PERCENT, 'tax rate');
  const tax = percentOf(subtotal + airportTax, taxRate);

  return {
    days,
    carDailyRate,
    carTotal,
    seasonAdjustment,
    seasons,
    demandPercent,
    demandAdjustment,
    lengthDiscountTier: tier === null ? null : { minDays: tier.minDays, percent: tier.percent },
    lengthDiscount,
    carRental,
    coverage,
    era,
    eraInCoverage: era > 0 && input.coverage.includesEra,
    extras,
    extraItems,
    youngDriverFee,
    dropoff,
    delivery,
    corporateDiscount,
    couponDiscount,
    subtotal,
    airportTax,
    tax,
    total: subtotal + airportTax + tax,
  };
}

/**
 * A car's two totals for the same terms: paid at the counter (postpaid) and paid now (prepaid, the prepaid price),
 * and what paying now saves, for the fleet's cards to show both from the one quote.
 */
export interface QuoteBothWays {
  atCounter: Quote;
  payNow: Quote;
  /** atCounter.total − payNow.total: the prepaid discount's saving, taxes included (0 when the car has none). */
  payNowSaving: Cents;
}

export function quoteBothWays(input: QuoteInput): QuoteBothWays {
  const atCounter = quote({ ...input, reservationType: 'postpaid' });
  const payNow = quote({ ...input, reservationType: 'prepaid' });
  return { atCounter, payNow, payNowSaving: Math.max(0, atCounter.total - payNow.total) };
}

function cappedPerRental(dailyRate: Cents, days: number, cap: Cents | null | undefined, label: string): Cents {
  const uncapped = multiplyCents(dailyRate, days);
  return cap === null || cap === undefined ? uncapped : Math.min(uncapped, cents(cap, label));
}

/** The bill's lines, in the order a renter reads them; they sum to `result.total`. */
export function quoteLines(result: Quote): QuoteLine[] {
  const lines: QuoteLine[] = [
    { code: 'car', amount: result.carTotal },
  ];
  if (result.seasonAdjustment !== 0) lines.push({ code: 'season', amount: result.seasonAdjustment });
  if (result.demandAdjustment > 0) lines.push({ code: 'demand', amount: result.demandAdjustment });
  if (result.lengthDiscount > 0) lines.push({ code: 'length_discount', amount: -result.lengthDiscount });
  if (result.corporateDiscount > 0) lines.push({ code: 'corporate_discount', amount: -result.corporateDiscount });
  lines.push({ code: 'coverage', amount: result.coverage });
  if (result.era > 0) lines.push({ code: 'era', amount: result.era, ...(result.eraInCoverage ? { inCoverage: true as const } : {}) });
  for (const extra of result.extraItems) {
    lines.push({ code: 'extra', amount: extra.total, extraCode: extra.code, quantity: extra.quantity, ...(extra.included ? { included: true as const } : {}) });
  }
  if (result.youngDriverFee > 0) lines.push({ code: 'young_driver', amount: result.youngDriverFee });
  if (result.dropoff > 0) lines.push({ code: 'dropoff', amount: result.dropoff });
  if (result.delivery.price > 0) lines.push({ code: 'delivery', amount: result.delivery.price });
  if (result.couponDiscount > 0) lines.push({ code: 'coupon', amount: -result.couponDiscount });
  lines.push({ code: 'airport_tax', amount: result.airportTax }, { code: 'tax', amount: result.tax });
  return lines;
}
