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

const renterDates = new Map<Locale, { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat }>();

function renterDateFormats(locale: Locale): { date: Intl.DateTimeFormat; time: Intl.DateTimeFormat } {
  let formats = renterDates.get(locale);
  if (formats === undefined) {
    const zone = { timeZone: PANAMA_TIME_ZONE } as const;
    formats = {
      date: new Intl.DateTimeFormat(FORMAT_LOCALE[locale], { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', ...zone }),
      time: new Intl.DateTimeFormat(FORMAT_LOCALE[locale], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...zone }),
    };
    renterDates.set(locale, formats);
  }
  return formats;
}

/**
 * A Panama date-time (`YYYY-MM-DDTHH:mm`) for renters: the day, then the time after a comma, "vie, 4 de diciembre de
 * 2026, 10:00" and "Fri, December 4, 2026, 10:00"; unreadable values as they are. The two parts are formatted apart and
 * joined here: Intl's own date-and-time pattern says "December 4, 2026 at 10:00" in English (with newer ICU data), which
 * reads "at 10:00 at Aeropuerto ..." once a place follows (`booking.summary.atBranch`: "{date}, at {branch}").
 */
export function formatPanamaDateTimeForRenter(value: string, locale: Locale): string {
  const instant = parsePanamaDateTime(value.slice(0, 16));
  if (instant === null) return value;
  const formats = renterDateFormats(locale);
  return `${formats.date.format(instant)}, ${formats.time.format(instant)}`;
}
