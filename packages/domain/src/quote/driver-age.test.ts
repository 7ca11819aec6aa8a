import { describe, expect, it } from 'vitest';
import { defaultDriverAgeBand, driverAgeBandFor, driverAgeBands, quote, quoteBothWays, youngDriverBandFor, type QuoteInput } from './index';

const young = [
  { minAge: 23, maxAge: 24, dailyRate: 1000, maxPerRental: 10000 },
  { minAge: 21, maxAge: 22, dailyRate: 1500, maxPerRental: 15000 },
];

describe('driverAgeBands', () => {
  it("offers the brand's fee bands as they are, then the ages without a fee, each age in exactly one band", () => {
    const bands = driverAgeBands(young, 21);
    expect(bands.map(({ minAge, maxAge, fee }) => [minAge, maxAge, fee?.dailyRate ?? null])).toEqual([
      [21, 22, 1500],
      [23, 24, 1000],
      [25, null, null],
    ]);
    for (let age = 21; age <= 99; age += 1) {
      const band = driverAgeBandFor(bands, age);
      // The band's fee is the one the quote charges a renter of that age (one rule: youngDriverBandFor).
      expect(band?.fee ?? null, String(age)).toEqual(youngDriverBandFor(young, age));
    }
    expect(driverAgeBandFor(bands, 20)).toBeUndefined();
  });

  it('gives a senior band of the brand its own choice, with the standard ages between (25-69, 70-99)', () => {
    const senior = { minAge: 70, maxAge: 99, dailyRate: 800 };
    const bands = driverAgeBands([...young, senior], 21);
    expect(bands.map(({ minAge, maxAge }) => [minAge, maxAge])).toEqual([
      [21, 22],
      [23, 24],
      [25, 69],
      [70, 99],
      [100, null],
    ]);
    expect(defaultDriverAgeBand(bands)).toEqual({ minAge: 25, maxAge: 69, fee: null });
  });

  it('is one band without a fee for a brand without young-driver fees, and starts at the minimum renter age', () => {
    expect(driverAgeBands(null, 21)).toEqual([{ minAge: 21, maxAge: null, fee: null }]);
    expect(driverAgeBands(young, 23).map(({ minAge }) => minAge)).toEqual([23, 25]);
    expect(defaultDriverAgeBand(driverAgeBands(young, 21))?.minAge).toBe(25);
  });
});

describe('quoteBothWays', () => {
  const input: QuoteInput = {
    car: { type: 'sedan', dailyRate: 3500, prepaidDiscountPercent: 15 },
    coverage: { dailyRateSedan: 1200, dailyRateOther: 1800, includesEra: false },
    pickupBranch: { id: 1, airportFeePercent: 12 },
    returnBranch: { id: 1 },
    pickupAt: '2025-06-16T10:00',
    returnAt: '2025-06-19T10:00',
  };

  it('is the counter and the prepaid quote of the same terms, and what paying now saves', () => {
    const both = quoteBothWays({ ...input, reservationType: 'prepaid' });
    expect(both.atCounter).toEqual(quote({ ...input, reservationType: 'postpaid' }));
    expect(both.payNow).toEqual(quote({ ...input, reservationType: 'prepaid' }));
    expect(both.payNowSaving).toBe(both.atCounter.total - both.payNow.total);
    expect(both.payNowSaving).toBeGreaterThan(0);
  });

  it('saves nothing for a car without a prepaid discount', () => {
    expect(quoteBothWays({ ...input, car: { ...input.car, prepaidDiscountPercent: null } }).payNowSaving).toBe(0);
  });
});
