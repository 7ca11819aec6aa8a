// Which reservations hold a unit of a car at a pickup branch during a rental, read from the database: what the booking
// check (POST/PATCH /booking/reservations, a late payment at /payments-ledger) and GET /booking/availability count.
// The rule itself (what holds a unit, and when two rentals compete) is the domain's.
import type { Filter, SchemaOverview } from '@directus/types';
import {
  bookingRules,
  competingSpan,
  holdsUnit,
  type BookingRules,
} from '@rentacar/domain/reservations';
import { parsePanamaTimestamp, type LocalDateTimeSeconds } from '@rentacar/domain/dates';
import { countsAgainstStock } from '@rentacar/domain/rentals';
import type { ItemsServiceClass, Knex } from './directus';

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
  'id', 'car', 'pickup_branch', 'status', 'reservation_type', 'pickup_date', 'return_date', 'date_created',
  'rental_status', 'picked_up_at', 'returned_at',
];

/** A reservation as the occupancy reads it (Directus answers date-times as `YYYY-MM-DDTHH:mm:ss`). */
export interface OccupancyRow {
  id: number | string;
  car: number | string | null;
  pickup_branch: number | string | null;
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

export interface OccupancyQuery {
  ItemsService: ItemsServiceClass;
  knex: Knex;
  schema: SchemaOverview;
  branch: number;
  /** Narrows the count to one car. */
  car?: number;
  pickup: LocalDateTimeSeconds;
  returnAt: LocalDateTimeSeconds;
  rules: BookingRules;
  /** The reservation being changed, left out. */
  excludeId?: number;
  now?: number;
}

/**
 * Units of each car held at `branch` during the span the rental competes in: a Map car id -> count. What happened at
 * the counter counts (the domain's `countsAgainstStock`): a car handed over early takes its unit from then, a car not back by
 * its booked return keeps it until it is returned, a return frees it at the actual return (plus the buffer), a no-show
 * frees it at once.
 *
 * The bounds are Panama wall-clock strings, compared by Directus' own filter: SQLite stores a dateTime as epoch
 * milliseconds of that wall-clock time read in the server's zone, PostgreSQL as `timestamp without time zone`, and
 * Directus converts a filter value to what each engine stores. The rows it returns are checked again here by the
 * domain's rule, along with the payment hold (date_created is an instant, compared in milliseconds).
 */
export async function occupiedUnits({ ItemsService, knex, schema, branch, car, pickup, returnAt, rules, excludeId, now = Date.now() }: OccupancyQuery): Promise<Map<number, number>> {
  const span = competingSpan(pickup, returnAt, rules);
  const fromInstant = parsePanamaTimestamp(span.from)?.toISOString();
  const toInstant = parsePanamaTimestamp(span.to)?.toISOString();
  const conditions: Filter[] = [
    { pickup_branch: { _eq: branch } },
    ...(car === undefined ? [] : [{ car: { _eq: car } }]),
    // A car handed over is out whatever became of its payment.
    { _or: [{ status: { _null: true } }, { status: { _neq: 'cancelled' } }, { rental_status: { _in: ['picked_up', 'returned'] } }] },
    // The booked dates, or the instants staff recorded (an early pickup, a late return), or a car still out.
    { _or: [{ pickup_date: { _lt: span.to } }, ...(toInstant ? [{ picked_up_at: { _lt: toInstant } }] : [])] },
    {
      _or: [
        { return_date: { _gt: span.from } },
        { rental_status: { _eq: 'picked_up' } },
        ...(fromInstant ? [{ returned_at: { _gt: fromInstant } }] : []),
      ],
    },
    ...(excludeId === undefined ? [] : [{ id: { _neq: excludeId } }]),
  ];
  const filter: Filter = { _and: conditions };
  const rows = (await new ItemsService('reservations', { knex, schema }).readByQuery({ filter, fields: OCCUPANCY_FIELDS, limit: -1 })) as OccupancyRow[];
  const counts = new Map<number, number>();
  for (const row of rows) {
    const counted = countsAgainstStock(span, {
      rentalStatus: row.rental_status, pickupDate: row.pickup_date, returnDate: row.return_date,
      pickedUpAt: row.picked_up_at ?? null, returnedAt: row.returned_at ?? null,
      status: row.status, type: row.reservation_type, createdAt: row.date_created,
    }, rules, new Date(now));
    if (!counted) continue;
    const key = Number(row.car);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
