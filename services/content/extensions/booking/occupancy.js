// Which reservations hold a unit of a car at a pickup branch during a rental: the one rule behind the booking check
// (POST/PATCH /booking/reservations) and GET /booking/availability.
//
// A reservation holds its unit from pickup_date to return_date plus the brand's turnaround buffer, and holds it
// unless it is cancelled, or it is a prepaid reservation still unpaid that was created more than the brand's payment
// hold ago (the renter left the payment page). Two rentals compete when [pickup, return + buffer) of one overlaps
// [pickup, return + buffer) of the other.

export const DEFAULT_BUFFER_MINUTES = 120;
export const DEFAULT_HOLD_MINUTES = 30;

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `YYYY-MM-DDTHH:mm[:ss]` (Panama wall-clock time) as `YYYY-MM-DDTHH:mm:ss`, or null when it is not a real time. */
export function normalizeLocal(value) {
  const m = typeof value === 'string' ? LOCAL.exec(value) : null;
  if (!m) return null;
  const [y, mo, d, h, mi, s = '00'] = m.slice(1);
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const text = `${y}-${mo}-${d}T${h}:${mi}:${s}`;
  return wallClock(ms) === text ? text : null;
}

// Wall-clock arithmetic on the digits, as if the time were UTC: Panama has no daylight saving time, and the stored
// values are Panama times without a zone.
const wallMs = (local) => Date.parse(`${local}Z`);
const wallClock = (ms) => new Date(ms).toISOString().slice(0, 19);
export const shiftMinutes = (local, minutes) => wallClock(wallMs(local) + minutes * 60_000);

const minutesOr = (value, fallback, min) => {
  const n = Number(value);
  return value !== null && value !== undefined && Number.isInteger(n) && n >= min ? n : fallback;
};

/** The brand's turnaround buffer and payment hold (defaults when the brand has no site config or leaves them empty). */
export async function bookingRules(knex, brand) {
  const row = brand
    ? await knex('sites_config').select('turnaround_buffer_minutes', 'payment_hold_minutes').where({ brand }).first()
    : undefined;
  return {
    bufferMinutes: minutesOr(row?.turnaround_buffer_minutes, DEFAULT_BUFFER_MINUTES, 0),
    holdMinutes: minutesOr(row?.payment_hold_minutes, DEFAULT_HOLD_MINUTES, 1),
  };
}

/** Does this reservation hold its unit (whatever its dates)? */
export function holdsUnit(row, { holdMinutes }, now = Date.now()) {
  if (row.status === 'cancelled') return false;
  if (row.reservation_type === 'prepaid' && row.status === 'unpaid' && row.date_created) {
    const created = Date.parse(row.date_created);
    if (Number.isFinite(created) && created < now - holdMinutes * 60_000) return false;
  }
  return true;
}

export const OCCUPANCY_FIELDS = ['id', 'car', 'pickup_branch', 'status', 'reservation_type', 'pickup_date', 'return_date', 'date_created'];

/**
 * Units of each car held at `branch` during [pickup, return + buffer): a Map car id -> count. `car` narrows it to one
 * car; `excludeId` leaves out the reservation being changed.
 *
 * The bounds are computed here, as Panama wall-clock strings, and compared by Directus' own filter: SQLite stores a
 * dateTime as epoch milliseconds of that wall-clock time read in the server's zone, PostgreSQL as `timestamp without
 * time zone`, and Directus converts a filter value to what each engine stores. The rows it returns come back as
 * `YYYY-MM-DDTHH:mm:ss` strings, which order as times, so the overlap is checked again on them here, along with the
 * payment hold (date_created is an instant, compared in milliseconds).
 */
export async function occupiedUnits({ ItemsService, knex, schema, branch, car, pickup, returnAt, rules, excludeId, now = Date.now() }) {
  // An earlier rental competes while its return + buffer is after our pickup; a later one while its pickup is before
  // our return + buffer.
  const lower = shiftMinutes(pickup, -rules.bufferMinutes);
  const upper = shiftMinutes(returnAt, rules.bufferMinutes);
  const filter = {
    _and: [
      { pickup_branch: { _eq: branch } },
      ...(car === undefined ? [] : [{ car: { _eq: car } }]),
      { _or: [{ status: { _null: true } }, { status: { _neq: 'cancelled' } }] },
      { pickup_date: { _lt: upper } },
      { return_date: { _gt: lower } },
      ...(excludeId === undefined ? [] : [{ id: { _neq: excludeId } }]),
    ],
  };
  const rows = await new ItemsService('reservations', { knex, schema }).readByQuery({ filter, fields: OCCUPANCY_FIELDS, limit: -1 });
  const counts = new Map();
  for (const row of rows) {
    const start = normalizeLocal(row.pickup_date);
    const end = normalizeLocal(row.return_date);
    if (!start || !end || !(start < upper && end > lower) || !holdsUnit(row, rules, now)) continue;
    const key = Number(row.car);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}
