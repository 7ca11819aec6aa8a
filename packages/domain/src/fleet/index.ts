import type { Brand } from '../brands';
import { assertNonNegativeCents, percentOf, type Cents } from '../money';

export const AVAILABILITY_STATUSES = ['available', 'lowAvailability', 'unavailable', 'promo'] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];

export const CAR_TYPES = ['sedan', 'hatchback', 'suv', 'pickup', 'minivan', 'van', 'coupe'] as const;
export type CarType = (typeof CAR_TYPES)[number];

/** Types charged a coverage's `daily_rate_sedan`; every other type pays `daily_rate_other`. */
export const SEDAN_RATE_CAR_TYPES = ['sedan', 'hatchback'] as const satisfies readonly CarType[];

export const TRANSMISSIONS = ['automatic', 'manual'] as const;
export type Transmission = (typeof TRANSMISSIONS)[number];

export const FUELS = ['gas', 'diesel'] as const;
export type Fuel = (typeof FUELS)[number];

export const DEFAULT_MINIMUM_DAYS = 1;

/** A car's daily price per brand, in cents; a brand absent or null does not offer the car. */
export type BrandPrices = Partial<Record<Brand, Cents | null>>;

/** Anything priced per brand: the fleet's cars. */
export interface PricedPerBrand {
  prices: BrandPrices;
}

export function isAvailabilityStatus(value: unknown): value is AvailabilityStatus {
  return typeof value === 'string' && (AVAILABILITY_STATUSES as readonly string[]).includes(value);
}

/** Whether a car in this availability status can be booked: all but `unavailable`. */
export function isReservable(status: AvailabilityStatus): boolean {
  return status !== 'unavailable';
}

export function isCarType(value: unknown): value is CarType {
  return typeof value === 'string' && (CAR_TYPES as readonly string[]).includes(value);
}

export function usesSedanCoverageRate(type: CarType): boolean {
  return (SEDAN_RATE_CAR_TYPES as readonly CarType[]).includes(type);
}

function isPositiveInteger(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

/**
 * Minimum rental days for a car: its own minimum when set, else the site's `reservation_min_days`, else 1.
 * Zero, negative or fractional values count as not set, since no rental can be shorter than one day.
 */
export function minimumDays(carMinimumDays: number | null | undefined, siteMinimumDays?: number | null): number {
  if (isPositiveInteger(carMinimumDays)) {
    return carMinimumDays;
  }
  if (isPositiveInteger(siteMinimumDays)) {
    return siteMinimumDays;
  }
  return DEFAULT_MINIMUM_DAYS;
}

/**
 * Whether a car with this minimum can be booked for `requestedDays`: requested >= minimum.
 * The original implementation had the comparison inverted (it passed when the car's minimum was >= the requested
 * days, so a 7-day-minimum car could be booked for 1 day and not for 8); this is the corrected rule.
 */
export function isBookableForDays(minimum: number, requestedDays: number): boolean {
  return requestedDays >= minimum;
}

/**
 * Prepaid daily rate: rate × (1 − percent / 100), rounded once to the cent half away from zero. Computed as
 * (100 − percent) % of the rate so the single rounding applies to the price itself, not to the discount.
 */
export function prepaidDailyRate(rateCents: Cents, discountPercent: number | null | undefined): Cents {
  assertNonNegativeCents(rateCents, 'rate');
  const percent = discountPercent ?? 0;
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`discount percent must be between 0 and 100, got ${String(discountPercent)}`);
  }
  return percentOf(rateCents, 100 - percent);
}

/** The car's daily price for a brand in cents, or null when that brand does not offer it. */
export function carPriceFor(car: PricedPerBrand, brand: Brand): Cents | null {
  const price = car.prices[brand];
  return typeof price === 'number' ? price : null;
}

export type SortDirection = 'asc' | 'desc';

/**
 * A copy of `cars` ordered by the brand's daily price; cars the brand does not price go last whatever the
 * direction (they cannot be booked, so they never belong at the top), and ties keep their original order.
 */
export function sortByPrice<T extends PricedPerBrand>(cars: readonly T[], brand: Brand, direction: SortDirection = 'asc'): T[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...cars].sort((a, b) => {
    const priceA = carPriceFor(a, brand);
    const priceB = carPriceFor(b, brand);
    if (priceA === null || priceB === null) {
      return priceA === priceB ? 0 : priceA === null ? 1 : -1;
    }
    return sign * (priceA - priceB);
  });
}

/** The cars the brand prices, with that price attached, ordered by it. */
export function pricedCars<T extends PricedPerBrand>(
  cars: readonly T[],
  brand: Brand,
  direction: SortDirection = 'asc',
): Array<{ car: T; dailyRate: Cents }> {
  const priced: Array<{ car: T; dailyRate: Cents }> = [];
  for (const car of sortByPrice(cars, brand, direction)) {
    const dailyRate = carPriceFor(car, brand);
    if (dailyRate !== null) {
      priced.push({ car, dailyRate });
    }
  }
  return priced;
}

/** Units of a car at a pickup branch for given dates: how many the branch has and how many reservations hold. */
export interface StockForDates {
  units: number;
  occupied: number;
}

/** A car's availability for given dates: the staff's status, or `soldOut` when every unit is held. */
export type DatedAvailability = AvailabilityStatus | 'soldOut';

/**
 * Availability for given dates. The staff's `status` stays an override: `unavailable` hides a car from booking
 * whatever the stock. Otherwise the stock decides: no free unit is `soldOut`, one free unit shows `lowAvailability`
 * (unless staff mark it `promo`), and more keep the staff's status. A car without stock at the branch is sold out there.
 */
export function availabilityForDates(status: AvailabilityStatus, stock: StockForDates | undefined): DatedAvailability {
  if (status === 'unavailable') {
    return 'unavailable';
  }
  const free = stock === undefined ? 0 : stock.units - stock.occupied;
  if (free <= 0) {
    return 'soldOut';
  }
  return free === 1 && status === 'available' ? 'lowAvailability' : status;
}
