import { boundedMemo } from '../memo';
import { formatPanamaDate, panamaWallClock, parseLocalDate, splitLocalDateTime } from './local';

// Instants from Panama wall-clock values, through the platform's time-zone data (Intl, via panamaWallClock): the zone's
// offset at an instant is its wall clock read as UTC minus the instant; a wall-clock value becomes an instant by
// taking that offset away, asked twice so that an offset change between the guess and the answer is followed.

const MINUTE_MS = 60_000;

/** Panama's offset from UTC at `at` (ms since the epoch), in ms, to the minute. */
function panamaOffsetMs(at: number): number {
  const { date, time } = panamaWallClock(new Date(at));
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return Date.UTC(year, month - 1, day, hours, minutes) - Math.floor(at / MINUTE_MS) * MINUTE_MS;
}

/** Panama's offset from UTC at `instant`, in whole minutes (−300 since 1908: Panama keeps UTC−5 all year). */
export function panamaUtcOffsetMinutes(instant: Date): number {
  return panamaOffsetMs(instant.getTime()) / MINUTE_MS;
}

// A quote reads the same few wall-clock values (pickup, return, opening hours) many times, and every quote of a
// search the same ones again: answers are kept per string, exactly (a pure function of it), in a bounded memo; a
// string longer than `YYYY-MM-DDTHH:mm` is malformed and not kept.
const parsedMemory = boundedMemo(parseWallClock, { maxEntries: 1024, maxKeyLength: 'YYYY-MM-DDTHH:mm'.length });

/** The instant at which a Panama wall clock shows `YYYY-MM-DDTHH:mm`, or null when the string is malformed. */
export function parsePanamaDateTime(value: string): Date | null {
  const at = parsedMemory(value);
  return at === null ? null : new Date(at);
}

function parseWallClock(value: string): number | null {
  const split = splitLocalDateTime(value);
  const parts = split === null ? null : parseLocalDate(split.date);
  if (split === null || parts === null) {
    return null;
  }
  const hours = Math.floor(split.minutes / 60);
  const minutes = split.minutes % 60;
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, hours, minutes);
  const guess = wall - panamaOffsetMs(wall);
  return wall - panamaOffsetMs(guess);
}

/** The instant at which the Panama day `YYYY-MM-DD` starts, or null when the string is malformed. */
export function parsePanamaDate(value: string): Date | null {
  return parsePanamaDateTime(`${value}T00:00`);
}

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
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

/** The instant at which the Panama day containing `instant` starts. */
export function startOfPanamaDay(instant: Date): Date {
  const start = parsePanamaDate(formatPanamaDate(instant));
  if (start === null) throw new RangeError(`Invalid instant: ${String(instant)}`);
  return start;
}
