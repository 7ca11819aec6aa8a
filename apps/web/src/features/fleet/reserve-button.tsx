import type { Locale } from '@/i18n/routing';
import { buttonClass } from '@/features/forms';
import type { FleetSearch } from './fleet-filters';
import { startBooking } from '@/features/booking';

/** The search a "Reserve" button carries into the flow (empty from the plain fleet: the flow asks for dates first). */
export type ReserveSearch = FleetSearch;

/**
 * "Reserve": a plain form posting to the server action that starts the booking, so it works before (or without) the
 * page's JavaScript.
 */
export function ReserveButton({ car, locale, search, label, accessibleLabel }: { car: { id: string }; locale: Locale; search: ReserveSearch; label: string; accessibleLabel: string }) {
  return (
    <form action={startBooking} className="pt-3">
      <input type="hidden" name="car" value={car.id} />
      <input type="hidden" name="locale" value={locale} />
      {Object.entries(search).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={buttonClass('primary', 'w-full')} aria-label={accessibleLabel}>
        {label}
      </button>
    </form>
  );
}
