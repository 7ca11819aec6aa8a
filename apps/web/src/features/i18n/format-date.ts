import { PANAMA_TIME_ZONE, parsePanamaDateTime } from '@rentacar/domain/dates';
import { FORMAT_LOCALE, type Locale } from '@/i18n/routing';

/**
 * A content date (`YYYY-MM-DD`, or a date-time whose day is meant) as a long date in Panama, e.g. "6 de enero de 2027";
 * an unreadable value is shown as it is.
 */
export function formatContentDate(value: string, locale: Locale): string {
  // Noon in Panama keeps the calendar day whatever the server's own time zone.
  const noon = parsePanamaDateTime(`${value.slice(0, 10)}T12:00`);
  if (noon === null) return value;
  return new Intl.DateTimeFormat(FORMAT_LOCALE[locale], { dateStyle: 'long', timeZone: PANAMA_TIME_ZONE }).format(noon);
}

/** A Panama date-time (`YYYY-MM-DDTHH:mm`) for renters, e.g. "lun, 1 de diciembre de 2026, 10:00"; unreadable values as they are. */
export function formatPanamaDateTimeForRenter(value: string, locale: Locale): string {
  const instant = parsePanamaDateTime(value.slice(0, 16));
  if (instant === null) return value;
  return new Intl.DateTimeFormat(FORMAT_LOCALE[locale], {
    weekday: 'short',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: PANAMA_TIME_ZONE,
  }).format(instant);
}
