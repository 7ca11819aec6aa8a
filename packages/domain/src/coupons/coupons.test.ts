import { describe, expect, it } from 'vitest';
import {
  COUPON_REJECTION_REASONS,
  couponCodesMatch,
  couponDiscountAmount,
  evaluateCoupon,
  normalizeCouponCode,
  type Coupon,
  type CouponContext,
  type CouponDiscount,
  type CouponEvaluation,
} from './index';

const base: Coupon = {
  code: 'VERANO10',
  status: 'active',
  kind: 'percent',
  amount: 10,
  validFrom: '2025-06-01T00:00:00',
  validUntil: '2025-06-30T23:59:59',
  brands: [],
  minDays: 1,
  maxRedemptions: 100,
  redemptionsCount: 3,
};

// 2025-06-15 12:00 in Panama.
const context: CouponContext = { brand: 'firefly', days: 3, now: new Date('2025-06-15T17:00:00Z') };

const at = (panamaLocal: string): Date => new Date(`${panamaLocal}-05:00`);

const EVALUATIONS: Array<[string, Partial<Coupon> | null, Partial<CouponContext>, CouponEvaluation]> = [
  ['valid percent', {}, {}, { ok: true, code: 'VERANO10', discount: { kind: 'percent', amount: 10 } }],
  ['valid fixed, code normalised', { code: ' promo5 ', kind: 'fixed', amount: 500 }, {}, { ok: true, code: 'PROMO5', discount: { kind: 'fixed', amount: 500 } }],
  ['no such code', null, {}, { ok: false, reason: 'unknown' }],
  ['inactive', { status: 'inactive' }, {}, { ok: false, reason: 'inactive' }],
  ['malformed percent', { amount: 150 }, {}, { ok: false, reason: 'inactive' }],
  ['malformed fixed', { kind: 'fixed', amount: 4.5 }, {}, { ok: false, reason: 'inactive' }],
  ['unreadable start', { validFrom: 'soon' }, {}, { ok: false, reason: 'inactive' }],
  ['unreadable end', { validUntil: 'later' }, {}, { ok: false, reason: 'inactive' }],
  ['one second before start', {}, { now: at('2025-05-31T23:59:59') }, { ok: false, reason: 'not_started' }],
  ['at the start', {}, { now: at('2025-06-01T00:00:00') }, { ok: true, code: 'VERANO10', discount: { kind: 'percent', amount: 10 } }],
  ['at the end (inclusive)', {}, { now: at('2025-06-30T23:59:59') }, { ok: true, code: 'VERANO10', discount: { kind: 'percent', amount: 10 } }],
  ['one second after the end', {}, { now: at('2025-07-01T00:00:00') }, { ok: false, reason: 'expired' }],
  ['bare end date covers that day', { validUntil: '2025-06-15' }, { now: at('2025-06-15T23:59') }, { ok: true, code: 'VERANO10', discount: { kind: 'percent', amount: 10 } }],
  ['bare end date, next day', { validUntil: '2025-06-15' }, { now: at('2025-06-16T00:00') }, { ok: false, reason: 'expired' }],
  ['end in UTC, read as an instant', { validUntil: '2025-06-15T16:00:00Z' }, {}, { ok: false, reason: 'expired' }],
  ['no window', { validFrom: null, validUntil: null }, {}, { ok: true, code: 'VERANO10', discount: { kind: 'percent', amount: 10 } }],
  ['empty window strings', { validFrom: '', validUntil: ' ' }, {}, { ok: true, code: 'VERANO10', discount: { kind: 'percent', amount: 10 } }],
  ['other brand only', { brands: ['hertz', 'dollar'] }, {}, { ok: false, reason: 'wrong_brand' }],
  ['listed brand', { brands: ['hertz', 'firefly'] }, {}, { ok: true, code: 'VERANO10', discount: { kind: 'percent', amount: 10 } }],
  ['null brands = all', { brands: null }, { brand: 'thrifty' }, { ok: true, code: 'VERANO10', discount: { kind: 'percent', amount: 10 } }],
  ['below minimum days', { minDays: 5 }, { days: 4 }, { ok: false, reason: 'below_min_days' }],
  ['at minimum days', { minDays: 5 }, { days: 5 }, { ok: true, code: 'VERANO10', discount: { kind: 'percent', amount: 10 } }],
  ['no minimum', { minDays: null }, { days: 1 }, { ok: true, code: 'VERANO10', discount: { kind: 'percent', amount: 10 } }],
  ['used up', { maxRedemptions: 3, redemptionsCount: 3 }, {}, { ok: false, reason: 'used_up' }],
  ['last redemption left', { maxRedemptions: 4, redemptionsCount: 3 }, {}, { ok: true, code: 'VERANO10', discount: { kind: 'percent', amount: 10 } }],
  ['unlimited', { maxRedemptions: null, redemptionsCount: 10_000 }, {}, { ok: true, code: 'VERANO10', discount: { kind: 'percent', amount: 10 } }],
  ['inactive beats expired', { status: 'inactive', validUntil: '2020-01-01' }, {}, { ok: false, reason: 'inactive' }],
  ['expired beats wrong brand', { validUntil: '2020-01-01', brands: ['hertz'] }, {}, { ok: false, reason: 'expired' }],
  ['wrong brand beats used up', { brands: ['hertz'], maxRedemptions: 0 }, {}, { ok: false, reason: 'wrong_brand' }],
];

describe('evaluateCoupon', () => {
  it.each(EVALUATIONS)('%s', (_label, overrides, contextOverrides, expected) => {
    const coupon = overrides === null ? null : { ...base, ...overrides };
    expect(evaluateCoupon(coupon, { ...context, ...contextOverrides })).toEqual(expected);
  });

  it('has a case above for every rejection reason the module exports', () => {
    const tested = new Set(EVALUATIONS.flatMap(([, , , expected]) => (expected.ok ? [] : [expected.reason])));
    expect([...tested].sort()).toEqual([...COUPON_REJECTION_REASONS].sort());
  });
});

describe('codes', () => {
  it.each<[string, string]>([
    ['  verano10 ', 'VERANO10'],
    ['Promo-2025', 'PROMO-2025'],
    ['ABC', 'ABC'],
  ])('normalizeCouponCode(%j) = %s', (input, expected) => {
    expect(normalizeCouponCode(input)).toBe(expected);
  });

  it('matches codes case-insensitively', () => {
    expect(couponCodesMatch('verano10', ' VERANO10')).toBe(true);
    expect(couponCodesMatch('verano10', 'VERANO11')).toBe(false);
  });
});

describe('couponDiscountAmount', () => {
  it.each<[CouponDiscount, number, number, string]>([
    [{ kind: 'percent', amount: 10 }, 25000, 2500, '10 % of 250.00'],
    [{ kind: 'percent', amount: 15 }, 10395, 1559, '15 % of 103.95 = 15.5925 → 15.59'],
    [{ kind: 'percent', amount: 10 }, 1005, 101, '10 % of 10.05 = 1.005 → 1.01 (half away from zero)'],
    [{ kind: 'percent', amount: 100 }, 25000, 25000, 'the whole subtotal'],
    [{ kind: 'fixed', amount: 2000 }, 25000, 2000, 'fixed 20.00'],
    [{ kind: 'fixed', amount: 30000 }, 25000, 25000, 'capped at the subtotal'],
    [{ kind: 'fixed', amount: 500 }, 0, 0, 'nothing to discount'],
    [{ kind: 'percent', amount: 0 }, 25000, 0, 'unusable percent'],
    [{ kind: 'fixed', amount: -500 }, 25000, 0, 'negative fixed never adds'],
  ])('%j on %i = %i (%s)', (discount, subtotal, expected) => {
    expect(couponDiscountAmount(discount, subtotal)).toBe(expected);
  });

  it('rejects a negative or fractional subtotal', () => {
    expect(() => couponDiscountAmount({ kind: 'fixed', amount: 1 }, -1)).toThrow(RangeError);
    expect(() => couponDiscountAmount({ kind: 'fixed', amount: 1 }, 1.5)).toThrow(RangeError);
  });
});
