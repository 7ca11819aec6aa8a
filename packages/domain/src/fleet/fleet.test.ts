import { describe, expect, it } from 'vitest';
import {
  AVAILABILITY_STATUSES,
  availabilityForDates,
  CAR_TYPES,
  carPriceFor,
  isAvailabilityStatus,
  isBookableForDays,
  isCarType,
  isReservable,
  minimumDays,
  prepaidDailyRate,
  pricedCars,
  sortByPrice,
  usesSedanCoverageRate,
  type AvailabilityStatus,
  type CarType,
  type DatedAvailability,
  type StockForDates,
} from './index';

describe('minimumDays', () => {
  it.each<[number | null | undefined, number | null | undefined, number]>([
    [3, 1, 3],
    [3, 5, 3],
    [null, 5, 5],
    [undefined, 2, 2],
    [null, null, 1],
    [undefined, undefined, 1],
    [0, 4, 4],
    [-2, null, 1],
    [1.5, 2, 2],
    [null, 0, 1],
  ])('car %s, site %s → %i', (car, site, expected) => {
    expect(minimumDays(car, site)).toBe(expected);
  });
});

describe('isBookableForDays (fixed comparison)', () => {
  it.each<[number, number, boolean]>([
    [1, 1, true],
    [1, 7, true],
    [3, 3, true],
    [3, 4, true],
    [3, 2, false],
    [7, 1, false],
  ])('minimum %i, requested %i → %s', (minimum, requested, expected) => {
    expect(isBookableForDays(minimum, requested)).toBe(expected);
  });

  it('no longer behaves like the original inverted check', () => {
    const original = (minimum: number, requested: number): boolean => minimum >= requested;
    // A 7-day-minimum car asked for 1 day: the original let it through, the fix refuses it.
    expect(original(7, 1)).toBe(true);
    expect(isBookableForDays(7, 1)).toBe(false);
    // And asked for 8 days: the original refused it, the fix accepts it.
    expect(original(7, 8)).toBe(false);
    expect(isBookableForDays(7, 8)).toBe(true);
  });
});

describe('prepaidDailyRate', () => {
  it.each<[number, number | null | undefined, number, string]>([
    [4500, 10, 4050, '4500 × 0.90 = 4050'],
    [3999, 10, 3599, '3999 × 0.90 = 3599.1 → 3599'],
    [3995, 10, 3596, '3995 × 0.90 = 3595.5 → 3596 (half up)'],
    [2999, 15, 2549, '2999 × 0.85 = 2549.15 → 2549'],
    [5000, 12.5, 4375, '5000 × 0.875 = 4375'],
    [4500, 0, 4500, 'no discount'],
    [4500, null, 4500, 'no discount row'],
    [4500, undefined, 4500, 'no discount row'],
    [4500, 100, 0, 'free'],
  ])('%i at %s %% off = %i (%s)', (rate, percent, expected) => {
    expect(prepaidDailyRate(rate, percent)).toBe(expected);
  });

  it.each([[-1], [101], [Number.NaN]])('rejects %d percent', (percent) => {
    expect(() => prepaidDailyRate(4500, percent)).toThrow(RangeError);
  });

  it('rejects a rate that is not whole cents', () => {
    expect(() => prepaidDailyRate(45.5, 10)).toThrow(RangeError);
  });
});

describe('statuses and types', () => {
  it.each<[AvailabilityStatus, boolean]>([
    ['available', true],
    ['lowAvailability', true],
    ['promo', true],
    ['unavailable', false],
  ])('%s reservable = %s', (status, expected) => {
    expect(isReservable(status)).toBe(expected);
    expect(isAvailabilityStatus(status)).toBe(true);
  });

  it('lists statuses and types from the content model', () => {
    expect(AVAILABILITY_STATUSES).toHaveLength(4);
    expect(CAR_TYPES).toEqual(['sedan', 'hatchback', 'suv', 'pickup', 'minivan', 'van', 'coupe']);
    expect(isAvailabilityStatus('soldOut')).toBe(false);
    expect(isCarType('truck')).toBe(false);
  });

  it.each<[CarType, boolean]>([
    ['sedan', true],
    ['hatchback', true],
    ['suv', false],
    ['pickup', false],
    ['minivan', false],
    ['van', false],
    ['coupe', false],
  ])('%s uses the sedan coverage rate: %s', (type, expected) => {
    expect(isCarType(type)).toBe(true);
    expect(usesSedanCoverageRate(type)).toBe(expected);
  });
});

describe('prices by brand', () => {
  const cars = [
    { id: 'a', prices: { firefly: 3000, hertz: null } },
    { id: 'b', prices: { firefly: null, hertz: 5000 } },
    { id: 'c', prices: { firefly: 2500, hertz: 4000 } },
    { id: 'd', prices: { hertz: 4500 } },
    { id: 'e', prices: { firefly: 3000, hertz: 4000 } },
  ];

  it.each<['asc' | 'desc' | undefined, 'firefly' | 'hertz', string[]]>([
    [undefined, 'firefly', ['c', 'a', 'e', 'b', 'd']],
    ['desc', 'firefly', ['a', 'e', 'c', 'b', 'd']],
    ['asc', 'hertz', ['c', 'e', 'd', 'b', 'a']],
    ['desc', 'hertz', ['b', 'd', 'c', 'e', 'a']],
  ])('sortByPrice %s for %s, unpriced last', (direction, brand, expected) => {
    expect(sortByPrice(cars, brand, direction).map((car) => car.id)).toEqual(expected);
  });

  it('does not mutate the input', () => {
    const before = cars.map((car) => car.id);
    sortByPrice(cars, 'firefly');
    expect(cars.map((car) => car.id)).toEqual(before);
  });

  it('pricedCars drops the unpriced and attaches the rate', () => {
    expect(pricedCars(cars, 'firefly').map(({ car, dailyRate }) => [car.id, dailyRate])).toEqual([
      ['c', 2500],
      ['a', 3000],
      ['e', 3000],
    ]);
  });

  it.each<['firefly' | 'hertz' | 'dollar', number | null]>([
    ['firefly', 3000],
    ['hertz', null],
    ['dollar', null],
  ])('carPriceFor %s', (brand, expected) => {
    expect(carPriceFor(cars[0] ?? { prices: {} }, brand)).toBe(expected);
  });
});

describe('availabilityForDates', () => {
  it.each<[AvailabilityStatus, StockForDates | undefined, DatedAvailability]>([
    ['available', { units: 3, occupied: 0 }, 'available'],
    ['available', { units: 3, occupied: 2 }, 'lowAvailability'],
    ['available', { units: 3, occupied: 3 }, 'soldOut'],
    ['available', { units: 0, occupied: 0 }, 'soldOut'],
    ['available', undefined, 'soldOut'],
    ['promo', { units: 2, occupied: 1 }, 'promo'],
    ['lowAvailability', { units: 5, occupied: 0 }, 'lowAvailability'],
    ['unavailable', { units: 5, occupied: 0 }, 'unavailable'],
    ['unavailable', { units: 1, occupied: 1 }, 'unavailable'],
  ])('%s with %j is %s', (status, stock, expected) => {
    expect(availabilityForDates(status, stock)).toBe(expected);
  });
});
