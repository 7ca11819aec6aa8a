import { addDaysToLocalDate, formatPanamaDate, parseLocalDate, parsePanamaDate, type LocalDate } from '@rentacar/domain/dates';

/**
 * When a promotion is on show. Its `valid_from` and `valid_until` are Panama calendar days, both included (a promotion
 * "valid until 1 December" runs through that whole Panama day). A promotion is listed only while it runs: from the
 * start of its first day to the end of its last, whatever the server's own time zone.
 *
 * One not started yet is not listed either: its coupon is refused as "not started" until that day (coupons are checked
 * at booking time), so showing it with a "book with this code" button would only lead to a refusal at checkout. It
 * appears on its own at the Panama midnight its first day starts (see `nextPromoChange`); staff who want to announce
 * one earlier can publish a promotion without a coupon.
 */

/**
 * A promotion linked to a rate season runs over the season's days where it has no date of its own: without dates it
 * runs (and says it is valid) from the season's first day to its last; a date of its own, when set, wins on its side
 * (a promotion announced from 15 August for a season starting 1 September runs from 15 August to the season's end).
 */
export type PromoWindow = {
  validFrom: string | undefined;
  validUntil: string | undefined;
  season?: { starts: string; ends: string } | undefined;
};

const isSet = (value: string | undefined): value is string => value !== undefined && value.trim() !== '';

/** The promotion's own bounds, each open one taken from its season when it has one (see PromoWindow). */
export function promoValidity(promo: PromoWindow): { validFrom: string | undefined; validUntil: string | undefined } {
  return {
    validFrom: isSet(promo.validFrom) ? promo.validFrom : promo.season?.starts,
    validUntil: isSet(promo.validUntil) ? promo.validUntil : promo.season?.ends,
  };
}

/** A stored bound as a Panama day: `YYYY-MM-DD`, or a date-time whose day is meant. Null when unreadable. */
function dayOf(value: string): LocalDate | null {
  const day = value.trim().slice(0, 10);
  return parseLocalDate(day) === null ? null : day;
}

/**
 * The first and last day of a promotion (its own, else its season's; undefined = open on that side), or null when a bound is unreadable: such a
 * promotion is not shown, as an unreadable coupon date makes the coupon inactive, so a typing mistake in the admin
 * never keeps an offer on the site forever.
 */
function daysOf(promo: PromoWindow): { first: LocalDate | undefined; last: LocalDate | undefined } | null {
  const { validFrom, validUntil } = promoValidity(promo);
  const first = isSet(validFrom) ? dayOf(validFrom) : undefined;
  const last = isSet(validUntil) ? dayOf(validUntil) : undefined;
  if (first === null || last === null) return null;
  return { first, last };
}

/** Whether the promotion runs on the Panama day `today` (`YYYY-MM-DD` strings compare as dates). */
export function isPromoRunning(promo: PromoWindow, today: LocalDate): boolean {
  const days = daysOf(promo);
  if (days === null) return false;
  return (days.first === undefined || days.first <= today) && (days.last === undefined || today <= days.last);
}

/** The promotions running at `now` (Panama date), in their order. */
export function runningPromos<T extends PromoWindow>(promos: readonly T[], now: Date): T[] {
  const today = formatPanamaDate(now);
  return promos.filter((promo) => isPromoRunning(promo, today));
}

/**
 * The next instant after `now` at which the list of running promotions changes: the Panama midnight a promotion's
 * first day starts, or the one after its last day. Undefined when no promotion will start or end any more.
 */
export function nextPromoChange(promos: readonly PromoWindow[], now: Date): Date | undefined {
  let next: Date | undefined;
  for (const promo of promos) {
    const days = daysOf(promo);
    if (days === null) continue;
    const edges = [days.first, days.last === undefined ? undefined : addDaysToLocalDate(days.last, 1)];
    for (const edge of edges) {
      const instant = edge === undefined ? null : parsePanamaDate(edge);
      if (instant !== null && instant.getTime() > now.getTime() && (next === undefined || instant < next)) next = instant;
    }
  }
  return next;
}

/** Whole seconds from `now` until `instant`, at least 1 (a cache lifetime of 0 means "never cache" to Next). */
export function secondsUntil(instant: Date, now: Date): number {
  return Math.max(1, Math.ceil((instant.getTime() - now.getTime()) / 1000));
}
