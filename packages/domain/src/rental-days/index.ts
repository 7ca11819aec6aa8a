import { parsePanamaDateTime, type LocalDateTime } from '../dates';

/** Minutes past a full 24-hour period that are not charged as another day. */
export const RENTAL_GRACE_MINUTES = 59;

export const MINIMUM_RENTAL_DAYS = 1;

/**
 * The longest rental booked online when the brand's site config sets none (`reservation_max_days`). A reservation
 * holds a unit of its car for its whole length, so without a cap one booking could take a car out of the fleet for
 * years (and its totals past what the database's integer columns hold); longer rentals are arranged with the branch.
 */
export const MAXIMUM_RENTAL_DAYS = 90;

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Days charged from pickup to return: started 24-hour periods once the grace is taken off, at least 1
 * (24 h 59 min → 1 day, 25 h → 2 days). Counting elapsed time rather than calendar dates keeps it independent of
 * any zone; Panama has no daylight saving, so a 24-hour period is always one Panama day. Throws a RangeError when
 * either date is invalid or the return comes before the pickup.
 */
export function rentalDays(pickup: Date, returnAt: Date, graceMinutes: number = RENTAL_GRACE_MINUTES): number {
  const start = pickup.getTime();
  const end = returnAt.getTime();
  if (Number.isNaN(start) || Number.isNaN(end)) {
    throw new RangeError('rentalDays needs valid pickup and return dates');
  }
  if (end < start) {
    throw new RangeError('The return is before the pickup');
  }
  const chargeable = end - start - graceMinutes * MINUTE_MS;
  return Math.max(MINIMUM_RENTAL_DAYS, Math.ceil(chargeable / DAY_MS));
}

/** `rentalDays` for Panama wall-clock `YYYY-MM-DDTHH:mm` strings, as the booking forms hold them. */
export function rentalDaysBetween(
  pickup: LocalDateTime,
  returnAt: LocalDateTime,
  graceMinutes: number = RENTAL_GRACE_MINUTES,
): number {
  const start = parsePanamaDateTime(pickup);
  const end = parsePanamaDateTime(returnAt);
  if (start === null || end === null) {
    throw new RangeError(`Invalid Panama date-time: ${start === null ? pickup : returnAt}`);
  }
  return rentalDays(start, end, graceMinutes);
}
