import { boundedMemo } from '../memo';

/** Panama keeps UTC-5 all year (no daylight saving), but we go through the IANA zone rather than hard-code it. */
export const PANAMA_TIME_ZONE = 'America/Panama';

/** A Panama wall-clock date, `YYYY-MM-DD`. */
export type LocalDate = string;
/** A Panama wall-clock time, `HH:mm`. */
export type LocalTime = string;
/** A Panama wall-clock date-time, `YYYY-MM-DDTHH:mm`, the format of the booking forms and reservations. */
export type LocalDateTime = string;

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;
const LOCAL_TIME = /^(\d{2}):(\d{2})$/;

/** Splits a `YYYY-MM-DD` string into numbers, or null when it is malformed or not a real calendar day. */
export function parseLocalDate(value: string): DateParts | null {
  const match = LOCAL_DATE.exec(value);
  if (match === null) {
    return null;
  }
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    return null;
  }
  return { year, month, day };
}

/** Days in `month` (1-12) of `year` in the Gregorian calendar: arithmetic, no Date (quotes check dates by the dozen). */
function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Minutes since midnight for `HH:mm` (00:00–23:59), or for `24:00` when `allowEndOfDay`; null otherwise. */
export function parseLocalTime(value: string, allowEndOfDay = false): number | null {
  const match = LOCAL_TIME.exec(value);
  if (match === null) {
    return null;
  }
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (allowEndOfDay && hours === 24 && minutes === 0) {
    return 24 * 60;
  }
  if (hours > 23 || minutes > 59) {
    return null;
  }
  return hours * 60 + minutes;
}

/** Formats minutes since midnight as `HH:mm`. */
export function formatLocalTime(minutes: number): LocalTime {
  const hours = Math.floor(minutes / 60);
  return `${String(hours).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

// A quote splits the same two date-times a dozen times over (slots, opening hours, instants): answers are kept per
// string (a pure function of it; only strings of the right length) in a bounded memo.
const LOCAL_DATE_TIME_LENGTH = 'YYYY-MM-DDTHH:mm'.length;
const splitMemory = boundedMemo(splitWellShaped, { maxEntries: 1024, maxKeyLength: LOCAL_DATE_TIME_LENGTH });

/** Splits a `YYYY-MM-DDTHH:mm` string into its date and minutes since midnight, or null when malformed. */
export function splitLocalDateTime(value: string): Readonly<{ date: LocalDate; minutes: number }> | null {
  if (value.length !== LOCAL_DATE_TIME_LENGTH) {
    return null;
  }
  return splitMemory(value);
}

function splitWellShaped(value: string): Readonly<{ date: LocalDate; minutes: number }> | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (match === null) {
    return null;
  }
  const [, date = '', hours = '', minutes = ''] = match;
  const parsedMinutes = parseLocalTime(`${hours}:${minutes}`);
  if (parseLocalDate(date) === null || parsedMinutes === null) {
    return null;
  }
  return Object.freeze({ date, minutes: parsedMinutes });
}

// The platform's own time-zone data (Intl) reads the wall clock, so no time-zone library reaches the pages' JavaScript
// (the landing page and the booking steps are at their size budgets). One formatter, made on first use.
let panamaClock: Intl.DateTimeFormat | undefined;

// Reading the wall clock through Intl costs microseconds, and one quote reads the same few instants (pickup, return,
// now) a dozen times over. Since 1970 Panama's offset from UTC has been whole minutes (−5:00 since 1908), so an
// instant's wall clock to the minute depends only on its minute: answers are kept per minute (`now` moves within one
// for a minute of quotes) in a bounded memo. Earlier instants are worked out each time.
const MINUTE_MS = 60_000;
const wallClockMemory = boundedMemo((minute: number) => readWallClock(new Date(minute * MINUTE_MS)), { maxEntries: 1024 });

/** The Panama calendar date and wall-clock time (to the minute) of an instant. */
export function panamaWallClock(instant: Date): { date: LocalDate; time: LocalTime } {
  const at = instant.getTime();
  return { ...(at >= 0 ? wallClockMemory(Math.floor(at / MINUTE_MS)) : readWallClock(instant)) };
}

function readWallClock(instant: Date): Readonly<{ date: LocalDate; time: LocalTime }> {
  panamaClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: PANAMA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of panamaClock.formatToParts(instant)) part[type] = value;
  return {
    date: `${(part.year ?? '').padStart(4, '0')}-${part.month}-${part.day}`,
    time: `${part.hour}:${part.minute}`,
  };
}

/** The Panama wall-clock `YYYY-MM-DDTHH:mm` of an instant. */
export function formatPanamaDateTime(instant: Date): LocalDateTime {
  const { date, time } = panamaWallClock(instant);
  return `${date}T${time}`;
}

/** The Panama calendar date `YYYY-MM-DD` of an instant. */
export function formatPanamaDate(instant: Date): LocalDate {
  return panamaWallClock(instant).date;
}

/** The Panama wall-clock `HH:mm` of an instant. */
export function formatPanamaTime(instant: Date): LocalTime {
  return panamaWallClock(instant).time;
}

/** Day of the week (0 = Sunday) of a Panama calendar date; throws on a malformed date. */
export function weekdayOfLocalDate(date: LocalDate): number {
  const parts = parseLocalDate(date);
  if (parts === null) {
    throw new RangeError(`Invalid date: ${date}`);
  }
  // Days since 1970-01-01, a Thursday (4).
  const days = Date.UTC(parts.year, parts.month - 1, parts.day) / 86_400_000;
  return (((days + 4) % 7) + 7) % 7;
}

/** Adds whole days to a Panama calendar date (calendar arithmetic, no time zone involved). */
export function addDaysToLocalDate(date: LocalDate, days: number): LocalDate {
  const parts = parseLocalDate(date);
  if (parts === null) {
    throw new RangeError(`Invalid date: ${date}`);
  }
  const shifted = new Date(Date.UTC(parts.year, parts.month - 1, parts.day + days));
  return shifted.toISOString().slice(0, 10);
}

/** Whether two instants fall on the same Panama calendar day. */
export function isSamePanamaDay(a: Date, b: Date): boolean {
  return formatPanamaDate(a) === formatPanamaDate(b);
}
