import { PANAMA_TIME_ZONE } from '@rentacar/domain/dates';
import { FORMAT_LOCALE, type Locale } from '@/i18n/routing';

/** A content date (`YYYY-MM-DD`, or a date-time whose day is meant) as a long date in Panama, e.g. "6 de enero de 2027". */
export function formatContentDate(value: string, locale: Locale): string {
  // Noon in Panama keeps the calendar day whatever the server's own time zone.
  const noon = new Date(`${value.slice(0, 10)}T12:00:00-05:00`);
  return new Intl.DateTimeFormat(FORMAT_LOCALE[locale], { dateStyle: 'long', timeZone: PANAMA_TIME_ZONE }).format(noon);
}
