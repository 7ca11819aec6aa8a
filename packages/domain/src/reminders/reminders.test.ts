import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REMINDER_HOURS,
  isPrecheckinDone,
  isReminderDue,
  reminderDueAt,
  reminderHours,
  reminderSearchWindow,
  reminderVerdict,
  remindsOfPrecheckin,
  type ReminderCandidate,
} from './index';

// Pickup on 2030-03-10 at 10:00 in Panama (UTC-5) = 15:00 UTC; 24 hours before is 2030-03-09 15:00 UTC.
const PICKUP = '2030-03-10T10:00:00';
const DUE = new Date('2030-03-09T15:00:00.000Z');
const HOURS = 24;

/** A booking paid at the counter, made well before its reminder, not reminded yet. */
function booking(overrides: Partial<ReminderCandidate> = {}): ReminderCandidate {
  return { status: 'unpaid', reservationType: 'postpaid', pickupAt: PICKUP, createdAt: '2030-02-01T12:00:00.000Z', reminderSentAt: null, ...overrides };
}

const at = (instant: Date, deltaMs: number) => new Date(instant.getTime() + deltaMs);

describe('the brand\'s hours before pickup', () => {
  it('are 24 by default, and the default replaces an empty or impossible setting', () => {
    expect(DEFAULT_REMINDER_HOURS).toBe(24);
    expect(reminderHours(null)).toBe(24);
    expect(reminderHours(undefined)).toBe(24);
    expect(reminderHours(0)).toBe(24);
    expect(reminderHours(2.5)).toBe(24);
    expect(reminderHours(169)).toBe(24);
  });

  it('take the brand\'s whole number of hours from 1 to 168', () => {
    expect(reminderHours(48)).toBe(48);
    expect(reminderHours('12')).toBe(12);
    expect(reminderHours(1)).toBe(1);
    expect(reminderHours(168)).toBe(168);
  });
});

describe('when a reminder is due', () => {
  it('is the pickup, read as Panama time, less the brand\'s hours', () => {
    expect(reminderDueAt(PICKUP, 24)?.toISOString()).toBe('2030-03-09T15:00:00.000Z');
    expect(reminderDueAt('2030-03-10T10:00', 48)?.toISOString()).toBe('2030-03-08T15:00:00.000Z');
    expect(reminderDueAt('not a date', 24)).toBeNull();
  });

  it('is due from exactly 24 hours before pickup, not a millisecond earlier', () => {
    expect(reminderVerdict(booking(), HOURS, at(DUE, -1))).toBe('too_early');
    expect(reminderVerdict(booking(), HOURS, DUE)).toBe('due');
    expect(isReminderDue(booking(), HOURS, DUE)).toBe(true);
    expect(isReminderDue(booking(), HOURS, at(DUE, -60_000))).toBe(false);
  });

  it('follows the brand\'s hours', () => {
    const twelveBefore = new Date('2030-03-10T03:00:00.000Z');
    expect(reminderVerdict(booking(), 12, at(twelveBefore, -1))).toBe('too_early');
    expect(reminderVerdict(booking(), 12, twelveBefore)).toBe('due');
  });

  it('catches up after a missed run, until the pickup itself', () => {
    expect(reminderVerdict(booking(), HOURS, at(DUE, 6 * 3_600_000))).toBe('due');
    const pickup = new Date('2030-03-10T15:00:00.000Z');
    expect(reminderVerdict(booking(), HOURS, at(pickup, -1))).toBe('due');
    expect(reminderVerdict(booking(), HOURS, pickup)).toBe('picked_up');
    expect(reminderVerdict(booking(), HOURS, at(pickup, 3_600_000))).toBe('picked_up');
  });

  it('is due for a booking paid online, paid at the counter or marked paid by staff', () => {
    expect(reminderVerdict(booking({ status: 'paid', reservationType: 'prepaid' }), HOURS, DUE)).toBe('due');
    expect(reminderVerdict(booking({ status: 'unpaid', reservationType: 'postpaid' }), HOURS, DUE)).toBe('due');
    expect(reminderVerdict(booking({ status: 'paid', reservationType: 'postpaid' }), HOURS, DUE)).toBe('due');
  });
});

describe('when a reminder is not sent', () => {
  it('never for a cancelled booking, whatever it was before', () => {
    expect(reminderVerdict(booking({ status: 'cancelled' }), HOURS, DUE)).toBe('cancelled');
    expect(reminderVerdict(booking({ status: 'cancelled', reservationType: 'prepaid' }), HOURS, at(DUE, 60_000))).toBe('cancelled');
  });

  it('never for a prepaid booking whose payment did not go through (an abandoned or pending attempt)', () => {
    expect(reminderVerdict(booking({ status: 'unpaid', reservationType: 'prepaid' }), HOURS, DUE)).toBe('awaiting_payment');
  });

  it('never once the counter handed the car over early, took it back, or marked the renter a no-show', () => {
    expect(reminderVerdict(booking({ rentalStatus: 'picked_up' }), HOURS, DUE)).toBe('picked_up');
    expect(reminderVerdict(booking({ rentalStatus: 'returned' }), HOURS, DUE)).toBe('picked_up');
    expect(reminderVerdict(booking({ rentalStatus: 'no_show' }), HOURS, DUE)).toBe('no_show');
    expect(reminderVerdict(booking({ rentalStatus: 'booked' }), HOURS, DUE)).toBe('due');
    expect(reminderVerdict(booking({ rentalStatus: null }), HOURS, DUE)).toBe('due');
  });

  it('never twice: once sent, a booking is not due again', () => {
    expect(reminderVerdict(booking({ reminderSentAt: '2030-03-09T15:05:00.000Z' }), HOURS, at(DUE, 3_600_000))).toBe('already_sent');
    expect(isReminderDue(booking({ reminderSentAt: '2030-03-09T15:05:00.000Z' }), HOURS, DUE)).toBe(false);
  });

  it('not for a booking made after its reminder\'s moment (less than 24 hours before pickup): its confirmation says it all', () => {
    expect(reminderVerdict(booking({ createdAt: '2030-03-09T15:00:00.001Z' }), HOURS, at(DUE, 60_000))).toBe('booked_late');
    expect(reminderVerdict(booking({ createdAt: '2030-03-10T09:00:00.000Z' }), HOURS, new Date('2030-03-10T10:00:00.000Z'))).toBe('booked_late');
    // Booked at the very moment: still reminded.
    expect(reminderVerdict(booking({ createdAt: '2030-03-09T15:00:00.000Z' }), HOURS, DUE)).toBe('due');
  });

  it('not for a pickup that cannot be read', () => {
    expect(reminderVerdict(booking({ pickupAt: null }), HOURS, DUE)).toBe('unreadable');
    expect(reminderVerdict(booking({ pickupAt: '2030-02-30T10:00:00' }), HOURS, DUE)).toBe('unreadable');
  });
});

describe('the pickups a run looks at', () => {
  it('are after now and at most the longest brand\'s hours ahead, as Panama wall clock', () => {
    expect(reminderSearchWindow(new Date('2030-03-09T15:00:30.250Z'), 24)).toEqual({ from: '2030-03-09T10:00:30', to: '2030-03-10T10:00:30' });
  });

  it('hold every pickup a booking is due for at that instant', () => {
    const now = new Date('2030-03-09T15:00:00.000Z');
    const { from, to } = reminderSearchWindow(now, HOURS);
    expect(PICKUP > from && PICKUP <= to).toBe(true);
    expect(isReminderDue(booking(), HOURS, now)).toBe(true);
    const justAfter = '2030-03-10T10:00:01';
    expect(justAfter <= to).toBe(false);
    expect(isReminderDue(booking({ pickupAt: justAfter }), HOURS, now)).toBe(false);
  });
});

describe('the pre-check-in in a reminder', () => {
  it('is done once complete (paid), not while pending or without one', () => {
    expect(isPrecheckinDone('paid')).toBe(true);
    expect(isPrecheckinDone('pending')).toBe(false);
    expect(isPrecheckinDone(null)).toBe(false);
  });

  it('is linked while not done, and only when the brand offers it', () => {
    expect(remindsOfPrecheckin({ precheckinEnabled: true, precheckinDone: false })).toBe(true);
    expect(remindsOfPrecheckin({ precheckinEnabled: true, precheckinDone: true })).toBe(false);
    expect(remindsOfPrecheckin({ precheckinEnabled: false, precheckinDone: false })).toBe(false);
  });
});
