// Which reservations hold a unit of a car at a pickup branch during a rental, read from the database: what the booking
// check (POST/PATCH /booking/reservations, a late payment at /payments-ledger) and GET /booking/availability count.
// The rule itself (what holds a unit, and when two rentals compete) is the domain's.
import type { Filter, SchemaOverview } from '@directus/types';
import {
  bookingRules,
  competesIn,
  competingSpan,
  holdsUnit,
  type BookingRules,
} from '@rentacar/domain/reservations';
import type { LocalDateTimeSeconds } from '@rentacar/domain/dates';
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

export const OCCUPANCY_FIELDS = ['id', 'car', 'pickup_branch', 'status', 'reservation_type', 'pickup_date', 'return_date', 'date_created'];

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
 * Units of each car held at `branch` during the span the rental competes in: a Map car id -> count.
 *
 * The bounds are Panama wall-clock strings, compared by Directus' own filter: SQLite stores a dateTime as epoch
 * milliseconds of that wall-clock time read in the server's zone, PostgreSQL as `timestamp without time zone`, and
 * Directus converts a filter value to what each engine stores. The rows it returns are checked again here, along with
 * the payment hold (date_created is an instant, compared in milliseconds).
 */
export async function occupiedUnits({ ItemsService, knex, schema, branch, car, pickup, returnAt, rules, excludeId, now = Date.now() }: OccupancyQuery): Promise<Map<number, number>> {
  const span = competingSpan(pickup, returnAt, rules);
  const conditions: Filter[] = [
    { pickup_branch: { _eq: branch } },
    ...(car === undefined ? [] : [{ car: { _eq: car } }]),
    { _or: [{ status: { _null: true } }, { status: { _neq: 'cancelled' } }] },
    { pickup_date: { _lt: span.to } },
    { return_date: { _gt: span.from } },
    ...(excludeId === undefined ? [] : [{ id: { _neq: excludeId } }]),
  ];
  const filter: Filter = { _and: conditions };
  const rows = (await new ItemsService('reservations', { knex, schema }).readByQuery({ filter, fields: OCCUPANCY_FIELDS, limit: -1 })) as OccupancyRow[];
  const counts = new Map<number, number>();
  for (const row of rows) {
    if (!competesIn(span, row.pickup_date, row.return_date) || !rowHoldsUnit(row, rules, now)) continue;
    const key = Number(row.car);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
