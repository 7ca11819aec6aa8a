// Whether a reservation holds a unit, and the brand's rules for it (turnaround buffer, payment hold), read from the
// database for the booking check (POST/PATCH /booking/reservations, a late payment at /payments-ledger). Which unit it
// holds is units.ts's; the rules themselves are the domain's.
import { bookingRules, holdsUnit, type BookingRules } from '@rentacar/domain/reservations';
import type { Knex } from './directus';

export type { BookingRules };

/** The brand's turnaround buffer and payment hold (the defaults when it has no site config or leaves them empty). */
export async function readBookingRules(knex: Knex, brand: unknown): Promise<BookingRules> {
  const row = typeof brand === 'string' && brand
    ? ((await knex('sites_config').select('turnaround_buffer_minutes', 'payment_hold_minutes').where({ brand }).first()) as
      { turnaround_buffer_minutes: unknown; payment_hold_minutes: unknown } | undefined)
    : undefined;
  return bookingRules({ turnaroundBufferMinutes: row?.turnaround_buffer_minutes, paymentHoldMinutes: row?.payment_hold_minutes });
}

export const OCCUPANCY_FIELDS = [
  'id', 'car', 'vehicle', 'pickup_branch', 'return_branch', 'status', 'reservation_type', 'pickup_date', 'return_date', 'date_created',
  'rental_status', 'picked_up_at', 'returned_at',
];

/** A reservation as the occupancy reads it (Directus answers date-times as `YYYY-MM-DDTHH:mm:ss`). */
export interface OccupancyRow {
  id: number | string;
  car: number | string | null;
  vehicle?: number | string | null;
  pickup_branch: number | string | null;
  return_branch?: number | string | null;
  status: string | null;
  reservation_type: string | null;
  pickup_date: string | null;
  return_date: string | null;
  date_created: string | null;
  rental_status?: string | null;
  picked_up_at?: string | null;
  returned_at?: string | null;
}

/** Does this reservation hold its unit at `now` (whatever its dates)? */
export function rowHoldsUnit(
  row: { status?: unknown; reservation_type?: unknown; date_created?: unknown },
  rules: Pick<BookingRules, 'holdMinutes'>,
  now: number,
): boolean {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return holdsUnit({ status: text(row.status), type: text(row.reservation_type), createdAt: text(row.date_created) }, rules, now);
}
