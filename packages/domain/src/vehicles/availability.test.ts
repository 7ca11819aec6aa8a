import { describe, expect, it } from 'vitest';
import { bookingRules } from '../reservations';
import {
  assignmentHoursOf,
  assignmentIsDue,
  modelAvailability,
  unitBranchAt,
  unitRefusal,
  wishOf,
  type PlannedUnit,
  type RentalWish,
  type UnitRental,
} from './availability';

// Panama is UTC-5 all year.
const now = new Date('2026-12-01T13:00:00Z'); // 08:00 in Panama
const rules = bookingRules({ turnaroundBufferMinutes: 120, paymentHoldMinutes: 30 });
const DAV = 'david';
const PTY = 'tocumen';

function unit(id: string, overrides: Partial<PlannedUnit> = {}): PlannedUnit {
  return { id, car: 'picanto', currentBranch: DAV, status: 'ready', availableFrom: null, mileage: 20_000, nextServiceKm: 30_000, nextServiceDate: null, ...overrides };
}

let nextRental = 1;
function rental(overrides: Partial<UnitRental>): UnitRental {
  return {
    id: String(nextRental++), car: 'picanto', vehicle: null, pickupBranch: DAV, returnBranch: null,
    rentalStatus: 'booked', pickupDate: '2026-12-05T10:00:00', returnDate: '2026-12-07T10:00:00',
    status: 'paid', type: 'postpaid', createdAt: '2026-11-20T10:00:00Z', ...overrides,
  };
}

const wish = (pickup: string, returnAt: string, pickupBranch = DAV, returnBranch = pickupBranch): RentalWish => ({ pickup, returnAt, pickupBranch, returnBranch });

describe('a unit and its rentals', () => {
  const car = unit('1');
  const oneWay = rental({ vehicle: '1', pickupBranch: DAV, returnBranch: PTY, pickupDate: '2026-12-05T10:00:00', returnDate: '2026-12-07T10:00:00' });

  it('is at the return branch of a one-way rental after it, and at its own branch before', () => {
    expect(unitBranchAt(car, [oneWay], '2026-12-04T10:00:00', rules, now)).toBe(DAV);
    expect(unitBranchAt(car, [oneWay], '2026-12-08T10:00:00', rules, now)).toBe(PTY);
  });

  it('can be booked where a one-way rental leaves it once the turnaround buffer is over, and no longer where it started', () => {
    expect(unitRefusal(car, [oneWay], wish('2026-12-07T12:00:00', '2026-12-09T10:00:00', PTY), rules, now)).toBeNull();
    expect(unitRefusal(car, [oneWay], wish('2026-12-07T11:00:00', '2026-12-09T10:00:00', PTY), rules, now)).toBe('taken');
    expect(unitRefusal(car, [oneWay], wish('2026-12-08T10:00:00', '2026-12-09T10:00:00', DAV), rules, now)).toBe('elsewhere');
  });

  it('cannot be taken one-way away from the branch where its next rental starts', () => {
    const later = rental({ vehicle: '1', pickupDate: '2026-12-10T10:00:00', returnDate: '2026-12-12T10:00:00' });
    expect(unitRefusal(car, [later], wish('2026-12-02T10:00:00', '2026-12-04T10:00:00', DAV, PTY), rules, now)).toBe('needed_elsewhere_after');
    expect(unitRefusal(car, [later], wish('2026-12-02T10:00:00', '2026-12-04T10:00:00', DAV, DAV), rules, now)).toBeNull();
  });

  it('is not offered in maintenance or out of service, unless staff said from when it is back', () => {
    const repairs = unit('1', { status: 'in_maintenance' });
    expect(unitRefusal(repairs, [], wish('2026-12-02T10:00:00', '2026-12-04T10:00:00'), rules, now)).toBe('in_maintenance');
    expect(unitRefusal(unit('1', { status: 'out_of_service' }), [], wish('2026-12-02T10:00:00', '2026-12-04T10:00:00'), rules, now)).toBe('out_of_service');
    const back = unit('1', { status: 'in_maintenance', availableFrom: '2026-12-03T08:00:00' });
    expect(unitRefusal(back, [], wish('2026-12-02T10:00:00', '2026-12-04T10:00:00'), rules, now)).toBe('in_maintenance');
    expect(unitRefusal(back, [], wish('2026-12-03T10:00:00', '2026-12-04T10:00:00'), rules, now)).toBeNull();
  });

  it('is not offered past its service mileage, nor for rentals that reach its service date', () => {
    expect(unitRefusal(unit('1', { mileage: 30_000 }), [], wish('2026-12-02T10:00:00', '2026-12-04T10:00:00'), rules, now)).toBe('service_due');
    const dated = unit('1', { nextServiceDate: '2026-12-04' });
    expect(unitRefusal(dated, [], wish('2026-12-02T10:00:00', '2026-12-04T10:00:00'), rules, now)).toBe('service_due');
    expect(unitRefusal(dated, [], wish('2026-12-02T10:00:00', '2026-12-03T18:00:00'), rules, now)).toBeNull();
  });

  it('still counts while it waits to be cleaned, for rentals that start after the buffer', () => {
    const dirty = unit('1', { status: 'needs_cleaning' });
    expect(unitRefusal(dirty, [], wish('2026-12-01T09:00:00', '2026-12-02T10:00:00'), rules, now)).toBe('being_cleaned');
    expect(unitRefusal(dirty, [], wish('2026-12-01T10:00:00', '2026-12-02T10:00:00'), rules, now)).toBeNull();
  });

  it('stays taken by a late car until it is returned, and is free the buffer after the return', () => {
    const late = rental({ vehicle: '1', rentalStatus: 'picked_up', pickupDate: '2026-11-28T10:00:00', returnDate: '2026-11-30T10:00:00' });
    expect(unitRefusal(car, [late], wish('2026-12-20T10:00:00', '2026-12-21T10:00:00'), rules, now)).toBe('taken');
    const back = { ...late, rentalStatus: 'returned', returnedAt: '2026-12-01T12:30:00Z' };
    expect(unitRefusal(car, [back], wish('2026-12-01T09:00:00', '2026-12-02T10:00:00'), rules, now)).toBe('taken');
    expect(unitRefusal(car, [back], wish('2026-12-01T09:30:00', '2026-12-02T10:00:00'), rules, now)).toBeNull();
  });

  it('is free again when a booking is cancelled, its payment hold runs out, or the renter did not come', () => {
    const wanted = wish('2026-12-05T10:00:00', '2026-12-06T10:00:00');
    expect(unitRefusal(car, [rental({ vehicle: '1' })], wanted, rules, now)).toBe('taken');
    expect(unitRefusal(car, [rental({ vehicle: '1', status: 'cancelled' })], wanted, rules, now)).toBeNull();
    expect(unitRefusal(car, [rental({ vehicle: '1', status: 'unpaid', type: 'prepaid', createdAt: '2026-12-01T12:00:00Z' })], wanted, rules, now)).toBeNull();
    expect(unitRefusal(car, [rental({ vehicle: '1', rentalStatus: 'no_show' })], wanted, rules, now)).toBeNull();
  });

  it('leaves out the reservation being changed', () => {
    const own = rental({ vehicle: '1' });
    expect(unitRefusal(car, [own], wish('2026-12-05T12:00:00', '2026-12-06T10:00:00'), rules, now, own.id)).toBeNull();
  });
});

describe('a model at a branch', () => {
  const units = [unit('1'), unit('2'), unit('3', { currentBranch: PTY })];

  it('counts the units there and the ones free for the dates', () => {
    const taken = rental({ vehicle: '1' });
    const result = modelAvailability(units, [taken], wish('2026-12-06T10:00:00', '2026-12-08T10:00:00'), rules, now);
    expect(result).toMatchObject({ units: 2, free: 1 });
    expect(result.choice?.id).toBe('2');
  });

  it('gives the bookings still without a unit their share first', () => {
    const waiting = rental({ vehicle: null });
    expect(modelAvailability(units, [waiting], wish('2026-12-06T10:00:00', '2026-12-08T10:00:00'), rules, now).free).toBe(1);
    expect(modelAvailability(units, [waiting, rental({ vehicle: null })], wish('2026-12-06T10:00:00', '2026-12-08T10:00:00'), rules, now))
      .toMatchObject({ free: 0, choice: null });
  });

  it('counts a car arriving from a one-way rental where it ends', () => {
    const toPty = rental({ vehicle: '1', returnBranch: PTY });
    expect(modelAvailability(units, [toPty], wish('2026-12-08T10:00:00', '2026-12-09T10:00:00', PTY), rules, now)).toMatchObject({ units: 2, free: 2 });
    expect(modelAvailability(units, [toPty], wish('2026-12-08T10:00:00', '2026-12-09T10:00:00', DAV), rules, now)).toMatchObject({ units: 1, free: 1 });
  });

  it('picks the unit that comes free last before the pickup, keeping long free spans whole', () => {
    const early = rental({ vehicle: '1', pickupDate: '2026-12-02T10:00:00', returnDate: '2026-12-03T10:00:00' });
    const later = rental({ vehicle: '2', pickupDate: '2026-12-03T10:00:00', returnDate: '2026-12-04T10:00:00' });
    expect(modelAvailability(units, [early, later], wish('2026-12-05T10:00:00', '2026-12-06T10:00:00'), rules, now).choice?.id).toBe('2');
  });

  it('prefers a ready unit to one waiting to be cleaned', () => {
    const mixed = [unit('1', { status: 'needs_cleaning' }), unit('2')];
    expect(modelAvailability(mixed, [], wish('2026-12-05T10:00:00', '2026-12-06T10:00:00'), rules, now).choice?.id).toBe('2');
  });
});

describe('assignment', () => {
  it('is due the set hours before pickup, and at once for a later booking', () => {
    expect(assignmentIsDue('2026-12-02T09:00:00', 24, now)).toBe(false);
    expect(assignmentIsDue('2026-12-02T08:00:00', 24, now)).toBe(true);
    expect(assignmentIsDue('2026-12-01T09:00:00', 0, now)).toBe(false);
  });

  it('reads the brand\'s assignment hours, 24 when empty or not whole hours', () => {
    expect(assignmentHoursOf(6)).toBe(6);
    expect(assignmentHoursOf(0)).toBe(0);
    expect(assignmentHoursOf(null)).toBe(24);
    expect(assignmentHoursOf(-1)).toBe(24);
    expect(assignmentHoursOf('2.5')).toBe(24);
  });

  it('reads a reservation as the rental it asks for, back at the pickup branch by default', () => {
    expect(wishOf(rental({ pickupBranch: DAV, returnBranch: null, pickupDate: '2026-12-05T10:00', returnDate: '2026-12-07T10:00:00' })))
      .toEqual(wish('2026-12-05T10:00:00', '2026-12-07T10:00:00', DAV, DAV));
    expect(wishOf(rental({ pickupDate: 'soon' }))).toBeNull();
  });
});
