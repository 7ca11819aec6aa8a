import { describe, expect, it } from 'vitest';
import {
  amountHeld,
  canMovePayment,
  cancellationRefund,
  cancellationTerms,
  carDailyRateOf,
  changeSettlement,
  DEFAULT_CANCELLATION_RULE,
  isLivePaymentStatus,
  isPaymentStatus,
  looksLikeCardNumber,
  PAYMENT_STATUSES,
  paymentMethodOfProvider,
  paymentTypeOfProvider,
  COUNTER_PROVIDER,
} from './index';

const pickup = new Date('2026-12-10T15:00:00Z');
const hoursBefore = (hours: number) => new Date(pickup.getTime() - hours * 3_600_000);

describe('cancellationRefund', () => {
  it('gives everything back when cancelled at least the rule hours before pickup', () => {
    expect(cancellationRefund(12_345, pickup, hoursBefore(48), DEFAULT_CANCELLATION_RULE, 3_500)).toEqual({ kind: 'full', amount: 12_345 });
    expect(cancellationRefund(12_345, pickup, hoursBefore(200), DEFAULT_CANCELLATION_RULE, 3_500)).toEqual({ kind: 'full', amount: 12_345 });
  });

  it('keeps one day of the car rate (the rule days) when cancelled later but before pickup', () => {
    expect(cancellationRefund(12_345, pickup, hoursBefore(47.9), DEFAULT_CANCELLATION_RULE, 3_500)).toEqual({ kind: 'partial', amount: 8_845 });
    expect(cancellationRefund(10_000, pickup, hoursBefore(1), { fullRefundHours: 24, lateFeeDays: 2 }, 3_000)).toEqual({ kind: 'partial', amount: 4_000 });
    expect(cancellationRefund(10_000, pickup, hoursBefore(1), { fullRefundHours: 24, lateFeeDays: 0 }, 3_000)).toEqual({ kind: 'full', amount: 10_000 });
  });

  it('gives nothing back from pickup on, or when the days kept cost more than was paid', () => {
    expect(cancellationRefund(10_000, pickup, pickup, DEFAULT_CANCELLATION_RULE, 3_000)).toEqual({ kind: 'none', amount: 0 });
    expect(cancellationRefund(5_000, pickup, hoursBefore(2), { fullRefundHours: 24, lateFeeDays: 2 }, 3_000)).toEqual({ kind: 'none', amount: 0 });
    expect(cancellationRefund(0, pickup, hoursBefore(100), DEFAULT_CANCELLATION_RULE, 3_000)).toEqual({ kind: 'none', amount: 0 });
  });

  it('treats a rule of 0 hours as "everything back until pickup"', () => {
    expect(cancellationRefund(10_000, pickup, hoursBefore(0.5), { fullRefundHours: 0, lateFeeDays: 1 }, 3_000)).toEqual({ kind: 'full', amount: 10_000 });
  });
});

describe('cancellationTerms', () => {
  it('is free until the rule hours before pickup, then keeps the rule days of the car rate', () => {
    expect(cancellationTerms(20_000, pickup, hoursBefore(100), DEFAULT_CANCELLATION_RULE, 3_500)).toEqual({ freeUntil: hoursBefore(48), lateFee: 3_500 });
    expect(cancellationTerms(20_000, pickup, hoursBefore(100), { fullRefundHours: 24, lateFeeDays: 2 }, 3_500)).toEqual({ freeUntil: hoursBefore(24), lateFee: 7_000 });
  });

  it('has no free period once it has passed, and never keeps more than the total', () => {
    expect(cancellationTerms(20_000, pickup, hoursBefore(47), DEFAULT_CANCELLATION_RULE, 3_500)).toEqual({ freeUntil: undefined, lateFee: 3_500 });
    expect(cancellationTerms(5_000, pickup, hoursBefore(100), { fullRefundHours: 24, lateFeeDays: 2 }, 3_000)).toEqual({ freeUntil: hoursBefore(24), lateFee: 5_000 });
  });

  it('is the rule cancellationRefund applies: refund = total less the fee once the free period is over', () => {
    for (const hours of [200, 48, 47.9, 10, 1]) {
      const now = hoursBefore(hours);
      const terms = cancellationTerms(12_345, pickup, now, DEFAULT_CANCELLATION_RULE, 3_500);
      const refund = cancellationRefund(12_345, pickup, now, DEFAULT_CANCELLATION_RULE, 3_500);
      expect(refund.amount).toBe(terms.freeUntil ? 12_345 : 12_345 - terms.lateFee);
    }
  });
});

describe('carDailyRateOf', () => {
  it('divides the car line by the days, rounded to the cent, and is 0 without days', () => {
    expect(carDailyRateOf(10_500, 3)).toBe(3_500);
    expect(carDailyRateOf(10_000, 3)).toBe(3_333);
    expect(carDailyRateOf(10_000, 0)).toBe(0);
  });
});

describe('changeSettlement', () => {
  it('charges an increase and refunds a decrease of a paid reservation', () => {
    expect(changeSettlement(10_000, 12_500)).toEqual({ kind: 'charge', amount: 2_500 });
    expect(changeSettlement(10_000, 8_000)).toEqual({ kind: 'refund', amount: 2_000 });
    expect(changeSettlement(10_000, 10_000)).toEqual({ kind: 'none', amount: 0 });
  });
});

describe('amountHeld', () => {
  it('counts succeeded charges less succeeded refunds only', () => {
    expect(
      amountHeld([
        { kind: 'charge', status: 'failed', amount: 10_000 },
        { kind: 'charge', status: 'succeeded', amount: 10_000 },
        { kind: 'charge', status: 'succeeded', amount: 2_000 },
        { kind: 'refund', status: 'succeeded', amount: 3_000 },
        { kind: 'refund', status: 'pending', amount: 1_000 },
      ]),
    ).toBe(9_000);
  });
});

describe('canMovePayment', () => {
  it('moves only forward and never out of a final state', () => {
    expect(canMovePayment('pending', 'requires_action')).toBe(true);
    expect(canMovePayment('requires_action', 'succeeded')).toBe(true);
    expect(canMovePayment('requires_action', 'pending')).toBe(false);
    expect(canMovePayment('succeeded', 'failed')).toBe(false);
    expect(canMovePayment('failed', 'succeeded')).toBe(false);
    expect(canMovePayment('pending', 'pending')).toBe(false);
  });
});

describe('payment statuses', () => {
  it('knows the statuses, and which of them hold or may still take money', () => {
    expect(isPaymentStatus('requires_action')).toBe(true);
    expect(isPaymentStatus('refunded')).toBe(false);
    expect(isPaymentStatus(null)).toBe(false);
    expect(PAYMENT_STATUSES.filter(isLivePaymentStatus)).toEqual(['pending', 'requires_action', 'succeeded']);
  });

  it('tells a PayPal payment from a card payment by its gateway', () => {
    expect(paymentMethodOfProvider('paypal')).toBe('paypal');
    expect(paymentMethodOfProvider('metrobank')).toBe('card');
    // The reservation's payment_type: what staff collected at the counter is not a card payment.
    expect(paymentTypeOfProvider(COUNTER_PROVIDER)).toBe('counter');
    expect(paymentTypeOfProvider('paypal')).toBe('paypal');
    expect(paymentTypeOfProvider('metrobank')).toBe('card');
  });
});

describe('card data', () => {
  it.each<[unknown, boolean]>([
    ['card 4242424242424242 declined', true],
    ['card 4242 4242 4242 4242 declined', true],
    ['3782-822463-10005', true],
    [4242424242424242, true],
    ['ref 123456789012 / 12345678901234567890 / 4242 4242 4242 4241', false],
    ['4242 4242 4242 4241', false],
    ['4242 4242 42424 242', false],
    ['pm4242 4242 4242 4242', false],
    ['9b2f1c1e-4242-4242-4242-424242424242', false],
    ['12/29', false],
    [null, false],
    [{ number: '4242424242424242' }, false],
  ])('%j looks like a card number: %s', (value, expected) => {
    expect(looksLikeCardNumber(value)).toBe(expected);
  });
});
