import type { ReactNode } from 'react';
import type { Locale } from '@/i18n/routing';
import type { FleetSearch } from './fleet-filters';
import { startBooking } from '@/features/booking';

/** The search a "Reserve" button carries into the flow (empty from the plain fleet: the flow asks for dates first). */
export type ReserveSearch = FleetSearch;

/**
 * The form around a list of cars that starts a booking: a plain form posting to the server action, so it works before
 * (or without) the page's JavaScript. It carries the language and the search once for the whole list; each card's
 * "Reserve" button submits it with its own car (a submit button's name and value are sent with the form, with
 * JavaScript or without).
 */
export function ReserveForm({ locale, search, children }: { locale: Locale; search: ReserveSearch; children: ReactNode }) {
  return (
    <form action={startBooking}>
      <input type="hidden" name="locale" value={locale} />
      {Object.entries(search).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </form>
  );
}
