import { describe, expect, it } from 'vitest';
import { bookingChannel, bookingRules, competesIn, competingSpan, DEFAULT_PAYMENT_HOLD_MINUTES, DEFAULT_TURNAROUND_BUFFER_MINUTES, holdsUnit, paymentStanding } from './index';

const NOW = Date.parse('2030-01-10T12:00:00Z');
const minutesAgo = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();

describe('booking rules', () => {
  it('takes the brand settings, or the defaults when they are empty or out of range', () => {
    expect(bookingRules({ turnaroundBufferMinutes: 0, paymentHoldMinutes: 15 })).toEqual({ bufferMinutes: 0, holdMinutes: 15 });
    expect(bookingRules({ turnaroundBufferMinutes: '45', paymentHoldMinutes: '60' })).toEqual({ bufferMinutes: 45, holdMinutes: 60 });
    const defaults = { bufferMinutes: DEFAULT_TURNAROUND_BUFFER_MINUTES, holdMinutes: DEFAULT_PAYMENT_HOLD_MINUTES };
    expect(bookingRules()).toEqual(defaults);
    expect(bookingRules({ turnaroundBufferMinutes: null, paymentHoldMinutes: undefined })).toEqual(defaults);
    expect(bookingRules({ turnaroundBufferMinutes: -1, paymentHoldMinutes: 0 })).toEqual(defaults);
    expect(bookingRules({ turnaroundBufferMinutes: 1.5, paymentHoldMinutes: 'soon' })).toEqual(defaults);
  });
});

describe('holdsUnit', () => {
  const rules = { holdMinutes: 30 };

  it('is false for a cancelled reservation', () => {
    expect(holdsUnit({ status: 'cancelled', type: 'postpaid', createdAt: minutesAgo(1) }, rules, NOW)).toBe(false);
  });

  it('lets an unpaid prepaid reservation go once its payment hold has run out', () => {
    expect(holdsUnit({ status: 'unpaid', type: 'prepaid', createdAt: minutesAgo(29) }, rules, NOW)).toBe(true);
    expect(holdsUnit({ status: 'unpaid', type: 'prepaid', createdAt: minutesAgo(31) }, rules, NOW)).toBe(false);
  });

  it('keeps paid, postpaid and undated reservations', () => {
    expect(holdsUnit({ status: 'paid', type: 'prepaid', createdAt: minutesAgo(600) }, rules, NOW)).toBe(true);
    expect(holdsUnit({ status: 'unpaid', type: 'postpaid', createdAt: minutesAgo(600) }, rules, NOW)).toBe(true);
    expect(holdsUnit({ status: 'unpaid', type: 'prepaid', createdAt: null }, rules, NOW)).toBe(true);
    expect(holdsUnit({ status: 'unpaid', type: 'prepaid', createdAt: 'not a date' }, rules, NOW)).toBe(true);
    expect(holdsUnit({ status: null, type: null, createdAt: null }, rules, NOW)).toBe(true);
  });
});

describe('competing rentals', () => {
  const span = competingSpan('2030-02-10T10:00:00', '2030-02-12T10:00:00', { bufferMinutes: 120 });

  it('widens the rental by the buffer on both sides', () => {
    expect(span).toEqual({ from: '2030-02-10T08:00:00', to: '2030-02-12T12:00:00' });
  });

  it('counts a rental that overlaps the widened span, and not one that only touches it', () => {
    expect(competesIn(span, '2030-02-09T10:00', '2030-02-10T08:01')).toBe(true);
    expect(competesIn(span, '2030-02-12T11:59:00', '2030-02-13T10:00:00')).toBe(true);
    expect(competesIn(span, '2030-02-09T10:00', '2030-02-10T08:00')).toBe(false);
    expect(competesIn(span, '2030-02-12T12:00', '2030-02-13T10:00')).toBe(false);
  });

  it('does not count a rental whose dates cannot be read', () => {
    expect(competesIn(span, null, '2030-02-11T10:00')).toBe(false);
    expect(competesIn(span, '2030-02-11T10:00', 'tomorrow')).toBe(false);
  });
});

describe('paymentStanding', () => {
  it('reads an unpaid pay-at-counter reservation as paid at pickup, and only an unpaid prepaid one as awaiting payment', () => {
    expect(paymentStanding({ status: 'unpaid', reservationType: 'postpaid' })).toBe('payAtPickup');
    expect(paymentStanding({ status: 'unpaid', reservationType: 'prepaid' })).toBe('awaitingPayment');
    expect(paymentStanding({ status: 'paid', reservationType: 'prepaid' })).toBe('paid');
    expect(paymentStanding({ status: 'cancelled', reservationType: 'postpaid' })).toBe('cancelled');
  });
});

describe('booking channel', () => {
  it('is corporate for a company\'s or an agent\'s booking, whatever else was said', () => {
    expect(bookingChannel({ corporate: true, bookedVia: 'web', idempotencyKey: 'draft-1-x' })).toBe('corporate');
    expect(bookingChannel({ corporate: true, idempotencyKey: 'partner-1' })).toBe('corporate');
  });

  it('is what the storefront said it was booked through', () => {
    expect(bookingChannel({ corporate: false, bookedVia: 'api', idempotencyKey: 'draft-looks-like-a-page' })).toBe('api');
    expect(bookingChannel({ corporate: false, bookedVia: 'web', idempotencyKey: 'any' })).toBe('web');
  });

  it('is told by the key when nothing was said: the pages key by their draft, the API by the client\'s key', () => {
    expect(bookingChannel({ corporate: false, idempotencyKey: 'draft-12-4f0c' })).toBe('web');
    expect(bookingChannel({ corporate: false, idempotencyKey: 'partner-order-0003' })).toBe('api');
    expect(bookingChannel({ corporate: false, bookedVia: null, idempotencyKey: null })).toBe('api');
  });
});
