import { formatPanamaDate, isSamePanamaDay, type LocalDate } from './local';
import { parsePanamaTimestamp } from './zoned';

export const DEFAULT_SAME_DAY_NOTICE_HOURS = 2;

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether a pickup respects the notice rule: never in the past, and on the same Panama day as `now` at least
 * `hours` ahead. The rule only speaks of same-day pickups, so a pickup on a later day passes however close it is.
 */
export function isSameDayNoticeOk(pickup: Date, now: Date, hours: number = DEFAULT_SAME_DAY_NOTICE_HOURS): boolean {
  const lead = pickup.getTime() - now.getTime();
  if (lead < 0) {
    return false;
  }
  return !isSamePanamaDay(pickup, now) || lead >= hours * HOUR_MS;
}

function toPanamaDate(value: Date | string): LocalDate | null {
  const instant = typeof value === 'string' ? parsePanamaTimestamp(value) : value;
  return instant === null || Number.isNaN(instant.getTime()) ? null : formatPanamaDate(instant);
}

/**
 * Whether a pickup falls on a Panama date before the site's `disable_reservations_until` (that date itself is
 * bookable). `pickupDate` is an instant or a Panama `YYYY-MM-DD[THH:mm]`; an empty or unreadable setting blocks
 * nothing, while an unreadable pickup is reported as blocked so it cannot slip through.
 */
export function isBeforeDisabledUntil(
  pickupDate: Date | string,
  disableReservationsUntil: string | null | undefined,
): boolean {
  if (disableReservationsUntil === null || disableReservationsUntil === undefined || disableReservationsUntil.trim() === '') {
    return false;
  }
  const limit = toPanamaDate(disableReservationsUntil);
  if (limit === null) {
    return false;
  }
  const pickup = toPanamaDate(pickupDate);
  return pickup === null || pickup < limit;
}
