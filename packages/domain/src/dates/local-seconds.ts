import { parseLocalDate, parseLocalTime } from './local';

/**
 * A Panama wall-clock date-time to the second, `YYYY-MM-DDTHH:mm:ss`: how reservations store pickup and return. Such
 * strings order as the times they name, so comparing them compares the times.
 */
export type LocalDateTimeSeconds = string;

const LOCAL_DATE_TIME_SECONDS = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::(\d{2}))?$/;

/** `YYYY-MM-DDTHH:mm[:ss]` as `YYYY-MM-DDTHH:mm:ss`, or null when it is malformed or not a real day and time. */
export function normalizeLocalDateTimeSeconds(value: unknown): LocalDateTimeSeconds | null {
  const match = typeof value === 'string' ? LOCAL_DATE_TIME_SECONDS.exec(value) : null;
  if (match === null) {
    return null;
  }
  const [, date = '', time = '', seconds = '00'] = match;
  if (parseLocalDate(date) === null || parseLocalTime(time) === null || Number(seconds) > 59) {
    return null;
  }
  return `${date}T${time}:${seconds}`;
}

/**
 * Moves a wall-clock date-time by whole minutes. The arithmetic is on the digits, read as if they were UTC: Panama
 * keeps one offset all year, so a wall-clock span is an elapsed span, and no zone is needed.
 */
export function addMinutesToLocalDateTime(value: LocalDateTimeSeconds, minutes: number): LocalDateTimeSeconds {
  const at = Date.parse(`${value}Z`);
  if (Number.isNaN(at)) {
    throw new RangeError(`Invalid date-time: ${value}`);
  }
  return new Date(at + minutes * 60_000).toISOString().slice(0, 19);
}
