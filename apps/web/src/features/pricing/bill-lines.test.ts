import { describe, expect, it } from 'vitest';
import { quote, quoteLines } from '@rentacar/domain/quote';
import { labelLines, type LineContext } from './bill-lines';

const result = quote({
  car: { type: 'sedan', dailyRate: 3500 },
  pickupAt: '2026-12-01T10:00',
  returnAt: '2026-12-04T10:00',
  coverage: { dailyRateSedan: 1200, dailyRateOther: 1800, includesEra: false },
  era: true,
  extras: [{ code: 'GPS', dailyRate: 900, quantity: 1 }],
  pickupBranch: { id: 1, airportFeePercent: 12 },
  returnBranch: { id: 1 },
  coupon: { kind: 'percent', amount: 10 },
});

const context: LineContext = {
  days: result.days,
  carDailyRate: result.carDailyRate,
  coverageName: 'Basic',
  extraNames: { GPS: 'GPS navigator' },
  deliveryName: '',
  couponCode: 'BIENVENIDO10',
  airportFeePercent: 12,
  taxRatePercent: 7,
};

describe('labelLines', () => {
  it('labels every line in English with stable codes, and the lines still sum to the total', () => {
    const lines = labelLines(quoteLines(result), context, 'en');
    expect(lines.map((line) => [line.code, line.label])).toEqual([
      ['car', 'Car: 3 days × $35.00'],
      ['coverage', 'Coverage: Basic'],
      ['era', 'Roadside assistance'],
      ['extra.GPS', 'GPS navigator × 1'],
      ['coupon', 'Coupon BIENVENIDO10'],
      ['airport_tax', 'Airport tax (12%)'],
      ['tax', 'ITBMS tax (7%)'],
    ]);
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(result.total);
  });

  it('labels them in Spanish', () => {
    const labels = labelLines(quoteLines(result), { ...context, coverageName: 'Básica' }, 'es').map((line) => line.label);
    expect(labels[0]).toMatch(/^Auto: 3 días × /);
    expect(labels).toContain('Cobertura: Básica');
    expect(labels).toContain('Tasa aeroportuaria (12%)');
    expect(labels).toContain('ITBMS (7%)');
  });

  it('says in both languages that an extra the coverage includes is included in it, at 0', () => {
    const withDriver = quote({
      car: { type: 'sedan', dailyRate: 3500 },
      pickupAt: '2026-12-01T10:00',
      returnAt: '2026-12-04T10:00',
      coverage: { dailyRateSedan: 3299, dailyRateOther: 3999, includesEra: false, includedExtras: ['ADDITIONAL_DRIVER'] },
      extras: [{ code: 'ADDITIONAL_DRIVER', dailyRate: 800, quantity: 1 }],
      pickupBranch: { id: 1, airportFeePercent: 12 },
      returnBranch: { id: 1 },
    });
    const driverContext = { ...context, extraNames: { ADDITIONAL_DRIVER: 'Additional driver' }, coverageName: 'Premium Protection' };
    const english = labelLines(quoteLines(withDriver), driverContext, 'en').find((line) => line.code === 'extra.ADDITIONAL_DRIVER');
    expect(english).toEqual({ code: 'extra.ADDITIONAL_DRIVER', label: 'Additional driver × 1 (included in Premium Protection)', amount: 0, included: true });
    const spanish = labelLines(quoteLines(withDriver), { ...driverContext, extraNames: { ADDITIONAL_DRIVER: 'Conductor adicional' }, coverageName: 'Protección Premium' }, 'es');
    expect(spanish.find((line) => line.code === 'extra.ADDITIONAL_DRIVER')?.label).toBe('Conductor adicional × 1 (incluido en Protección Premium)');
    // Every other line carries no mark.
    expect(spanish.filter((line) => line.included !== undefined).map((line) => line.code)).toEqual(['extra.ADDITIONAL_DRIVER']);
  });
});

describe('the roadside assistance a coverage includes', () => {
  const premium = { dailyRateSedan: 3299, dailyRateOther: 3999, includesEra: true };
  const priced = (era: boolean) =>
    quote({
      car: { type: 'sedan', dailyRate: 3500 },
      pickupAt: '2026-12-01T10:00',
      returnAt: '2026-12-05T10:00',
      coverage: premium,
      era,
      pickupBranch: { id: 1, airportFeePercent: 12 },
      returnBranch: { id: 1 },
    });

  it('is labelled as included in the coverage, in both languages, ticked or not, for the same money', () => {
    for (const era of [false, true]) {
      const lines = quoteLines(priced(era));
      const english = labelLines(lines, { ...context, coverageName: 'Premium Protection' }, 'en');
      const spanish = labelLines(lines, { ...context, coverageName: 'Protección Premium' }, 'es');
      // 4 days at 3.99: the amount the bill always charged for it, and the same total.
      expect(english.find((line) => line.code === 'era')).toEqual({ code: 'era', label: 'Roadside assistance (included in Premium Protection)', amount: 1596 });
      expect(spanish.find((line) => line.code === 'era')?.label).toBe('Asistencia en carretera (incluida en Protección Premium)');
      expect(english.reduce((sum, line) => sum + line.amount, 0)).toBe(priced(era).total);
      expect(english.map((line) => line.amount)).toEqual(quoteLines(priced(false)).map((line) => line.amount));
    }
  });

  it('is plain roadside assistance when the renter chose it with a coverage without it', () => {
    const spanish = labelLines(quoteLines(result), { ...context, coverageName: 'Básica' }, 'es');
    expect(spanish.find((line) => line.code === 'era')?.label).toBe('Asistencia en carretera');
  });
});

describe('labels of the lines that name a chosen thing', () => {
  const everything = quote({
    car: { type: 'sedan', dailyRate: 3500 },
    pickupAt: '2026-12-01T10:00',
    returnAt: '2026-12-03T10:00',
    coverage: { dailyRateSedan: 1200, dailyRateOther: 1800, includesEra: false },
    extras: [{ code: 'CHILD_SEAT', dailyRate: 700, quantity: 2 }],
    youngDriver: { minAge: 21, maxAge: 24, dailyRate: 1000 },
    pickupBranch: { id: 1, airportFeePercent: 12 },
    returnBranch: { id: 2 },
    dropoffFees: [{ fromBranch: 1, toBranch: 2, fee: 2500 }],
    delivery: { price: 1500, description: 'MEET_GREET_PTY' },
  });

  it.each([
    ['en', 'Meet & greet at Tocumen', 'Child seat', [['extra.CHILD_SEAT', 'Child seat × 2'], ['young_driver', 'Young-driver fee'], ['dropoff', 'Return at another branch'], ['delivery', 'Meet & greet at Tocumen']]],
    ['es', 'Meet & greet en Tocumen', 'Silla para niños', [['extra.CHILD_SEAT', 'Silla para niños × 2'], ['young_driver', 'Cargo por conductor joven'], ['dropoff', 'Devolución en otra sucursal'], ['delivery', 'Meet & greet en Tocumen']]],
  ] as const)('use short names, never a description, in %s', (locale, deliveryName, seatName, expected) => {
    const lines = labelLines(quoteLines(everything), { ...context, deliveryName, extraNames: { CHILD_SEAT: seatName } }, locale);
    const named = lines.filter((line) => ['extra.CHILD_SEAT', 'young_driver', 'dropoff', 'delivery'].includes(line.code));
    expect(named.map((line) => [line.code, line.label])).toEqual(expected);
  });
});

describe('labels asked again', () => {
  it('are the same labels for the same values, and new ones for other values, whatever a name holds', () => {
    const label = (names: Partial<LineContext>) => labelLines(quoteLines(result), { ...context, ...names }, 'en')[1]?.label;
    expect(label({ coverageName: 'Basic' })).toBe('Coverage: Basic');
    expect(label({ coverageName: 'Basic' })).toBe('Coverage: Basic');
    expect(label({ coverageName: 'Full' })).toBe('Coverage: Full');
    expect(label({ coverageName: 'Basic\u0000Full' })).toBe('Coverage: Basic\u0000Full');
    expect(label({ coverageName: 'Basic' })).toBe('Coverage: Basic');
  });
});

describe('the rate plans\' lines', () => {
  const planned = quote({
    car: { type: 'sedan', dailyRate: 5000, carClass: 'CDAR' },
    pickupAt: '2028-01-04T10:00',
    returnAt: '2028-01-11T10:00',
    coverage: { dailyRateSedan: 1200, dailyRateOther: 1800, includesEra: false },
    pickupBranch: { id: 1, airportFeePercent: 0 },
    returnBranch: { id: 1 },
    seasons: [{ name: 'Navidad', starts: '2027-12-20', ends: '2028-01-05', adjustmentPercent: 20 }],
    lengthDiscounts: [{ minDays: 7, percent: 10 }],
    demand: { settings: { enabled: true, thresholds: [{ fromPercent: 80, percent: 10 }], capPercent: 25 }, occupancyPercent: 80 },
  });
  const planContext: LineContext = { ...context, days: planned.days, carDailyRate: planned.carDailyRate, ratePlans: planned };

  it('labels the season, demand and length discount in both languages, and the lines sum to the total', () => {
    const en = labelLines(quoteLines(planned), planContext, 'en');
    expect(en.slice(0, 4).map((line) => [line.code, line.label, line.amount])).toEqual([
      ['car', 'Car: 7 days × $50.00', 35000],
      ['season', 'Season: Navidad (+20% × 2 days)', 2000],
      ['demand', 'High demand (+10%)', 3700],
      ['length_discount', 'Discount for 7 days or more (−10%)', -4070],
    ]);
    expect(en.reduce((sum, line) => sum + line.amount, 0)).toBe(planned.total);
    expect(labelLines(quoteLines(planned), planContext, 'es').slice(1, 4).map((line) => line.label)).toEqual([
      'Temporada: Navidad (+20% × 2 días)',
      'Alta demanda (+10%)',
      'Descuento por 7 días o más (−10%)',
    ]);
  });
});
