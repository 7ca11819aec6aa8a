import { formatPanamaDate, parseLocalDate, type LocalDate } from '../dates';

export const DEFAULT_MINIMUM_RENTER_AGE = 21;

/**
 * Whole years between a `YYYY-MM-DD` birthday and a date (a Panama `YYYY-MM-DD` or an instant, read in Panama).
 * Someone born on 29 February turns a year older on 1 March in common years. Throws a RangeError on a malformed date.
 */
export function ageOnDate(birthday: LocalDate, date: LocalDate | Date): number {
  const born = parseLocalDate(birthday);
  const on = parseLocalDate(date instanceof Date ? formatPanamaDate(date) : date);
  if (born === null || on === null) {
    throw new RangeError(`Invalid date: ${born === null ? birthday : String(date)}`);
  }
  const hadBirthday = on.month > born.month || (on.month === born.month && on.day >= born.day);
  return on.year - born.year - (hadBirthday ? 0 : 1);
}

/** Whether the renter is at least `minimumAge` on the pickup date. */
export function isOldEnough(
  birthday: LocalDate,
  pickupDate: LocalDate | Date,
  minimumAge: number = DEFAULT_MINIMUM_RENTER_AGE,
): boolean {
  return ageOnDate(birthday, pickupDate) >= minimumAge;
}
