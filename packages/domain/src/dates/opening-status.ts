import { addDaysToLocalDate, formatLocalTime, splitLocalDateTime, type LocalDate, type LocalDateTime } from './local';
import { openIntervals, type OpeningHours } from './opening-hours';

const DAY_MINUTES = 24 * 60;

/**
 * How far ahead the next opening or closing is looked for: today and the seven days after it, so a branch open one
 * day a week, seen just after it closed, still finds its next opening a week later.
 */
const HORIZON_DAYS = 8;

/** A Monday, from which a whole week is looked at to tell a round-the-clock branch. */
const REFERENCE_MONDAY: LocalDate = '2024-01-01';

/**
 * Whether a branch is open at a Panama moment and when that changes. `closesAt` is null when the branch does not
 * close within the next week (it is open round the clock); `opensAt` is null when it does not open within it (it has
 * no hours).
 */
export type OpeningStatus = { open: true; closesAt: LocalDateTime | null } | { open: false; opensAt: LocalDateTime | null };

/**
 * Open intervals from `date`'s midnight over `days` days, in minutes since that midnight, with touching or
 * overlapping intervals merged: a day open until 24:00 followed by one open from 00:00 is one stretch, so a branch
 * open round the clock never "closes" at midnight.
 */
function stretches(hours: OpeningHours, date: LocalDate, days: number): Array<[number, number]> {
  const intervals: Array<[number, number]> = [];
  for (let offset = 0; offset < days; offset += 1) {
    const base = offset * DAY_MINUTES;
    for (const [start, end] of openIntervals(hours, addDaysToLocalDate(date, offset))) {
      intervals.push([base + start, base + end]);
    }
  }
  intervals.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const [start, end] of intervals) {
    const last = merged.at(-1);
    if (last !== undefined && start <= last[1]) {
      last[1] = Math.max(last[1], end);
    } else {
      merged.push([start, end]);
    }
  }
  return merged;
}

function localDateTimeAt(date: LocalDate, minutes: number): LocalDateTime {
  const days = Math.floor(minutes / DAY_MINUTES);
  return `${addDaysToLocalDate(date, days)}T${formatLocalTime(minutes - days * DAY_MINUTES)}`;
}

/**
 * Whether the branch is open at a Panama `YYYY-MM-DDTHH:mm` (the same answer as `isOpenAt`), with the moment it
 * closes or next opens; null when the value is malformed.
 */
export function openingStatusAt(hours: OpeningHours, value: LocalDateTime): OpeningStatus | null {
  const split = splitLocalDateTime(value);
  if (split === null) {
    return null;
  }
  const horizon = HORIZON_DAYS * DAY_MINUTES;
  const all = stretches(hours, split.date, HORIZON_DAYS);
  const current = all.find(([start, end]) => split.minutes >= start && split.minutes < end);
  if (current !== undefined) {
    return { open: true, closesAt: current[1] >= horizon ? null : localDateTimeAt(split.date, current[1]) };
  }
  const next = all.find(([start]) => start > split.minutes);
  return { open: false, opensAt: next === undefined ? null : localDateTimeAt(split.date, next[0]) };
}

/**
 * Whether the branch is open every minute of every day, whatever the rules' shape (one 00:00–24:00 rule, or ranges
 * and overnight rules that together leave no gap). Its 'open now' answer needs no clock.
 */
export function isAlwaysOpen(hours: OpeningHours): boolean {
  const [first] = stretches(hours, REFERENCE_MONDAY, HORIZON_DAYS);
  return first !== undefined && first[0] === 0 && first[1] >= HORIZON_DAYS * DAY_MINUTES;
}
