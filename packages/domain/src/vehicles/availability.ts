import { formatPanamaDateTime } from '../dates';
import { addMinutesToLocalDateTime, normalizeLocalDateTimeSeconds, type LocalDateTimeSeconds } from '../dates/local-seconds';
import { holdsUnit, type BookingRules, type HeldReservation } from '../reservations';
import { rentalStatusOf, takenSpan, type RentalOccupancy } from '../rentals';

/**
 * Where each unit is and when it can be rented: the one availability rule (docs/fleet.md).
 *
 * Every booking holds one unit of its car model from the moment it is made: the unit is chosen then (the plan) and is
 * fixed, and shown to the counter, when it is assigned before pickup. A unit's bookings form its timeline: the unit
 * is at its current branch until its next booking picks it up there, and at that booking's return branch after it
 * (a one-way rental moves it). A unit can take a rental from `pickup` to `returnAt` when, at the pickup, it will be at
 * the pickup branch, free of other rentals (each with the brand's turnaround buffer after it), in service, not due for
 * a service before the rental ends, and, when it has a later booking, that booking starts where this rental ends.
 */

/** A unit as the rule reads it (ids as strings, dates as Panama wall-clock). */
export interface PlannedUnit {
  id: string;
  /** Its car model (the fleet's `flota` id). */
  car: string;
  /** Where the unit is now; a car on rent is at its pickup branch until it is returned. */
  currentBranch: string | null;
  status: string | null;
  /** For a unit in maintenance or out of service: from when it may be rented again (Panama wall-clock). */
  availableFrom: string | null;
  mileage: number | null;
  nextServiceKm: number | null;
  /** A Panama date, YYYY-MM-DD. */
  nextServiceDate: string | null;
}

/** A reservation as the rule reads it: its unit (null while it has none), its branches and its dates as stored. */
export interface UnitRental extends RentalOccupancy, HeldReservation {
  id: string;
  car: string;
  vehicle: string | null;
  pickupBranch: string | null;
  /** Null: back at the pickup branch. */
  returnBranch: string | null;
}

/** What a rental asks of a unit. */
export interface RentalWish {
  pickup: LocalDateTimeSeconds;
  returnAt: LocalDateTimeSeconds;
  pickupBranch: string;
  returnBranch: string;
}

/** Why a unit cannot take a rental. */
export const UNIT_REFUSALS = ['in_maintenance', 'out_of_service', 'service_due', 'being_cleaned', 'taken', 'elsewhere', 'needed_elsewhere_after'] as const;
export type UnitRefusal = (typeof UNIT_REFUSALS)[number];

const OFF_ROAD = new Set(['in_maintenance', 'out_of_service']);

/** A span the unit is taken by one of its rentals: `to` null while a late car is not back. */
interface Commitment {
  rental: string;
  from: LocalDateTimeSeconds;
  to: LocalDateTimeSeconds | null;
  fromBranch: string | null;
  toBranch: string | null;
  /** Returned: the unit's current branch already says where it left it. */
  over: boolean;
}

export function wishOf(rental: Pick<UnitRental, 'pickupDate' | 'returnDate' | 'pickupBranch' | 'returnBranch'>): RentalWish | null {
  const pickup = normalizeLocalDateTimeSeconds(rental.pickupDate);
  const returnAt = normalizeLocalDateTimeSeconds(rental.returnDate);
  if (pickup === null || returnAt === null || rental.pickupBranch === null) return null;
  return { pickup, returnAt, pickupBranch: rental.pickupBranch, returnBranch: rental.returnBranch ?? rental.pickupBranch };
}

/**
 * Does the reservation take a unit at all now: booked and still held by its payment, or handed over whatever became of
 * its payment (not cancelled before, not a no-show). The stock's rule (`countsAgainstStock`) without a span.
 */
export function rentalTakesAUnit(rental: UnitRental, rules: Pick<BookingRules, 'holdMinutes'>, now: Date): boolean {
  if (takenSpan(rental, now) === null) return false;
  return rentalStatusOf(rental.rentalStatus) !== 'booked' || holdsUnit(rental, rules, now.getTime());
}

function commitmentsOf(unitId: string, rentals: readonly UnitRental[], rules: Pick<BookingRules, 'holdMinutes'>, now: Date, exclude?: string): Commitment[] {
  const out: Commitment[] = [];
  for (const rental of rentals) {
    if (rental.vehicle !== unitId || rental.id === exclude || !rentalTakesAUnit(rental, rules, now)) continue;
    const span = takenSpan(rental, now);
    if (span === null) continue;
    out.push({
      rental: rental.id, from: span.from, to: span.to, fromBranch: rental.pickupBranch, toBranch: rental.returnBranch ?? rental.pickupBranch,
      over: rentalStatusOf(rental.rentalStatus) === 'returned',
    });
  }
  return out.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
}

function nowWallClock(now: Date): LocalDateTimeSeconds {
  return normalizeLocalDateTimeSeconds(formatPanamaDateTime(now)) ?? '1970-01-01T00:00:00';
}

/** Where the unit will be at `at`: the return branch of its last rental still to end before then, or its current branch. */
export function unitBranchAt(unit: PlannedUnit, rentals: readonly UnitRental[], at: LocalDateTimeSeconds, rules: Pick<BookingRules, 'holdMinutes'>, now: Date): string | null {
  return branchAt(unit, commitmentsOf(unit.id, rentals, rules, now), at);
}

function branchAt(unit: PlannedUnit, commitments: readonly Commitment[], at: LocalDateTimeSeconds): string | null {
  let branch = unit.currentBranch;
  for (const commitment of commitments) {
    if (commitment.from >= at) break;
    if (!commitment.over) branch = commitment.toBranch;
  }
  return branch;
}

interface Fit {
  refusal: UnitRefusal | null;
  /** Where the unit is at the pickup. */
  branch: string | null;
  /** The end of its rental before this one (buffer not added): the later, the tighter the fit. */
  previousEnd: LocalDateTimeSeconds | null;
  /** The start of its next rental after this one. */
  nextStart: LocalDateTimeSeconds | null;
}

function fitOf(unit: PlannedUnit, commitments: readonly Commitment[], wish: RentalWish, rules: BookingRules, now: Date): Fit {
  const branch = branchAt(unit, commitments, wish.pickup);
  const base = { branch, previousEnd: null, nextStart: null };
  if (unit.status !== null && OFF_ROAD.has(unit.status) && (unit.availableFrom === null || unit.availableFrom > wish.pickup)) {
    return { ...base, refusal: unit.status === 'out_of_service' ? 'out_of_service' : 'in_maintenance' };
  }
  if (unit.nextServiceKm !== null && unit.mileage !== null && unit.mileage >= unit.nextServiceKm) return { ...base, refusal: 'service_due' };
  if (unit.nextServiceDate !== null && unit.nextServiceDate <= wish.returnAt.slice(0, 10)) return { ...base, refusal: 'service_due' };
  if (unit.status === 'needs_cleaning' && wish.pickup < addMinutesToLocalDateTime(nowWallClock(now), rules.bufferMinutes)) {
    return { ...base, refusal: 'being_cleaned' };
  }
  const busyUntil = addMinutesToLocalDateTime(wish.returnAt, rules.bufferMinutes);
  let previousEnd: LocalDateTimeSeconds | null = null;
  let next: Commitment | null = null;
  for (const commitment of commitments) {
    const freeFrom = commitment.to === null ? null : addMinutesToLocalDateTime(commitment.to, rules.bufferMinutes);
    if (commitment.from < busyUntil && (freeFrom === null || freeFrom > wish.pickup)) return { ...base, refusal: 'taken' };
    if (commitment.from >= busyUntil) {
      next ??= commitment;
    } else if (commitment.to !== null && (previousEnd === null || commitment.to > previousEnd)) {
      previousEnd = commitment.to;
    }
  }
  const fit = { branch, previousEnd, nextStart: next?.from ?? null };
  if (branch !== wish.pickupBranch) return { ...fit, refusal: 'elsewhere' };
  if (next !== null && next.fromBranch !== wish.returnBranch) return { ...fit, refusal: 'needed_elsewhere_after' };
  return { ...fit, refusal: null };
}

/** Why `unit` cannot take the rental `wish` (null: it can), leaving out the reservation `exclude` (the one being changed). */
export function unitRefusal(
  unit: PlannedUnit,
  rentals: readonly UnitRental[],
  wish: RentalWish,
  rules: BookingRules,
  now: Date,
  exclude?: string,
): UnitRefusal | null {
  return fitOf(unit, commitmentsOf(unit.id, rentals, rules, now, exclude), wish, rules, now).refusal;
}

export interface ModelAvailability {
  /** Units of the model that will be at the pickup branch then, free or not (what demand pricing measures against). */
  units: number;
  /** Of those, how many more rentals like this one can be booked (units that can take it, less bookings still without a unit). */
  free: number;
  /** The unit a booking should hold, the best fit of those that can take it; null when `free` is 0. */
  choice: PlannedUnit | null;
}

function compareFits(a: { unit: PlannedUnit; fit: Fit }, b: { unit: PlannedUnit; fit: Fit }): number {
  const readyA = a.unit.status === 'needs_cleaning' ? 1 : 0;
  const readyB = b.unit.status === 'needs_cleaning' ? 1 : 0;
  if (readyA !== readyB) return readyA - readyB;
  // The unit that comes free last before the pickup, then the one needed again first after it: long free spans stay
  // whole for long rentals.
  const previousA = a.fit.previousEnd ?? '';
  const previousB = b.fit.previousEnd ?? '';
  if (previousA !== previousB) return previousA > previousB ? -1 : 1;
  const nextA = a.fit.nextStart ?? '9999';
  const nextB = b.fit.nextStart ?? '9999';
  if (nextA !== nextB) return nextA < nextB ? -1 : 1;
  return a.unit.id.localeCompare(b.unit.id, 'en', { numeric: true });
}

/**
 * Can a rental of this model (`units`: its units) be booked for `wish`, and with which unit. `rentals`: the reservations
 * of those units and of the model (a booking of the model still without a unit, `vehicle` null, takes one of the free
 * units at its pickup branch when it competes with the wish). `exclude`: the reservation being changed.
 */
export function modelAvailability(
  units: readonly PlannedUnit[],
  rentals: readonly UnitRental[],
  wish: RentalWish,
  rules: BookingRules,
  now: Date,
  exclude?: string,
): ModelAvailability {
  let positioned = 0;
  const fitting: { unit: PlannedUnit; fit: Fit }[] = [];
  for (const unit of units) {
    const fit = fitOf(unit, commitmentsOf(unit.id, rentals, rules, now, exclude), wish, rules, now);
    if (fit.branch === wish.pickupBranch) positioned += 1;
    if (fit.refusal === null) fitting.push({ unit, fit });
  }
  const models = new Set(units.map((unit) => unit.car));
  const unplaced = rentals.filter((rental) => rental.vehicle === null && rental.id !== exclude && models.has(rental.car) && rental.pickupBranch === wish.pickupBranch
    && rentalTakesAUnit(rental, rules, now) && competesWith(rental, wish, rules, now)).length;
  const free = Math.max(0, fitting.length - unplaced);
  fitting.sort(compareFits);
  return { units: positioned, free, choice: free > 0 ? (fitting[0]?.unit ?? null) : null };
}

function competesWith(rental: UnitRental, wish: RentalWish, rules: BookingRules, now: Date): boolean {
  const span = takenSpan(rental, now);
  if (span === null) return false;
  const from = addMinutesToLocalDateTime(wish.pickup, -rules.bufferMinutes);
  const to = addMinutesToLocalDateTime(wish.returnAt, rules.bufferMinutes);
  return span.from < to && (span.to === null || span.to > from);
}

/**
 * When a booking's unit is assigned (fixed, and shown to the counter): `leadHours` before its pickup, or at once for a
 * booking made later than that.
 */
export function assignmentDueAt(pickup: LocalDateTimeSeconds, leadHours: number): LocalDateTimeSeconds {
  return addMinutesToLocalDateTime(pickup, -Math.max(0, leadHours) * 60);
}

export function assignmentIsDue(pickup: LocalDateTimeSeconds, leadHours: number, now: Date): boolean {
  return assignmentDueAt(pickup, leadHours) <= nowWallClock(now);
}

/** The default of the brand's `vehicle_assignment_hours`. */
export const DEFAULT_VEHICLE_ASSIGNMENT_HOURS = 24;

/** The brand's `vehicle_assignment_hours` as stored: whole hours, 0 or more, else the default. */
export function assignmentHoursOf(value: unknown): number {
  if (value === null || value === undefined) return DEFAULT_VEHICLE_ASSIGNMENT_HOURS;
  const hours = Number(value);
  return Number.isInteger(hours) && hours >= 0 ? hours : DEFAULT_VEHICLE_ASSIGNMENT_HOURS;
}
