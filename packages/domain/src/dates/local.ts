import { TZDate } from '@date-fns/tz';

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
  // Date.UTC rolls 2025-02-30 over to March, so a round trip catches impossible days without any time zone.
  const check = new Date(Date.UTC(year, month - 1, day));
  if (year < 1000 || check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return { year, month, day };
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

/** Splits a `YYYY-MM-DDTHH:mm` string into its date and minutes since midnight, or null when malformed. */
export function splitLocalDateTime(value: string): { date: LocalDate; minutes: number } | null {
  const match = LOCAL_DATE_TIME.exec(value);
  if (match === null) {
    return null;
  }
  const [, date = '', hours = '', minutes = ''] = match;
  const parsedMinutes = parseLocalTime(`${hours}:${minutes}`);
  if (parseLocalDate(date) === null || parsedMinutes === null) {
    return null;
  }
  return { date, minutes: parsedMinutes };
}

function toInstant(date: Date): Date {
  return new Date(date.getTime());
}

/** The current moment as a TZDate whose getters read Panama wall-clock values. */
export function nowInPanama(now: Date = new Date()): TZDate {
  return new TZDate(now.getTime(), PANAMA_TIME_ZONE);
}

/** The instant at which a Panama wall clock shows `YYYY-MM-DDTHH:mm`, or null when the string is malformed. */
export function parsePanamaDateTime(value: string): Date | null {
  const split = splitLocalDateTime(value);
  const parts = split === null ? null : parseLocalDate(split.date);
  if (split === null || parts === null) {
    return null;
  }
  const hours = Math.floor(split.minutes / 60);
  const minutes = split.minutes % 60;
  return toInstant(new TZDate(parts.year, parts.month - 1, parts.day, hours, minutes, PANAMA_TIME_ZONE));
}

/** The instant at which the Panama day `YYYY-MM-DD` starts, or null when the string is malformed. */
export function parsePanamaDate(value: string): Date | null {
  return parsePanamaDateTime(`${value}T00:00`);
}

const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const NAIVE_DATE_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * Reads a stored date or date-time into an instant: `YYYY-MM-DD` is the start of that Panama day, a date-time
 * without offset is Panama wall-clock time (the content service's convention), one with `Z` or `±hh:mm` is taken
 * as is. Null when malformed.
 */
export function parsePanamaTimestamp(value: string): Date | null {
  const trimmed = value.trim();
  if (LOCAL_DATE.test(trimmed)) {
    return parsePanamaDate(trimmed);
  }
  const naive = NAIVE_DATE_TIME.exec(trimmed);
  if (naive !== null) {
    const minuteStart = parsePanamaDateTime(naive[1] ?? '');
    const seconds = Number(naive[2] ?? '0');
    const millis = Number((naive[3] ?? '0').padEnd(3, '0'));
    if (minuteStart === null || seconds > 59) {
      return null;
    }
    return new Date(minuteStart.getTime() + seconds * 1000 + millis);
  }
  if (OFFSET_DATE_TIME.test(trimmed)) {
    const instant = new Date(trimmed);
    return Number.isNaN(instant.getTime()) ? null : instant;
  }
  return null;
}

const pad = (value: number, length = 2): string => String(value).padStart(length, '0');

// TZDate getters read Panama wall-clock values; building the strings by hand avoids pulling date-fns' formatter
// (and its locale data) into every page bundle for three fixed patterns.
function panamaParts(instant: Date): { date: LocalDate; time: LocalTime } {
  const local = nowInPanama(instant);
  return {
    date: `${pad(local.getFullYear(), 4)}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`,
    time: `${pad(local.getHours())}:${pad(local.getMinutes())}`,
  };
}

/** The Panama wall-clock `YYYY-MM-DDTHH:mm` of an instant. */
export function formatPanamaDateTime(instant: Date): LocalDateTime {
  const { date, time } = panamaParts(instant);
  return `${date}T${time}`;
}

/** The Panama calendar date `YYYY-MM-DD` of an instant. */
export function formatPanamaDate(instant: Date): LocalDate {
  return panamaParts(instant).date;
}

/** The Panama wall-clock `HH:mm` of an instant. */
export function formatPanamaTime(instant: Date): LocalTime {
  return panamaParts(instant).time;
}

/** The instant at which the Panama day containing `instant` starts. */
export function startOfPanamaDay(instant: Date): Date {
  const local = nowInPanama(instant);
  return toInstant(new TZDate(local.getFullYear(), local.getMonth(), local.getDate(), PANAMA_TIME_ZONE));
}

/** Day of the week (0 = Sunday) of a Panama calendar date; throws on a malformed date. */
export function weekdayOfLocalDate(date: LocalDate): number {
  const parts = parseLocalDate(date);
  if (parts === null) {
    throw new RangeError(`Invalid date: ${date}`);
  }
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
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
