import { formatPanamaDateTime, parsePanamaTimestamp } from '../dates';
import { normalizeLocalDateTimeSeconds, type LocalDateTimeSeconds } from '../dates/local-seconds';
import { assertNonNegativeCents, multiplyCents, percentOf, sumCents, type Cents, type PercentValue } from '../money';
import { DEFAULT_TAX_RATE_PERCENT, toPercent } from '../quote';
import { holdsUnit, paymentStanding, type BookingRules, type HeldReservation, type PaymentStanding } from '../reservations';
import type { RentalRefusal } from './counter-actions';
import { isFuelEighths, rentalStatusOf, type RentalStatus } from './lifecycle';

export * from './lifecycle';
export * from './counter-actions';
export * from './settlement';

/**
 * Where a booking stands as a renter or an agent reads it: once the counter has acted, the rental lifecycle (the car is
 * out, back, or the renter never came), which says more than its payment; before that, its payment standing. A
 * no-show is never "confirmed, to pay at the counter" any more.
 */
export type BookingStanding = PaymentStanding | 'pickedUp' | 'returned' | 'noShow';

const LIFECYCLE_STANDING: Partial<Record<RentalStatus, BookingStanding>> = { picked_up: 'pickedUp', returned: 'returned', no_show: 'noShow' };

export function bookingStanding(reservation: Parameters<typeof paymentStanding>[0] & { rentalStatus: unknown }): BookingStanding {
  return LIFECYCLE_STANDING[rentalStatusOf(reservation.rentalStatus)] ?? paymentStanding(reservation);
}

/** Why a renter may no longer change or cancel a booking: the rental has begun (or ended) at the counter. */
export const RENTER_LOCK_REASONS = ['already_picked_up', 'already_returned', 'marked_no_show'] as const satisfies readonly RentalRefusal[];
export type RenterLock = (typeof RENTER_LOCK_REASONS)[number];

export function isRenterLock(value: unknown): value is RenterLock {
  return typeof value === 'string' && (RENTER_LOCK_REASONS as readonly string[]).includes(value);
}

const RENTER_LOCKS: Partial<Record<RentalStatus, RenterLock>> = {
  picked_up: 'already_picked_up',
  returned: 'already_returned',
  no_show: 'marked_no_show',
};

/**
 * Why the renter (manage booking, the public booking API, a corporate agent) may no longer change the booking's car,
 * branches or dates or cancel it, or null while it is `booked`: once the car is handed over, has come back or the
 * renter was marked a no-show, only the counter changes it. Other reasons (the pickup time passed, already cancelled)
 * are the storefront's own checks.
 */
export function renterLockOf(rentalStatus: unknown): RenterLock | null {
  return RENTER_LOCKS[rentalStatusOf(rentalStatus)] ?? null;
}

/** Whether the renter may still change or cancel the booking as far as the rental lifecycle goes (only while `booked`). */
export function renterMayChange(rentalStatus: unknown): boolean {
  return renterLockOf(rentalStatus) === null;
}

/** Site config `fuel_refill_rate_per_eighth` default: 0 (no refill charge until the brand sets a rate). */
export const DEFAULT_FUEL_REFILL_RATE_PER_EIGHTH: Cents = 0;
/** Site config `late_return_hourly_rate` default: 0 (no late charge until the brand sets a rate). */
export const DEFAULT_LATE_RETURN_HOURLY_RATE: Cents = 0;
/** Site config `late_return_grace_minutes` default: none. */
export const DEFAULT_LATE_RETURN_GRACE_MINUTES = 0;

export interface ReturnChargeRates {
  fuelRefillRatePerEighth: Cents;
  lateReturnHourlyRate: Cents;
  lateReturnGraceMinutes: number;
  taxRatePercent: number;
}

function centsOr(value: unknown, fallback: Cents): Cents {
  if (value === null || value === undefined || value === '') return fallback;
  const amount = Number(value);
  return Number.isSafeInteger(amount) && amount >= 0 ? amount : fallback;
}

/** The brand's return-charge rates from its site config (cents and whole minutes), each with its default when empty or malformed. */
export function returnChargeRates(settings: {
  fuelRefillRatePerEighth?: unknown;
  lateReturnHourlyRate?: unknown;
  lateReturnGraceMinutes?: unknown;
  taxRatePercent?: PercentValue | null;
} = {}): ReturnChargeRates {
  return {
    fuelRefillRatePerEighth: centsOr(settings.fuelRefillRatePerEighth, DEFAULT_FUEL_REFILL_RATE_PER_EIGHTH),
    lateReturnHourlyRate: centsOr(settings.lateReturnHourlyRate, DEFAULT_LATE_RETURN_HOURLY_RATE),
    lateReturnGraceMinutes: centsOr(settings.lateReturnGraceMinutes, DEFAULT_LATE_RETURN_GRACE_MINUTES),
    taxRatePercent: toPercent(settings.taxRatePercent, DEFAULT_TAX_RATE_PERCENT, 'tax rate'),
  };
}

const HOUR_MS = 3_600_000;

/**
 * Hours charged for a late return: none while the car is back by the booked return plus the grace minutes; past the
 * grace, every started hour counted from the booked return itself (the grace is a tolerance, not a free period: 61
 * minutes late with a 30-minute grace is 2 hours).
 */
export function lateReturnHours(bookedReturn: string, returnedAt: Date, graceMinutes: number): number {
  const booked = parsePanamaTimestamp(bookedReturn);
  if (booked === null) throw new RangeError(`Invalid return date: ${bookedReturn}`);
  const lateMs = returnedAt.getTime() - booked.getTime();
  if (lateMs <= Math.max(0, graceMinutes) * 60_000) return 0;
  return Math.ceil(lateMs / HOUR_MS);
}

/** Eighths of a tank to refill: what is missing against the level at pickup (none when it came back fuller). */
export function missingFuelEighths(fuelOut: number, fuelIn: number): number {
  if (!isFuelEighths(fuelOut) || !isFuelEighths(fuelIn)) throw new RangeError('Fuel levels are whole eighths from 0 to 8');
  return Math.max(0, fuelOut - fuelIn);
}

export type ReturnChargeCode = 'fuel' | 'late_return' | 'damage' | 'tax';

/** A line of the return's extra charges; `quantity` and `unitAmount` on the fuel (eighths) and late (hours) lines. */
export interface ReturnChargeLine {
  code: ReturnChargeCode;
  amount: Cents;
  quantity?: number;
  unitAmount?: Cents;
}

export interface ReturnCharges {
  lines: ReturnChargeLine[];
  subtotal: Cents;
  tax: Cents;
  total: Cents;
}

/**
 * Lines ITBMS applies to: the refill and the extra hours are services sold like the rental (taxed as the quote taxes
 * its lines); a damage amount is compensation for a loss, not a sale, and is charged as entered.
 */
export const TAXED_RETURN_CHARGES: readonly ReturnChargeCode[] = ['fuel', 'late_return'];

export interface ReturnChargeInput {
  fuelOut: number;
  fuelIn: number;
  /** The booked return, Panama wall-clock as stored. */
  bookedReturn: string;
  returnedAt: Date;
  /** Damage to charge, in cents, as staff assess it; 0 or absent = none. */
  damageAmount?: Cents;
  rates: ReturnChargeRates;
}

/**
 * The extra charges of a return, as lines that sum to `total`: fuel (eighths missing × rate per eighth), late return
 * (started hours past the booked return, once past the grace, × hourly rate), damage (the amount), and the ITBMS on
 * the taxed lines (rounded once, half away from zero, as the quote does). Lines of 0 are left out; the tax line is
 * present only when there is something taxed. No charge at all gives no lines and a total of 0.
 */
export function returnCharges(input: ReturnChargeInput): ReturnCharges {
  const { rates } = input;
  const lines: ReturnChargeLine[] = [];
  const eighths = missingFuelEighths(input.fuelOut, input.fuelIn);
  const fuelRate = assertNonNegativeCents(rates.fuelRefillRatePerEighth, 'fuel refill rate');
  if (eighths > 0 && fuelRate > 0) lines.push({ code: 'fuel', quantity: eighths, unitAmount: fuelRate, amount: multiplyCents(fuelRate, eighths) });
  const hours = lateReturnHours(input.bookedReturn, input.returnedAt, rates.lateReturnGraceMinutes);
  const hourlyRate = assertNonNegativeCents(rates.lateReturnHourlyRate, 'late return hourly rate');
  if (hours > 0 && hourlyRate > 0) lines.push({ code: 'late_return', quantity: hours, unitAmount: hourlyRate, amount: multiplyCents(hourlyRate, hours) });
  const damage = assertNonNegativeCents(input.damageAmount ?? 0, 'damage amount');
  if (damage > 0) lines.push({ code: 'damage', amount: damage });
  const subtotal = sumCents(...lines.map((line) => line.amount));
  const taxed = sumCents(...lines.filter((line) => TAXED_RETURN_CHARGES.includes(line.code)).map((line) => line.amount));
  const tax = percentOf(taxed, rates.taxRatePercent);
  if (taxed > 0) lines.push({ code: 'tax', amount: tax });
  return { lines, subtotal, tax, total: subtotal + tax };
}

/**
 * A reservation as the stock reads it: its booked span (Panama wall-clock as stored), its rental status and the
 * instants staff recorded (ISO timestamps or Dates).
 */
export interface RentalOccupancy {
  rentalStatus: unknown;
  pickupDate: unknown;
  returnDate: unknown;
  pickedUpAt?: string | Date | null;
  returnedAt?: string | Date | null;
}

/** The span a unit is physically taken, without the buffer; `to` null = open-ended (a late car not back yet). */
export interface TakenSpan {
  from: LocalDateTimeSeconds;
  to: LocalDateTimeSeconds | null;
}

function wallClockOf(value: string | Date | null | undefined): LocalDateTimeSeconds | null {
  if (value === null || value === undefined) return null;
  const instant = typeof value === 'string' ? parsePanamaTimestamp(value) : value;
  if (instant === null || Number.isNaN(instant.getTime())) return null;
  return normalizeLocalDateTimeSeconds(formatPanamaDateTime(instant));
}

/**
 * When a reservation takes its unit, following what happened at the counter (null = it does not take it):
 *   - booked: the booked span;
 *   - picked_up: from the actual pickup (when earlier than booked) to the booked return, and open-ended once `now` is
 *     past the booked return: a late car stays taken until it is returned;
 *   - returned: to the actual return (earlier or later than booked);
 *   - no_show: not at all, from the moment it is marked.
 * The turnaround buffer is added by the stock check (see `competingSpan`), after `to`. Null also for unreadable dates.
 */
export function takenSpan(reservation: RentalOccupancy, now: Date): TakenSpan | null {
  const pickup = normalizeLocalDateTimeSeconds(reservation.pickupDate);
  const booked = normalizeLocalDateTimeSeconds(reservation.returnDate);
  if (pickup === null || booked === null) return null;
  const status = rentalStatusOf(reservation.rentalStatus);
  if (status === 'no_show') return null;
  if (status === 'booked') return { from: pickup, to: booked };
  const pickedUp = wallClockOf(reservation.pickedUpAt);
  const from = pickedUp !== null && pickedUp < pickup ? pickedUp : pickup;
  if (status === 'returned') {
    const returned = wallClockOf(reservation.returnedAt);
    return { from, to: returned ?? booked };
  }
  const nowWallClock = wallClockOf(now);
  return { from, to: nowWallClock !== null && nowWallClock >= booked ? null : booked };
}

/** Whether a rental takes its unit at some time in `span` (a competing span, buffers included): the stock check's rule. */
export function takesUnitIn(span: { from: LocalDateTimeSeconds; to: LocalDateTimeSeconds }, reservation: RentalOccupancy, now: Date): boolean {
  const taken = takenSpan(reservation, now);
  return taken !== null && taken.from < span.to && (taken.to === null || taken.to > span.from);
}

/** A car handed over and not back by its booked return: the counter lists it as late, and the unit's next booking is warned. */
export function isOverdue(reservation: Pick<RentalOccupancy, 'rentalStatus' | 'returnDate'>, now: Date): boolean {
  if (rentalStatusOf(reservation.rentalStatus) !== 'picked_up' || typeof reservation.returnDate !== 'string') return false;
  const booked = parsePanamaTimestamp(reservation.returnDate);
  return booked !== null && now.getTime() > booked.getTime();
}

/**
 * The stock check's whole rule for one reservation: it counts against a unit in `span` when it takes the unit then
 * (`takesUnitIn`) and, while it is only booked, still holds it by its payment (`holdsUnit`: not cancelled, payment hold
 * not run out). A car handed over counts whatever became of its payment: it is out.
 */
export function countsAgainstStock(
  span: { from: LocalDateTimeSeconds; to: LocalDateTimeSeconds },
  reservation: RentalOccupancy & HeldReservation,
  rules: Pick<BookingRules, 'holdMinutes'>,
  now: Date,
): boolean {
  if (!takesUnitIn(span, reservation, now)) return false;
  return rentalStatusOf(reservation.rentalStatus) !== 'booked' || holdsUnit(reservation, rules, now.getTime());
}

