import { describe, expect, it } from 'vitest';
import { DEFAULT_ERA_DAILY_RATE, QuoteError, coverageDailyCharge, dropoffFee, quote, quoteLines, youngDriverBandFor, type DropoffFee, type Quote, type QuoteInput } from './index';

// Fixtures in cents. Tocumen (PTY) 12 %, Albrook (PAC) 6 %, David (DAV) 6 %, Obarrio in town (OBA) 0 %.
const PTY = { id: 1, airportFeePercent: 12 };
const PAC = { id: 2, airportFeePercent: 6 };
const DAV = { id: 3, airportFeePercent: '6.00' };
const OBA = { id: 4, airportFeePercent: 0 };

const sedan = { type: 'sedan', dailyRate: 3500, prepaidDiscountPercent: 10 } as const;
const hertzSedan = { type: 'sedan', dailyRate: 3995, prepaidDiscountPercent: '15.00' } as const;
const suv = { type: 'suv', dailyRate: 6000, prepaidDiscountPercent: null } as const;
const hatchback = { type: 'hatchback', dailyRate: 3000 } as const;

const basic = { dailyRateSedan: 1200, dailyRateOther: 1800, includesEra: false };
const premium = { dailyRateSedan: 2500, dailyRateOther: 3200, includesEra: true };

const dropoffTable: DropoffFee[] = [
  { fromBranch: 1, toBranch: 3, fee: 15000 },
  { fromBranch: 3, toBranch: 1, fee: 14000 },
  { fromBranch: 2, toBranch: 1, fee: 2500 },
];

// Pickup on Monday 16 June 2025 at 10:00 in Panama; `days` whole 24-hour periods later.
const period = (days: number): Pick<QuoteInput, 'pickupAt' | 'returnAt'> => ({
  pickupAt: '2025-06-16T10:00',
  returnAt: new Date(Date.parse('2025-06-16T15:00:00Z') + days * 24 * 60 * 60 * 1000),
});

const input = (overrides: Partial<QuoteInput> & { days?: number }): QuoteInput => {
  const { days = 1, ...rest } = overrides;
  return {
    car: sedan,
    coverage: basic,
    pickupBranch: PTY,
    returnBranch: PTY,
    dropoffFees: dropoffTable,
    ...period(days),
    ...rest,
  };
};

const none = { price: 0, description: '' };

// The itemised extras are checked in their own tests below, the rate plans in rate-plans.test.ts.
type RatePlanFields = 'seasonAdjustment' | 'seasons' | 'demandPercent' | 'demandAdjustment' | 'lengthDiscountTier' | 'lengthDiscount' | 'carRental';
// Whose the ERA amount is (`eraInCoverage`) is checked with the bill's lines below.
type Row = [string, QuoteInput, Omit<Quote, 'extraItems' | 'youngDriverFee' | 'eraInCoverage' | RatePlanFields>];

const rows: Row[] = [
  [
    // car 3500×3 = 10500; coverage 1200×3 = 3600; subtotal 14100
    // airport 12 % × 10500 = 1260; tax 7 % × (14100 + 1260 = 15360) = 1075.2 → 1075; total 14100 + 1260 + 1075
    'Tocumen 12 %, sedan, 3 days',
    input({ days: 3 }),
    { days: 3, carDailyRate: 3500, carTotal: 10500, coverage: 3600, era: 0, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 14100, airportTax: 1260, tax: 1075, total: 16435 },
  ],
  [
    // car 6000×2 = 12000; coverage other 1800×2 = 3600; era 399×2 = 798; subtotal 16398
    // airport 6 % × (12000 + 798 = 12798) = 767.88 → 768; tax 7 % × (16398 + 768 = 17166) = 1201.62 → 1202
    'Albrook 6 %, SUV, ERA chosen, 2 days',
    input({ days: 2, car: suv, pickupBranch: PAC, returnBranch: PAC, era: true }),
    { days: 2, carDailyRate: 6000, carTotal: 12000, coverage: 3600, era: 798, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 16398, airportTax: 768, tax: 1202, total: 18368 },
  ],
  [
    // car 3500; coverage 1200; extras 700×1 + 500×2 = 1700; subtotal 6400; airport 0; tax 7 % × 6400 = 448
    'in town 0 %, extras, 1 day',
    input({ pickupBranch: OBA, returnBranch: OBA, extras: [{ code: 'child_seat', dailyRate: 700 }, { code: 'gps', dailyRate: 500, quantity: 2 }] }),
    { days: 1, carDailyRate: 3500, carTotal: 3500, coverage: 1200, era: 0, extras: 1700, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 6400, airportTax: 0, tax: 448, total: 6848 },
  ],
  [
    // extras 700×2 days = 1400 in the airport base: airport 12 % × (7000 + 1400 = 8400) = 1008
    // subtotal 7000 + 2400 + 1400 = 10800; tax 7 % × (10800 + 1008 = 11808) = 826.56 → 827
    'Tocumen, extras are in the airport base, 2 days',
    input({ days: 2, extras: [{ code: 'child_seat', dailyRate: 700 }] }),
    { days: 2, carDailyRate: 3500, carTotal: 7000, coverage: 2400, era: 0, extras: 1400, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 10800, airportTax: 1008, tax: 827, total: 12635 },
  ],
  [
    // prepaid 3500 × 0.90 = 3150; car 3150×3 = 9450; coverage 3600; subtotal 13050
    // airport 12 % × 9450 = 1134; tax 7 % × (13050 + 1134 = 14184) = 992.88 → 993
    'prepaid 10 % off at Tocumen, 3 days',
    input({ days: 3, reservationType: 'prepaid' }),
    { days: 3, carDailyRate: 3150, carTotal: 9450, coverage: 3600, era: 0, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 13050, airportTax: 1134, tax: 993, total: 15177 },
  ],
  [
    // hertz prepaid 3995 × 0.85 = 3395.75 → 3396 (rate rounded once, then × days); car 6792; coverage 2400
    // subtotal 9192; tax 7 % × 9192 = 643.44 → 643
    'prepaid with a rounded daily rate, hertz, in town, 2 days',
    input({ car: hertzSedan, days: 2, reservationType: 'prepaid', pickupBranch: OBA, returnBranch: OBA }),
    { days: 2, carDailyRate: 3396, carTotal: 6792, coverage: 2400, era: 0, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 9192, airportTax: 0, tax: 643, total: 9835 },
  ],
  [
    // suv has no discount row: prepaid = list price. 6000 + 1800 = 7800; tax 546
    'prepaid without a discount row',
    input({ car: suv, reservationType: 'prepaid', pickupBranch: OBA, returnBranch: OBA }),
    { days: 1, carDailyRate: 6000, carTotal: 6000, coverage: 1800, era: 0, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 7800, airportTax: 0, tax: 546, total: 8346 },
  ],
  [
    // before coupon 14100; 10 % = 1410; subtotal 12690; airport still on carTotal: 12 % × 10500 = 1260
    // tax 7 % × (12690 + 1260 = 13950) = 976.5 → 977 (half away from zero)
    'coupon 10 % at Tocumen, 3 days',
    input({ days: 3, coupon: { kind: 'percent', amount: 10 } }),
    { days: 3, carDailyRate: 3500, carTotal: 10500, coverage: 3600, era: 0, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 1410, subtotal: 12690, airportTax: 1260, tax: 977, total: 14927 },
  ],
  [
    // car 7000; coverage 2400; era 798; before coupon 10198; fixed 2000 → subtotal 8198
    // airport 6 % × (7000 + 798 = 7798) = 467.88 → 468; tax 7 % × (8198 + 468 = 8666) = 606.62 → 607
    'coupon fixed 20.00 at Albrook with ERA, 2 days',
    input({ days: 2, pickupBranch: PAC, returnBranch: PAC, era: true, coupon: { kind: 'fixed', amount: 2000 } }),
    { days: 2, carDailyRate: 3500, carTotal: 7000, coverage: 2400, era: 798, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 2000, subtotal: 8198, airportTax: 468, tax: 607, total: 9273 },
  ],
  [
    // before coupon 3500 + 1200 = 4700; fixed 500.00 capped at 4700 → subtotal 0; no airport fee in town; tax 0
    'coupon bigger than the subtotal, in town',
    input({ pickupBranch: OBA, returnBranch: OBA, coupon: { kind: 'fixed', amount: 50000 } }),
    { days: 1, carDailyRate: 3500, carTotal: 3500, coverage: 1200, era: 0, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 4700, subtotal: 0, airportTax: 0, tax: 0, total: 0 },
  ],
  [
    // subtotal capped at 0, but the airport fee base is carTotal + era + extras as the rules define it:
    // 12 % × 3500 = 420; tax 7 % × (0 + 420) = 29.4 → 29; total 449
    'coupon bigger than the subtotal, at Tocumen',
    input({ coupon: { kind: 'fixed', amount: 50000 } }),
    { days: 1, carDailyRate: 3500, carTotal: 3500, coverage: 1200, era: 0, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 4700, subtotal: 0, airportTax: 420, tax: 29, total: 449 },
  ],
  [
    // premium includes ERA and the renter also ticked it: era once, 399×2 = 798; car 7000; coverage 2500×2 = 5000
    // subtotal 12798; airport 12 % × (7000 + 798 = 7798) = 935.76 → 936; tax 7 % × 13734 = 961.38 → 961
    'ERA included in the coverage and chosen: charged once',
    input({ days: 2, coverage: premium, era: true }),
    { days: 2, carDailyRate: 3500, carTotal: 7000, coverage: 5000, era: 798, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 12798, airportTax: 936, tax: 961, total: 14695 },
  ],
  [
    'ERA included in the coverage, not ticked: same as above',
    input({ days: 2, coverage: premium, era: false }),
    { days: 2, carDailyRate: 3500, carTotal: 7000, coverage: 5000, era: 798, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 12798, airportTax: 936, tax: 961, total: 14695 },
  ],
  [
    // dropoff PTY → DAV 15000; delivery 2500; car 7000; coverage 2400; subtotal 26900
    // airport 12 % × 7000 = 840 (dropoff and delivery excluded); tax 7 % × 27740 = 1941.8 → 1942
    'drop-off Tocumen → David and hotel delivery, 2 days',
    input({ days: 2, returnBranch: DAV, delivery: { price: 2500, description: 'Hotel delivery' } }),
    { days: 2, carDailyRate: 3500, carTotal: 7000, coverage: 2400, era: 0, extras: 0, dropoff: 15000, delivery: { price: 2500, description: 'Hotel delivery' }, corporateDiscount: 0, couponDiscount: 0, subtotal: 26900, airportTax: 840, tax: 1942, total: 29682 },
  ],
  [
    // the table's own direction wins: DAV → PTY 14000; airport fee of the pickup branch (David, "6.00") 6 % × 3500 = 210
    // subtotal 3500 + 1200 + 14000 = 18700; tax 7 % × 18910 = 1323.7 → 1324
    'drop-off David → Tocumen uses its own entry and David\'s 6 %',
    input({ pickupBranch: DAV, returnBranch: PTY }),
    { days: 1, carDailyRate: 3500, carTotal: 3500, coverage: 1200, era: 0, extras: 0, dropoff: 14000, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 18700, airportTax: 210, tax: 1324, total: 20234 },
  ],
  [
    // no PTY → PAC entry: the PAC → PTY 2500 applies; subtotal 3500 + 1200 + 2500 = 7200; airport 420
    // tax 7 % × 7620 = 533.4 → 533
    'drop-off falls back to the reverse pair',
    input({ returnBranch: PAC }),
    { days: 1, carDailyRate: 3500, carTotal: 3500, coverage: 1200, era: 0, extras: 0, dropoff: 2500, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 7200, airportTax: 420, tax: 533, total: 8153 },
  ],
  [
    // hatchback pays the sedan coverage rate: 3000 + 1200 = 4200; tax 294
    'hatchback uses the sedan coverage rate',
    input({ car: hatchback, pickupBranch: OBA, returnBranch: OBA }),
    { days: 1, carDailyRate: 3000, carTotal: 3000, coverage: 1200, era: 0, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 4200, airportTax: 0, tax: 294, total: 4494 },
  ],
  [
    // site config: ERA 5.00/day, tax 10 %: 6000 + 1800 + 500 = 8300; tax 830
    'site-configured ERA rate and tax rate',
    input({ car: suv, pickupBranch: OBA, returnBranch: OBA, era: true, eraDailyRate: 500, taxRatePercent: '10' }),
    { days: 1, carDailyRate: 6000, carTotal: 6000, coverage: 1800, era: 500, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 8300, airportTax: 0, tax: 830, total: 9130 },
  ],
  [
    // 16 Jun 10:00 → 19 Jun 10:59 = 72 h 59 min → 3 days (grace); in town: 10500 + 3600 = 14100; tax 987
    'days from Panama wall-clock strings with the grace',
    input({ pickupAt: '2025-06-16T10:00', returnAt: '2025-06-19T10:59', pickupBranch: OBA, returnBranch: OBA }),
    { days: 3, carDailyRate: 3500, carTotal: 10500, coverage: 3600, era: 0, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 14100, airportTax: 0, tax: 987, total: 15087 },
  ],
  [
    // 31 Dec 22:00 → 2 Jan 23:00 = 49 h → 3 days; Tocumen: 10500 + 3600 = 14100, airport 1260, tax 1075
    'across the year end',
    input({ pickupAt: '2025-12-31T22:00', returnAt: '2026-01-02T23:00' }),
    { days: 3, carDailyRate: 3500, carTotal: 10500, coverage: 3600, era: 0, extras: 0, dropoff: 0, delivery: none, corporateDiscount: 0, couponDiscount: 0, subtotal: 14100, airportTax: 1260, tax: 1075, total: 16435 },
  ],
];

describe('quote', () => {
  it.each(rows)('%s', (_label, quoteInput, expected) => {
    const result = quote(quoteInput);
    expect(result).toMatchObject(expected);
    expect(result.total).toBe(result.subtotal + result.airportTax + result.tax);
  });

  it('prices a coverage that includes ERA a day with the assistance in it, as the quote charges it', () => {
    // Premium for a sedan: 2500 + 399 = 2899 a day; over 2 days the quote's coverage and era lines sum to 2 × 2899.
    expect(coverageDailyCharge(premium, 'sedan', 399)).toBe(2899);
    expect(coverageDailyCharge(premium, 'suv', null)).toBe(3200 + DEFAULT_ERA_DAILY_RATE);
    expect(coverageDailyCharge(basic, 'sedan', 399)).toBe(basic.dailyRateSedan);
    const result = quote(input({ days: 2, coverage: premium }));
    expect(result.coverage + result.era).toBe(2 * coverageDailyCharge(premium, 'sedan', DEFAULT_ERA_DAILY_RATE));
  });

  it('defaults ERA to 3.99 a day', () => {
    expect(DEFAULT_ERA_DAILY_RATE).toBe(399);
  });

  it('keeps every line in whole cents over many combinations', () => {
    for (let days = 1; days <= 30; days += 1) {
      for (const percent of [0, 7.5, 12, 33.33]) {
        const result = quote(input({
          days,
          reservationType: 'prepaid',
          car: { ...sedan, dailyRate: 3333 + days, prepaidDiscountPercent: percent },
          coupon: { kind: 'percent', amount: percent === 0 ? 5 : percent },
          era: days % 2 === 0,
        }));
        for (const value of Object.values(result)) {
          if (typeof value === 'number') {
            expect(Number.isSafeInteger(value)).toBe(true);
            expect(value).toBeGreaterThanOrEqual(0);
          }
        }
        expect(result.total).toBe(result.subtotal + result.airportTax + result.tax);
      }
    }
  });

  it.each<[string, QuoteInput, string]>([
    ['brand does not price the car', input({ car: { ...sedan, dailyRate: null } }), 'car_not_offered'],
    ['no price for the brand', input({ car: { type: 'suv', dailyRate: null } }), 'car_not_offered'],
    ['return before pickup', input({ pickupAt: '2025-06-16T10:00', returnAt: '2025-06-16T09:00' }), 'invalid_period'],
    ['malformed date-time', input({ pickupAt: '16/06/2025 10:00' }), 'invalid_period'],
    ['invalid Date', input({ returnAt: new Date('nope') }), 'invalid_period'],
    ['fractional car price', input({ car: { ...sedan, dailyRate: 35.5 } }), 'invalid_amount'],
    ['negative delivery', input({ delivery: { price: -100, description: 'x' } }), 'invalid_amount'],
    ['airport fee over 100 %', input({ pickupBranch: { id: 9, airportFeePercent: 120 } }), 'invalid_amount'],
    ['airport fee not a number', input({ pickupBranch: { id: 9, airportFeePercent: '12%' } }), 'invalid_amount'],
    ['fractional extra quantity', input({ extras: [{ code: 'gps', dailyRate: 500, quantity: 1.5 }] }), 'invalid_amount'],
  ])('refuses: %s', (_label, quoteInput, code) => {
    expect(() => quote(quoteInput)).toThrow(QuoteError);
    try {
      quote(quoteInput);
    } catch (error) {
      expect(error instanceof QuoteError && error.code).toBe(code);
    }
  });
});

describe('extras with a cap per rental, and the young-driver fee', () => {
  const childSeat = { code: 'CHILD_SEAT', dailyRate: 700, maxPerRental: 7000 };

  it('charges rate × days below the cap and the cap above it, per unit', () => {
    // 3 days: 2100 per seat, 2 seats = 4200; 12 days: 8400 capped to 7000 per seat, 2 seats = 14000
    expect(quote(input({ days: 3, extras: [{ ...childSeat, quantity: 2 }] })).extraItems).toEqual([{ code: 'CHILD_SEAT', quantity: 2, dailyRate: 700, total: 4200, included: false }]);
    expect(quote(input({ days: 12, extras: [{ ...childSeat, quantity: 2 }] })).extras).toBe(14000);
    // No cap: 12 × 900
    expect(quote(input({ days: 12, extras: [{ code: 'GPS', dailyRate: 900, maxPerRental: null }] })).extras).toBe(10800);
  });

  it('leaves out extras with quantity 0', () => {
    expect(quote(input({ extras: [{ ...childSeat, quantity: 0 }] })).extraItems).toEqual([]);
  });

  it('picks the band by age on the pickup date and counts it like an extra (airport base included)', () => {
    const bands = [
      { minAge: 21, maxAge: 22, dailyRate: 1500, maxPerRental: 15000 },
      { minAge: 23, maxAge: 24, dailyRate: 1000, maxPerRental: 10000 },
    ];
    expect(youngDriverBandFor(bands, 21)?.dailyRate).toBe(1500);
    expect(youngDriverBandFor(bands, 24)?.dailyRate).toBe(1000);
    expect(youngDriverBandFor(bands, 25)).toBeNull();
    expect(youngDriverBandFor(null, 21)).toBeNull();
    // 3 days at Tocumen: fee 4500; car 10500; airport 12 % × (10500 + 4500) = 1800
    const result = quote(input({ days: 3, youngDriver: bands[0] }));
    expect(result.youngDriverFee).toBe(4500);
    expect(result.extras).toBe(4500);
    expect(result.airportTax).toBe(1800);
    // 14 days: 21000 capped to 15000
    expect(quote(input({ days: 14, youngDriver: bands[0] })).youngDriverFee).toBe(15000);
  });
});

describe('extras the coverage includes', () => {
  const driver = { code: 'ADDITIONAL_DRIVER', dailyRate: 800, maxPerRental: 8000 };
  const gps = { code: 'GPS', dailyRate: 900 };
  const premiumWithDriver = { ...premium, includedExtras: ['ADDITIONAL_DRIVER'] };

  it('prices an included extra at zero, every unit, and marks it included on its line', () => {
    // 3 days at Tocumen with Premium: the driver is free, the GPS is charged 900 × 3 = 2700
    const result = quote(input({ days: 3, coverage: premiumWithDriver, extras: [{ ...driver, quantity: 2 }, gps] }));
    expect(result.extraItems).toEqual([
      { code: 'ADDITIONAL_DRIVER', quantity: 2, dailyRate: 0, total: 0, included: true },
      { code: 'GPS', quantity: 1, dailyRate: 900, total: 2700, included: false },
    ]);
    expect(result.extras).toBe(2700);
    const lines = quoteLines(result).filter((line) => line.code === 'extra');
    expect(lines).toEqual([
      { code: 'extra', amount: 0, extraCode: 'ADDITIONAL_DRIVER', quantity: 2, included: true },
      { code: 'extra', amount: 2700, extraCode: 'GPS', quantity: 1 },
    ]);
  });

  it('charges the same extra with a coverage that does not include it', () => {
    // Basic: 800 × 3 = 2400 for the driver
    const result = quote(input({ days: 3, coverage: basic, extras: [driver] }));
    expect(result.extraItems).toEqual([{ code: 'ADDITIONAL_DRIVER', quantity: 1, dailyRate: 800, total: 2400, included: false }]);
    expect(quoteLines(result).find((line) => line.code === 'extra')).not.toHaveProperty('included');
  });

  it('follows the coverage when the renter switches it after choosing the extra, taxes included', () => {
    const chosen = { days: 3, extras: [driver] };
    const withPremium = quote(input({ ...chosen, coverage: premiumWithDriver }));
    // Including the driver changes nothing in the Premium total: no charge, no airport fee, no tax on it.
    expect(withPremium.total).toBe(quote(input({ days: 3, coverage: premiumWithDriver })).total);
    // Switched to Basic with the driver still chosen: the driver is charged (800 × 3), with the airport fee on it.
    const switched = quote(input({ ...chosen, coverage: basic }));
    expect(switched.extraItems).toEqual([{ code: 'ADDITIONAL_DRIVER', quantity: 1, dailyRate: 800, total: 2400, included: false }]);
    expect(switched.airportTax).toBe(quote(input({ days: 3, coverage: basic })).airportTax + 288);
    // And back to Premium: free again.
    expect(quote(input({ ...chosen, coverage: premiumWithDriver })).extraItems[0]).toMatchObject({ total: 0, included: true });
  });
});

describe('the corporate rate', () => {
  it('takes the company percentage off the car rental only, before the coupon, and lowers the airport fee with it', () => {
    // car 3500×3 = 10500; company 15 % of 10500 = 1575; coverage 1200×3 = 3600; subtotal 10500 − 1575 + 3600 = 12525
    // airport 12 % × (10500 − 1575 = 8925) = 1071; tax 7 % × (12525 + 1071 = 13596) = 951.72 → 952
    const result = quote(input({ days: 3, corporateRate: { discountPercent: '15.00' } }));
    expect(result).toMatchObject({ carTotal: 10500, corporateDiscount: 1575, coverage: 3600, subtotal: 12525, airportTax: 1071, tax: 952, total: 14548 });
    const lines = quoteLines(result);
    expect(lines.slice(0, 3)).toEqual([
      { code: 'car', amount: 10500 },
      { code: 'corporate_discount', amount: -1575 },
      { code: 'coverage', amount: 3600 },
    ]);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(result.total);
  });

  it('leaves a coupon to apply on what the company rate left', () => {
    const result = quote(input({ days: 3, corporateRate: { discountPercent: 15 }, coupon: { kind: 'percent', amount: 10 } }));
    // 10 % of (8925 + 3600 = 12525) = 1252.5 → 1253
    expect(result.couponDiscount).toBe(1253);
    expect(result.subtotal).toBe(12525 - 1253);
  });

  it('has no line and changes nothing for a retail renter or a 0 % company', () => {
    const retail = quote(input({ days: 3 }));
    expect(quote(input({ days: 3, corporateRate: { discountPercent: 0 } }))).toEqual(retail);
    expect(quoteLines(retail).some((line) => line.code === 'corporate_discount')).toBe(false);
  });

  it('refuses a percentage outside 0–100', () => {
    expect(() => quote(input({ corporateRate: { discountPercent: 120 } }))).toThrow(QuoteError);
  });
});

describe('quoteLines', () => {
  it('lists every charge once and sums to the total', () => {
    const result = quote(input({
      days: 3,
      returnBranch: DAV,
      era: true,
      extras: [{ code: 'GPS', dailyRate: 900, quantity: 1 }],
      youngDriver: { minAge: 21, maxAge: 22, dailyRate: 1500 },
      delivery: { price: 2500, description: 'Hotel' },
      coupon: { kind: 'percent', amount: 10 },
    }));
    const lines = quoteLines(result);
    expect(lines.map((line) => line.code)).toEqual(['car', 'coverage', 'era', 'extra', 'young_driver', 'dropoff', 'delivery', 'coupon', 'airport_tax', 'tax']);
    expect(lines.find((line) => line.code === 'coupon')?.amount).toBe(-result.couponDiscount);
    expect(lines.find((line) => line.code === 'extra')).toEqual({ code: 'extra', amount: 2700, extraCode: 'GPS', quantity: 1 });
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(result.total);
  });

  it('marks the ERA line of a coverage that includes it as the coverage\'s, at the same price as before', () => {
    // The amounts of the rows above ("ERA included in the coverage ..."): the wording changes, never the money.
    for (const era of [false, true]) {
      const result = quote(input({ days: 2, coverage: premium, era }));
      expect(result.eraInCoverage).toBe(true);
      expect(quoteLines(result).map((line) => [line.code, line.amount, line.inCoverage])).toEqual([
        ['car', 7000, undefined], ['coverage', 5000, undefined], ['era', 798, true], ['airport_tax', 936, undefined], ['tax', 961, undefined],
      ]);
      expect(result.total).toBe(14695);
    }
  });

  it('leaves the ERA the renter chose alone as a line of its own, and marks nothing without ERA', () => {
    const chosen = quote(input({ days: 2, era: true }));
    expect(chosen.eraInCoverage).toBe(false);
    expect(quoteLines(chosen).find((line) => line.code === 'era')).toEqual({ code: 'era', amount: 798 });
    const premiumWithoutEra = quote(input({ days: 2, coverage: { ...premium, includesEra: false } }));
    expect(premiumWithoutEra.eraInCoverage).toBe(false);
    expect(quoteLines(premiumWithoutEra).some((line) => line.code === 'era')).toBe(false);
  });

  it('always shows the airport tax line, even at 0 in town, and no empty optional lines', () => {
    const lines = quoteLines(quote(input({ pickupBranch: OBA, returnBranch: OBA })));
    expect(lines.map((line) => [line.code, line.amount])).toEqual([['car', 3500], ['coverage', 1200], ['airport_tax', 0], ['tax', 329]]);
  });
});

describe('dropoffFee', () => {
  it.each<[number | string, number | string, number]>([
    [1, 1, 0],
    [1, 3, 15000],
    [3, 1, 14000],
    [1, 2, 2500],
    ['2', '1', 2500],
    [1, 4, 0],
  ])('%s → %s = %i', (from, to, expected) => {
    expect(dropoffFee(dropoffTable, from, to)).toBe(expected);
  });
});
