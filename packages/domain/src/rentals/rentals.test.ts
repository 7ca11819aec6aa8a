import { describe, expect, it } from 'vitest';
import { competingSpan } from '../reservations';
import {
  bookingStanding,
  countsAgainstStock,
  decideRentalAction,
  isOverdue,
  lateReturnHours,
  missingFuelEighths,
  rentalStatusOf,
  renterLockOf,
  renterMayChange,
  returnChargeRates,
  returnCharges,
  takenSpan,
  takesUnitIn,
  type RentalState,
} from './index';

// Panama is UTC-5 all year: 10:00 in Panama is 15:00 UTC.
const at = (utc: string) => new Date(`${utc}Z`);
const booked: RentalState = { status: 'paid', rentalStatus: 'booked', pickupDate: '2026-12-01T10:00:00' };

describe('rental lifecycle', () => {
  it('reads a missing or unknown stored status as booked', () => {
    expect(rentalStatusOf(null)).toBe('booked');
    expect(rentalStatusOf('lost')).toBe('booked');
    expect(rentalStatusOf('picked_up')).toBe('picked_up');
  });

  it('hands over a booked car, early or late, paid or to pay at pickup', () => {
    expect(decideRentalAction('pickup', booked, at('2026-12-01T09:00:00'))).toEqual({ allowed: true, next: 'picked_up' });
    expect(decideRentalAction('pickup', { ...booked, status: 'unpaid', rentalStatus: null }, at('2026-12-02T09:00:00'))).toEqual({ allowed: true, next: 'picked_up' });
  });

  it('refuses to hand over a cancelled booking, or one already handed over, back or marked no-show', () => {
    const now = at('2026-12-01T15:00:00');
    expect(decideRentalAction('pickup', { ...booked, status: 'cancelled' }, now)).toEqual({ allowed: false, reason: 'reservation_cancelled' });
    expect(decideRentalAction('pickup', { ...booked, rentalStatus: 'picked_up' }, now)).toEqual({ allowed: false, reason: 'already_picked_up' });
    expect(decideRentalAction('pickup', { ...booked, rentalStatus: 'returned' }, now)).toEqual({ allowed: false, reason: 'already_returned' });
    expect(decideRentalAction('pickup', { ...booked, rentalStatus: 'no_show' }, now)).toEqual({ allowed: false, reason: 'marked_no_show' });
  });

  it('takes back only a car handed over, even if its payment was cancelled since', () => {
    const now = at('2026-12-03T15:00:00');
    expect(decideRentalAction('return', booked, now)).toEqual({ allowed: false, reason: 'not_picked_up' });
    expect(decideRentalAction('return', { ...booked, rentalStatus: 'picked_up' }, now)).toEqual({ allowed: true, next: 'returned' });
    expect(decideRentalAction('return', { ...booked, status: 'cancelled', rentalStatus: 'picked_up' }, now)).toEqual({ allowed: true, next: 'returned' });
    expect(decideRentalAction('return', { ...booked, rentalStatus: 'returned' }, now)).toEqual({ allowed: false, reason: 'already_returned' });
    expect(decideRentalAction('return', { ...booked, rentalStatus: 'no_show' }, now)).toEqual({ allowed: false, reason: 'marked_no_show' });
  });

  it('marks a no-show from the pickup minute on, never before and never after the handover', () => {
    expect(decideRentalAction('no_show', booked, at('2026-12-01T14:59:59'))).toEqual({ allowed: false, reason: 'pickup_time_not_reached' });
    expect(decideRentalAction('no_show', booked, at('2026-12-01T15:00:00'))).toEqual({ allowed: true, next: 'no_show' });
    expect(decideRentalAction('no_show', { ...booked, rentalStatus: 'picked_up' }, at('2026-12-01T16:00:00'))).toEqual({ allowed: false, reason: 'already_picked_up' });
    expect(decideRentalAction('no_show', { ...booked, status: 'cancelled' }, at('2026-12-01T16:00:00'))).toEqual({ allowed: false, reason: 'reservation_cancelled' });
    expect(decideRentalAction('no_show', { ...booked, rentalStatus: 'no_show' }, at('2026-12-01T16:00:00'))).toEqual({ allowed: false, reason: 'marked_no_show' });
  });
});

describe('what the renter may still do', () => {
  it('lets the renter change or cancel only while the booking is booked (or older than the lifecycle)', () => {
    expect(renterMayChange('booked')).toBe(true);
    expect(renterMayChange(null)).toBe(true);
    expect(renterLockOf(undefined)).toBeNull();
    for (const status of ['picked_up', 'returned', 'no_show']) expect(renterMayChange(status)).toBe(false);
  });

  it('says why once the rental began or ended at the counter', () => {
    expect(renterLockOf('picked_up')).toBe('already_picked_up');
    expect(renterLockOf('returned')).toBe('already_returned');
    expect(renterLockOf('no_show')).toBe('marked_no_show');
  });

  it('shows where the booking stands: the lifecycle once the counter acted, the payment before', () => {
    const postpaid = { status: 'unpaid', reservationType: 'postpaid' } as const;
    expect(bookingStanding({ ...postpaid, rentalStatus: 'booked' })).toBe('payAtPickup');
    expect(bookingStanding({ ...postpaid, rentalStatus: null })).toBe('payAtPickup');
    // A pay-at-counter renter who never came is not "confirmed, to pay at the counter".
    expect(bookingStanding({ ...postpaid, rentalStatus: 'no_show' })).toBe('noShow');
    expect(bookingStanding({ status: 'paid', reservationType: 'prepaid', rentalStatus: 'no_show' })).toBe('noShow');
    expect(bookingStanding({ status: 'paid', reservationType: 'prepaid', rentalStatus: 'picked_up' })).toBe('pickedUp');
    expect(bookingStanding({ ...postpaid, rentalStatus: 'returned' })).toBe('returned');
    expect(bookingStanding({ status: 'cancelled', reservationType: 'prepaid', rentalStatus: 'booked' })).toBe('cancelled');
    expect(bookingStanding({ status: 'unpaid', reservationType: 'prepaid', rentalStatus: 'booked' })).toBe('awaitingPayment');
  });
});

describe('return charges', () => {
  const rates = returnChargeRates({ fuelRefillRatePerEighth: 600, lateReturnHourlyRate: 1000, lateReturnGraceMinutes: 30, taxRatePercent: '7.00' });
  const returnAt = '2026-12-05T10:00:00';

  it('reads the rates from the site config, with defaults for empty or malformed values', () => {
    expect(rates).toEqual({ fuelRefillRatePerEighth: 600, lateReturnHourlyRate: 1000, lateReturnGraceMinutes: 30, taxRatePercent: 7 });
    expect(returnChargeRates({ fuelRefillRatePerEighth: -1, lateReturnHourlyRate: 2.5, lateReturnGraceMinutes: null })).toEqual({
      fuelRefillRatePerEighth: 0, lateReturnHourlyRate: 0, lateReturnGraceMinutes: 0, taxRatePercent: 7,
    });
  });

  it('counts missing eighths only', () => {
    expect(missingFuelEighths(8, 5)).toBe(3);
    expect(missingFuelEighths(4, 8)).toBe(0);
    expect(() => missingFuelEighths(9, 0)).toThrow(RangeError);
    expect(() => missingFuelEighths(4, 2.5)).toThrow(RangeError);
  });

  it('charges late hours past the grace, each started hour counted from the booked return', () => {
    expect(lateReturnHours(returnAt, at('2026-12-05T15:30:00'), 30)).toBe(0);
    expect(lateReturnHours(returnAt, at('2026-12-05T15:30:01'), 30)).toBe(1);
    expect(lateReturnHours(returnAt, at('2026-12-05T16:00:00'), 30)).toBe(1);
    expect(lateReturnHours(returnAt, at('2026-12-05T16:01:00'), 30)).toBe(2);
    expect(lateReturnHours(returnAt, at('2026-12-05T15:00:01'), 0)).toBe(1);
    expect(lateReturnHours(returnAt, at('2026-12-05T12:00:00'), 0)).toBe(0);
  });

  it('gives no line at all for a car back on time, full and unharmed', () => {
    expect(returnCharges({ fuelOut: 8, fuelIn: 8, bookedReturn: returnAt, returnedAt: at('2026-12-05T15:00:00'), rates })).toEqual({ lines: [], subtotal: 0, tax: 0, total: 0 });
  });

  it('bills fuel and late hours with ITBMS, and damage as entered', () => {
    const charges = returnCharges({ fuelOut: 8, fuelIn: 5, bookedReturn: returnAt, returnedAt: at('2026-12-05T17:10:00'), damageAmount: 25_000, rates });
    expect(charges.lines).toEqual([
      { code: 'fuel', quantity: 3, unitAmount: 600, amount: 1800 },
      { code: 'late_return', quantity: 3, unitAmount: 1000, amount: 3000 },
      { code: 'damage', amount: 25_000 },
      { code: 'tax', amount: 336 },
    ]);
    expect(charges).toMatchObject({ subtotal: 29_800, tax: 336, total: 30_136 });
    expect(charges.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(charges.total);
  });

  it('rounds the tax once, half away from zero, and skips it when only damage is charged', () => {
    const halfCent = returnChargeRates({ fuelRefillRatePerEighth: 150, taxRatePercent: 7 });
    expect(returnCharges({ fuelOut: 1, fuelIn: 0, bookedReturn: returnAt, returnedAt: at('2026-12-05T15:00:00'), rates: halfCent }).tax).toBe(11);
    const onlyDamage = returnCharges({ fuelOut: 4, fuelIn: 4, bookedReturn: returnAt, returnedAt: at('2026-12-05T15:00:00'), damageAmount: 999, rates });
    expect(onlyDamage).toEqual({ lines: [{ code: 'damage', amount: 999 }], subtotal: 999, tax: 0, total: 999 });
  });

  it('charges nothing for a rate the brand left unset, and refuses a negative damage', () => {
    const none = returnChargeRates({});
    expect(returnCharges({ fuelOut: 8, fuelIn: 0, bookedReturn: returnAt, returnedAt: at('2026-12-06T15:00:00'), rates: none }).total).toBe(0);
    expect(() => returnCharges({ fuelOut: 8, fuelIn: 8, bookedReturn: returnAt, returnedAt: at('2026-12-05T15:00:00'), damageAmount: -1, rates })).toThrow(RangeError);
  });
});

describe('stock follows the counter', () => {
  const rental = { pickupDate: '2026-12-01T10:00:00', returnDate: '2026-12-05T10:00:00' };
  const buffer = { bufferMinutes: 120 };

  it('a booked rental takes its booked span; a no-show takes nothing', () => {
    expect(takenSpan({ ...rental, rentalStatus: 'booked' }, at('2026-12-01T12:00:00'))).toEqual({ from: '2026-12-01T10:00:00', to: '2026-12-05T10:00:00' });
    expect(takenSpan({ ...rental, rentalStatus: 'no_show' }, at('2026-12-01T16:00:00'))).toBeNull();
    expect(takesUnitIn(competingSpan('2026-12-02T10:00:00', '2026-12-03T10:00:00', buffer), { ...rental, rentalStatus: 'no_show' }, at('2026-12-01T16:00:00'))).toBe(false);
  });

  it('a car handed over early takes its unit from the handover', () => {
    expect(takenSpan({ ...rental, rentalStatus: 'picked_up', pickedUpAt: '2026-12-01T13:30:00Z' }, at('2026-12-01T14:00:00'))).toEqual({ from: '2026-12-01T08:30:00', to: '2026-12-05T10:00:00' });
  });

  it('a car not back by its booked return stays taken, open-ended, until it is returned', () => {
    const late = { ...rental, rentalStatus: 'picked_up', pickedUpAt: '2026-12-01T15:00:00Z' };
    expect(takenSpan(late, at('2026-12-05T14:59:00'))?.to).toBe('2026-12-05T10:00:00');
    expect(takenSpan(late, at('2026-12-05T15:00:00'))?.to).toBeNull();
    const nextWeek = competingSpan('2026-12-12T10:00:00', '2026-12-14T10:00:00', buffer);
    expect(takesUnitIn(nextWeek, late, at('2026-12-05T14:59:00'))).toBe(false);
    expect(takesUnitIn(nextWeek, late, at('2026-12-05T16:00:00'))).toBe(true);
    expect(isOverdue(late, at('2026-12-05T15:00:00'))).toBe(false);
    expect(isOverdue(late, at('2026-12-05T15:00:01'))).toBe(true);
    expect(isOverdue({ ...late, rentalStatus: 'returned' }, at('2026-12-06T15:00:00'))).toBe(false);
  });

  it('a return frees the unit at the actual return plus the buffer', () => {
    const early = { ...rental, rentalStatus: 'returned', pickedUpAt: '2026-12-01T15:00:00Z', returnedAt: '2026-12-03T15:00:00Z' };
    expect(takenSpan(early, at('2026-12-03T16:00:00'))?.to).toBe('2026-12-03T10:00:00');
    // A rental from 12:00 competes from 10:00: a car back at 10:00 is free for it, one back at 10:01 is not.
    expect(takesUnitIn(competingSpan('2026-12-03T12:00:00', '2026-12-04T12:00:00', buffer), early, at('2026-12-03T16:00:00'))).toBe(false);
    expect(takesUnitIn(competingSpan('2026-12-03T11:59:00', '2026-12-04T12:00:00', buffer), early, at('2026-12-03T16:00:00'))).toBe(true);
    const lateBack = { ...early, returnedAt: '2026-12-05T18:00:00Z' };
    expect(takesUnitIn(competingSpan('2026-12-05T14:00:00', '2026-12-06T12:00:00', buffer), lateBack, at('2026-12-06T00:00:00'))).toBe(true);
    expect(takesUnitIn(competingSpan('2026-12-05T15:00:00', '2026-12-06T12:00:00', buffer), lateBack, at('2026-12-06T00:00:00'))).toBe(false);
  });

  it('counts a booked rental only while its payment holds the unit, a car handed over whatever its payment', () => {
    const span = competingSpan('2026-12-02T10:00:00', '2026-12-03T10:00:00', buffer);
    const now = at('2026-12-01T16:00:00');
    const rules = { holdMinutes: 30 };
    const row = { ...rental, type: 'prepaid', createdAt: '2026-11-01T00:00:00Z' };
    expect(countsAgainstStock(span, { ...row, rentalStatus: 'booked', status: 'paid' }, rules, now)).toBe(true);
    expect(countsAgainstStock(span, { ...row, rentalStatus: 'booked', status: 'unpaid' }, rules, now)).toBe(false);
    expect(countsAgainstStock(span, { ...row, rentalStatus: 'booked', status: 'cancelled' }, rules, now)).toBe(false);
    expect(countsAgainstStock(span, { ...row, rentalStatus: 'picked_up', status: 'cancelled' }, rules, now)).toBe(true);
    expect(countsAgainstStock(span, { ...row, rentalStatus: 'no_show', status: 'paid' }, rules, now)).toBe(false);
  });

  it('ignores a reservation whose dates cannot be read', () => {
    expect(takenSpan({ rentalStatus: 'booked', pickupDate: 'soon', returnDate: '2026-12-05T10:00:00' }, at('2026-12-01T00:00:00'))).toBeNull();
  });
});
