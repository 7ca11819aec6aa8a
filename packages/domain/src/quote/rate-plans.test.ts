import { describe, expect, it } from 'vitest';
import { DEFAULT_DEMAND_SETTINGS, DEFAULT_LENGTH_DISCOUNTS, type RateSeason } from '../rates';
import { quote, quoteLines, type QuoteInput } from './index';

// A car of 50.00 a day in town (no airport fee), basic cover 12.00 a day, ITBMS 7 %.
const car = { type: 'sedan', dailyRate: 5000, prepaidDiscountPercent: 10, carClass: 'CDAR' } as const;
const basic = { dailyRateSedan: 1200, dailyRateOther: 1800, includesEra: false };
const town = { id: 4, airportFeePercent: 0 };
const christmas: RateSeason = { name: 'Navidad', starts: '2027-12-20', ends: '2028-01-05', adjustmentPercent: 20 };

const DAY_MS = 24 * 60 * 60 * 1000;
/** A rental picked up at 10:00 in Panama on `date`, `days` whole days long. */
const rental = (date: string, days: number, rest: Partial<QuoteInput> = {}): QuoteInput => ({
  car,
  coverage: basic,
  pickupBranch: town,
  returnBranch: town,
  pickupAt: `${date}T10:00`,
  returnAt: new Date(Date.parse(`${date}T15:00:00Z`) + days * DAY_MS),
  brand: 'firefly',
  ...rest,
});

const demandOn = (occupancyPercent: number | null) => ({ settings: { ...DEFAULT_DEMAND_SETTINGS, enabled: true }, occupancyPercent });
const lineOf = (input: QuoteInput, code: string) => quoteLines(quote(input)).find((line) => line.code === code)?.amount;

describe('quote with seasons', () => {
  it('prices each day of a rental across a season\'s end by its own season: 2 days at +20 %, 2 at base', () => {
    const result = quote(rental('2028-01-04', 4, { seasons: [christmas] }));
    expect(result.carTotal).toBe(20000);
    expect(result.seasonAdjustment).toBe(2000);
    expect(result.seasons).toEqual([{ name: 'Navidad', adjustmentPercent: 20, days: 2, amount: 2000 }]);
    expect(result.carRental).toBe(22000);
    // coverage 4800; subtotal 26800; tax 7 % = 1876
    expect(result.total).toBe(26800 + 1876);
    expect(quoteLines(result).map((line) => line.code)).toEqual(['car', 'season', 'coverage', 'airport_tax', 'tax']);
  });

  it('prices a rental wholly outside every season at the base price, with no season line', () => {
    const result = quote(rental('2028-01-06', 4, { seasons: [christmas] }));
    expect(result.seasonAdjustment).toBe(0);
    expect(result.seasons).toEqual([]);
    expect(lineOf(rental('2028-01-06', 4, { seasons: [christmas] }), 'season')).toBeUndefined();
    expect(result.total).toBe(quote(rental('2028-01-06', 4)).total);
  });

  it('sums seasons of both signs into one signed season line', () => {
    const low: RateSeason = { name: 'Baja', starts: '2028-01-06', ends: '2028-03-31', adjustmentPercent: -15 };
    // 2 days at +10.00, 2 days at −7.50
    const input = rental('2028-01-04', 4, { seasons: [christmas, low] });
    expect(quote(input).seasons).toEqual([
      { name: 'Navidad', adjustmentPercent: 20, days: 2, amount: 2000 },
      { name: 'Baja', adjustmentPercent: -15, days: 2, amount: -1500 },
    ]);
    expect(lineOf(input, 'season')).toBe(500);
    expect(lineOf(rental('2028-01-06', 2, { seasons: [low] }), 'season')).toBe(-1500);
  });

  it('on a day two seasons cover, prices by the most specific one', () => {
    const suvNewYear: RateSeason = { name: 'Año Nuevo', starts: '2028-01-01', ends: '2028-01-01', adjustmentPercent: 50, carClasses: ['CDAR'] };
    // 2028-01-01 at +50 % (25.00), 2028-01-02 at +20 % (10.00)
    expect(quote(rental('2028-01-01', 2, { seasons: [christmas, suvNewYear] })).seasonAdjustment).toBe(3500);
    expect(quote(rental('2028-01-01', 2, { seasons: [christmas, suvNewYear], car: { ...car, carClass: 'IFAR' } })).seasonAdjustment).toBe(2000);
  });

  it('ignores seasons of other brands', () => {
    expect(quote(rental('2028-01-04', 4, { seasons: [{ ...christmas, brands: ['hertz'] }] })).seasonAdjustment).toBe(0);
    expect(quote(rental('2028-01-04', 4, { seasons: [{ ...christmas, brands: ['hertz'] }], brand: 'hertz' })).seasonAdjustment).toBe(2000);
  });
});

describe('quote with length discounts', () => {
  it('takes 10 % off the car rental of a 7-day rental, and nothing off a 6-day one', () => {
    const week = quote(rental('2028-02-01', 7, { lengthDiscounts: DEFAULT_LENGTH_DISCOUNTS }));
    expect(week.lengthDiscountTier).toEqual({ minDays: 7, percent: 10 });
    expect(week.lengthDiscount).toBe(3500);
    expect(week.carRental).toBe(31500);
    // Only the car: the coverage (7 × 12.00) is not discounted.
    expect(week.coverage).toBe(8400);
    expect(lineOf(rental('2028-02-01', 7, { lengthDiscounts: DEFAULT_LENGTH_DISCOUNTS }), 'length_discount')).toBe(-3500);
    expect(quote(rental('2028-02-01', 6, { lengthDiscounts: DEFAULT_LENGTH_DISCOUNTS })).lengthDiscount).toBe(0);
  });

  it('takes the highest tier reached: 20 % from exactly 28 days', () => {
    expect(quote(rental('2028-02-01', 27, { lengthDiscounts: DEFAULT_LENGTH_DISCOUNTS })).lengthDiscount).toBe(13500);
    expect(quote(rental('2028-02-01', 28, { lengthDiscounts: DEFAULT_LENGTH_DISCOUNTS })).lengthDiscount).toBe(28000);
  });
});

describe('quote with demand', () => {
  it('adds no demand line at 79 % of the class taken, +10 % at 80 %, +20 % at 95 %', () => {
    expect(lineOf(rental('2028-02-01', 3, { demand: demandOn(79) }), 'demand')).toBeUndefined();
    expect(lineOf(rental('2028-02-01', 3, { demand: demandOn(80) }), 'demand')).toBe(1500);
    expect(lineOf(rental('2028-02-01', 3, { demand: demandOn(95) }), 'demand')).toBe(3000);
    expect(quote(rental('2028-02-01', 3, { demand: demandOn(95) })).demandPercent).toBe(20);
  });

  it('adds nothing while the brand has demand off, or the occupancy is unknown', () => {
    expect(lineOf(rental('2028-02-01', 3, { demand: { settings: DEFAULT_DEMAND_SETTINGS, occupancyPercent: 100 } }), 'demand')).toBeUndefined();
    expect(lineOf(rental('2028-02-01', 3, { demand: demandOn(null) }), 'demand')).toBeUndefined();
  });

  it('applies to the seasonal price', () => {
    // Days of 60.00 and 50.00: +6.00 and +5.00
    expect(lineOf(rental('2028-01-05', 2, { seasons: [christmas], demand: demandOn(80) }), 'demand')).toBe(1100);
  });
});

describe('the order of the rate plans', () => {
  it('goes base -> season -> demand -> prepaid -> length -> corporate -> coupon -> airport fee -> ITBMS', () => {
    // 8 prepaid days (10 % off) from 2028-01-02 at Tocumen (12 %): 4 in the season, demand at 80 %, the 7-day tier,
    // a company rate of 5 % and a 10 % coupon.
    const input = rental('2028-01-02', 8, {
      reservationType: 'prepaid',
      pickupBranch: { id: 1, airportFeePercent: 12 },
      returnBranch: { id: 1 },
      seasons: [{ ...christmas, ends: '2028-01-05' }],
      demand: demandOn(80),
      lengthDiscounts: DEFAULT_LENGTH_DISCOUNTS,
      corporateRate: { discountPercent: 5 },
      coupon: { kind: 'percent', amount: 10 },
    });
    const result = quote(input);
    // A season day: 50.00 -> 60.00 -> 66.00 -> prepaid 59.40; a base day: 50.00 -> 55.00 -> prepaid 49.50.
    expect(result.carDailyRate).toBe(4500);
    expect(result.carTotal).toBe(36000);
    expect(result.seasonAdjustment).toBe(4 * (5400 - 4500));
    expect(result.demandAdjustment).toBe(4 * (5940 - 5400) + 4 * (4950 - 4500));
    expect(result.carTotal + result.seasonAdjustment + result.demandAdjustment).toBe(4 * 5940 + 4 * 4950);
    expect(result.lengthDiscount).toBe(4356);
    expect(result.carRental).toBe(39204);
    expect(result.corporateDiscount).toBe(1960);
    expect(result.couponDiscount).toBe(4684);
    expect(result.subtotal).toBe(42160);
    expect(result.airportTax).toBe(4469);
    expect(result.tax).toBe(3264);
    expect(result.total).toBe(49893);
    const lines = quoteLines(result);
    expect(lines.map((line) => [line.code, line.amount])).toEqual([
      ['car', 36000], ['season', 3600], ['demand', 3960], ['length_discount', -4356], ['corporate_discount', -1960],
      ['coverage', 9600], ['coupon', -4684], ['airport_tax', 4469], ['tax', 3264],
    ]);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(result.total);
  });

  it('keeps the lines summing to the total over many rentals', () => {
    for (let days = 1; days <= 35; days += 1) {
      for (const reservationType of ['postpaid', 'prepaid'] as const) {
        const input = rental('2027-12-15', days, {
          reservationType,
          car: { ...car, dailyRate: 3333 + days, prepaidDiscountPercent: 7.5 },
          seasons: [christmas, { name: 'Baja', starts: '2028-01-06', ends: '2028-03-31', adjustmentPercent: -12.5 }],
          demand: demandOn(days % 2 === 0 ? 96 : 81),
          lengthDiscounts: DEFAULT_LENGTH_DISCOUNTS,
          corporateRate: days % 3 === 0 ? { discountPercent: 8 } : null,
        });
        const result = quote(input);
        expect(quoteLines(result).reduce((sum, line) => sum + line.amount, 0)).toBe(result.total);
      }
    }
  });
});
