import {
  formatLocalTime,
  parseLocalTime,
  splitLocalDateTime,
  weekdayOfLocalDate,
  type LocalDate,
  type LocalDateTime,
  type LocalTime,
} from './local';

/** One line of a branch's `opening_hours` JSON: weekdays (0 = Sunday) and `HH:mm` bounds (`24:00` allowed as close). */
export interface OpeningHoursRule {
  days: readonly number[];
  open: LocalTime;
  close: LocalTime;
}

export type OpeningHours = readonly OpeningHoursRule[];

/** Pickup and return times are chosen on this grid. */
export const SLOT_MINUTES = 30;

const DAY_MINUTES = 24 * 60;

function isRule(value: unknown): value is OpeningHoursRule {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const { days, open, close } = value as Record<string, unknown>;
  return (
    Array.isArray(days) &&
    days.every((day) => Number.isInteger(day) && day >= 0 && day <= 6) &&
    typeof open === 'string' &&
    typeof close === 'string' &&
    parseLocalTime(open) !== null &&
    parseLocalTime(close, true) !== null
  );
}

/** Validates a branch's `opening_hours` value (parsed JSON or its text); null when any rule is malformed. */
export function parseOpeningHours(value: unknown): OpeningHours | null {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (!Array.isArray(parsed) || !parsed.every(isRule)) {
    return null;
  }
  return parsed;
}

/**
 * Open intervals of a Panama calendar date as `[start, end)` minutes since midnight. A rule whose close is not after
 * its open (e.g. 22:00–02:00) runs past midnight (equal bounds mean round the clock): its tail belongs to the next calendar day, so the previous day's
 * rules are consulted too.
 */
export function openIntervals(hours: OpeningHours, date: LocalDate): Array<[number, number]> {
  const weekday = weekdayOfLocalDate(date);
  // A day's intervals depend only on its weekday: worked out once per branch's hours and weekday (quotes and the
  // booking form check the same branches' hours over and over), handed out as copies.
  let byWeekday = intervalsByWeekday.get(hours);
  if (byWeekday === undefined) {
    byWeekday = [];
    intervalsByWeekday.set(hours, byWeekday);
  }
  const known = (byWeekday[weekday] ??= intervalsOnWeekday(hours, weekday));
  return known.map(([start, end]) => [start, end]);
}

const intervalsByWeekday = new WeakMap<OpeningHours, Array<Array<[number, number]>>>();

function intervalsOnWeekday(hours: OpeningHours, weekday: number): Array<[number, number]> {
  const previousWeekday = (weekday + 6) % 7;
  const intervals: Array<[number, number]> = [];
  for (const rule of hours) {
    const open = parseLocalTime(rule.open);
    const close = parseLocalTime(rule.close, true);
    if (open === null || close === null) {
      continue;
    }
    const overnight = close <= open;
    if (rule.days.includes(weekday)) {
      intervals.push([open, overnight ? DAY_MINUTES : close]);
    }
    if (overnight && close > 0 && rule.days.includes(previousWeekday)) {
      intervals.push([0, close]);
    }
  }
  return intervals.sort((a, b) => a[0] - b[0]);
}

/**
 * The `HH:mm` slots of a Panama calendar date inside the branch's hours. The closing time itself is not a slot
 * (a branch closing at 22:00 offers 21:30 last), which also keeps a 24-hour branch at 00:00…23:30 without a
 * duplicate 24:00.
 */
export function timeSlots(hours: OpeningHours, date: LocalDate, stepMinutes: number = SLOT_MINUTES): LocalTime[] {
  const slots = new Set<number>();
  for (const [start, end] of openIntervals(hours, date)) {
    const first = Math.ceil(start / stepMinutes) * stepMinutes;
    for (let minute = first; minute < end; minute += stepMinutes) {
      slots.add(minute);
    }
  }
  return [...slots].sort((a, b) => a - b).map(formatLocalTime);
}

/** Every `HH:mm` slot of a whole day on the grid (`00:00` to `23:30` for 30 minutes): the choices before a branch is known. */
export function daySlots(stepMinutes: number = SLOT_MINUTES): LocalTime[] {
  const slots: LocalTime[] = [];
  for (let minute = 0; minute < DAY_MINUTES; minute += stepMinutes) {
    slots.push(formatLocalTime(minute));
  }
  return slots;
}

/**
 * Whether a rule keeps the branch open the whole day: `00:00` to `24:00` (the content model's 24 hours), or equal
 * bounds, which `openIntervals` reads as round the clock.
 */
export function isRoundTheClock(rule: Pick<OpeningHoursRule, 'open' | 'close'>): boolean {
  const open = parseLocalTime(rule.open);
  const close = parseLocalTime(rule.close, true);
  return open !== null && close !== null && (close === open || close - open === DAY_MINUTES);
}

export interface DayHours {
  /** 0 = Sunday. */
  day: number;
  /** The day's rules as configured, by opening time; none = closed. */
  ranges: Array<Pick<OpeningHoursRule, 'open' | 'close'>>;
}

/** Monday first, as a week is shown in Panama. */
const WEEK_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0];

/** The branch's hours as a week to show: one entry per weekday, Monday first, with that day's ranges. */
export function weeklyHours(hours: OpeningHours): DayHours[] {
  return WEEK_FROM_MONDAY.map((day) => ({
    day,
    ranges: hours
      .filter((rule) => rule.days.includes(day))
      .map(({ open, close }) => ({ open, close }))
      .sort((a, b) => (parseLocalTime(a.open) ?? 0) - (parseLocalTime(b.open) ?? 0)),
  }));
}

/** Whether a `YYYY-MM-DDTHH:mm` falls on the slot grid (minutes a multiple of `stepMinutes`). */
export function isOnSlot(value: LocalDateTime, stepMinutes: number = SLOT_MINUTES): boolean {
  const split = splitLocalDateTime(value);
  return split !== null && split.minutes % stepMinutes === 0;
}

/** Whether the branch is open at a Panama `YYYY-MM-DDTHH:mm`. */
export function isOpenAt(hours: OpeningHours, value: LocalDateTime): boolean {
  const split = splitLocalDateTime(value);
  if (split === null) {
    return false;
  }
  return openIntervals(hours, split.date).some(([start, end]) => split.minutes >= start && split.minutes < end);
}

/** Whether a `YYYY-MM-DDTHH:mm` is one of the branch's bookable slots (on the grid and inside opening hours). */
export function isBookableSlot(hours: OpeningHours, value: LocalDateTime, stepMinutes: number = SLOT_MINUTES): boolean {
  return isOnSlot(value, stepMinutes) && isOpenAt(hours, value);
}
