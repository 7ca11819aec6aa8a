// What POST and PATCH /booking/reservations accept: the fields of `reservations` as schema/model.mjs defines them
// (so a field added to the model is accepted here without a second list), each checked against its type, plus the
// shapes of the JSON fields `lines` and `extras`. A problem is reported as { field, message }.
import { FLIGHT_NUMBER_MAX_LENGTH, normalizeFlightNumber } from '@rentacar/domain/flights';
import { isCents } from '@rentacar/domain/money';
import { normalizeLocalDateTimeSeconds, parseLocalDate } from '@rentacar/domain/dates';
import { isPlainObject, positiveInt, type Problem } from '../../shared/endpoint';
import { collections, type ModelField } from '../../shared/schema';

const model = collections.find((c) => c.collection === 'reservations');
if (!model) throw new Error('booking: schema/model.mjs has no reservations collection');
const FIELDS = new Map(model.fields.filter((f) => f.type !== 'alias').map((f) => [f.field, f]));

// Set by the content service, never by a caller: the revision by hooks.ts, the e-mailed revision by notices.ts,
// reminder_sent_at by the reminders extension's claim (so no change of a booking can send its reminder again), and the
// rental lifecycle by the counter endpoints (extensions/counter), which check the order of events and the branch.
export const COUNTER_FIELDS = [
  'rental_status', 'picked_up_at', 'picked_up_by', 'pickup_branch_actual', 'mileage_out', 'fuel_out', 'pickup_notes', 'pickup_photos',
  'returned_at', 'returned_by', 'mileage_in', 'fuel_in', 'damage_notes', 'damage_photos', 'return_charges', 'no_show_at',
  'deposit_amount', 'deposit_method', 'deposit_refunded_at', 'deposit_kept_amount', 'return_receipt_sent_at', 'return_collection',
];
// The unit a booking holds is chosen by the booking check (shared/units.ts) and assigned by the assignment job or staff.
export const UNIT_FIELDS = ['vehicle', 'vehicle_assigned_at', 'vehicle_assignment', 'vehicle_assignment_note', 'needs_vehicle_since'];
// The sales channel is decided by POST /booking/reservations (from `booked_via` and the corporate fields), and the
// dollars of the total are kept by the dashboards extension from `total`.
const READ_ONLY = new Set(['id', 'date_created', 'revision', 'notified_revision', 'reminder_sent_at', ...COUNTER_FIELDS, ...UNIT_FIELDS, 'channel', 'total_usd']);
// Needed to place a booking in the stock: a reservation without them could not be counted.
export const REQUIRED_ON_CREATE = ['idempotency_key', 'reservation_number', 'brand', 'car', 'pickup_branch', 'pickup_date', 'return_date'];
const NOT_NULL = new Set(REQUIRED_ON_CREATE);

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_LINES = 100;

/** The checked body: each field's value to store (date-times normalized to YYYY-MM-DDTHH:mm:ss). */
export type ReservationPayload = Record<string, unknown>;

const isInt = (value: unknown, min = -Infinity): value is number => Number.isSafeInteger(value) && (value as number) >= min;

const MAX_LANGUAGES = 8;

function isLabelsByLanguage(value: unknown): boolean {
  if (!isPlainObject(value)) return false;
  const entries = Object.entries(value);
  return entries.length <= MAX_LANGUAGES && entries.every(([tag, label]) => /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(tag) && typeof label === 'string' && label.length <= 255);
}

function checkLines(value: unknown): string | null {
  if (!Array.isArray(value) || value.length > MAX_LINES) return `must be a list of at most ${MAX_LINES} quote lines`;
  for (const [i, line] of (value as unknown[]).entries()) {
    if (!isPlainObject(line)) return `[${i}] must be an object { code, label, amount, included?, labels? }`;
    if (typeof line.code !== 'string' || !line.code.trim() || line.code.length > 64) return `[${i}].code must be a non-empty string`;
    if (typeof line.label !== 'string' || line.label.length > 255) return `[${i}].label must be a string`;
    if (!isCents(line.amount)) return `[${i}].amount must be integer cents`;
    // An extra the coverage includes (the domain's quote prices it at 0).
    if (line.included !== undefined && (line.included !== true || line.amount !== 0)) return `[${i}].included, when given, must be true on a line of amount 0`;
    // The same label in each language of the storefront (the counter reads the bill in the staff member's).
    if (line.labels !== undefined && !isLabelsByLanguage(line.labels)) return `[${i}].labels, when given, must map at most ${MAX_LANGUAGES} language tags to labels of at most 255 characters`;
  }
  return null;
}

function checkExtras(value: unknown): string | null {
  if (!Array.isArray(value) || value.length > MAX_LINES) return `must be a list of at most ${MAX_LINES} extras`;
  const seen = new Set<string>();
  for (const [i, extra] of (value as unknown[]).entries()) {
    if (!isPlainObject(extra)) return `[${i}] must be an object { code, quantity, total }`;
    if (typeof extra.code !== 'string' || !extra.code.trim()) return `[${i}].code must be an extra's code`;
    if (seen.has(extra.code)) return `[${i}]: ${extra.code} is listed twice`;
    seen.add(extra.code);
    if (!isInt(extra.quantity, 1)) return `[${i}].quantity must be an integer >= 1`;
    if (!isCents(extra.total) || extra.total < 0) return `[${i}].total must be integer cents >= 0`;
  }
  return null;
}

const CUSTOM: Record<string, (value: unknown) => string | null> = { lines: checkLines, extras: checkExtras };

type Checked = { value: unknown } | { problem: string };

/** A flight number is kept in the domain's one form (upper case, no space: `CM123`), whoever wrote it. */
function checkFlightNumber(value: unknown): Checked {
  if (typeof value !== 'string') return { problem: 'must be a string' };
  if (value.trim() === '') return { value: null };
  const normalized = value.length > FLIGHT_NUMBER_MAX_LENGTH ? null : normalizeFlightNumber(value);
  return normalized === null ? { problem: 'must be a flight number: the airline\'s two-character code and 1 to 4 digits, e.g. CM 123' } : { value: normalized };
}

/** The value to store for `name`, or { problem }. */
function checkField(name: string, def: ModelField, value: unknown): Checked {
  if (value === null) return NOT_NULL.has(name) ? { problem: 'may not be null' } : { value };
  if (name === 'flight_number') return checkFlightNumber(value);
  const custom = CUSTOM[name];
  if (custom) {
    const problem = custom(value);
    return problem ? { problem } : { value };
  }
  const choices = def.meta?.options?.choices;
  switch (def.type) {
    case 'string': {
      if (typeof value !== 'string') return { problem: 'must be a string' };
      const max = def.schema?.max_length ?? 255;
      if (value.length > max) return { problem: `must be at most ${max} characters` };
      if (choices && !choices.some((c) => c.value === value)) return { problem: `must be one of ${choices.map((c) => c.value).join(', ')}` };
      if (NOT_NULL.has(name) && !value.trim()) return { problem: 'may not be empty' };
      return { value };
    }
    case 'integer': {
      // A many-to-one field holds the related item's id; Directus takes it as a number or its decimal string.
      if (def.relation) {
        const id = positiveInt(value) ?? value;
        return isInt(id, 1) ? { value: id } : { problem: 'must be the id of an item (an integer >= 1)' };
      }
      const min = def.meta?.options?.min;
      if (!isInt(value, min ?? -Infinity)) return { problem: min === undefined ? 'must be an integer' : `must be an integer >= ${min}` };
      return { value };
    }
    case 'boolean':
      return typeof value === 'boolean' ? { value } : { problem: 'must be true or false' };
    case 'dateTime': {
      const local = normalizeLocalDateTimeSeconds(value);
      return local ? { value: local } : { problem: 'must be a Panama local date-time YYYY-MM-DDTHH:mm[:ss]' };
    }
    case 'date':
      return typeof value === 'string' && parseLocalDate(value) ? { value } : { problem: 'must be a date YYYY-MM-DD' };
    case 'timestamp':
      return typeof value === 'string' && INSTANT.test(value) && Number.isFinite(Date.parse(value))
        ? { value } : { problem: 'must be an ISO instant with its zone, e.g. 2030-01-31T15:00:00Z' };
    case 'uuid':
      return typeof value === 'string' && UUID.test(value) ? { value } : { problem: 'must be a uuid' };
    case 'json':
      return { value };
    default:
      return { problem: `has a type (${def.type}) this endpoint does not accept` };
  }
}

/**
 * Checks a POST (`create`) or PATCH body. Returns { payload } with date-times normalized to YYYY-MM-DDTHH:mm:ss,
 * or { problem: { field, message } }.
 */
export function checkReservation(body: unknown, { create }: { create: boolean }): { payload: ReservationPayload } | { problem: Problem } {
  if (!isPlainObject(body)) return { problem: { field: null, message: 'The body must be a JSON object with the reservation\'s fields' } };
  const payload: ReservationPayload = {};
  for (const [name, value] of Object.entries(body)) {
    if (READ_ONLY.has(name)) return { problem: { field: name, message: `"${name}" is set by the content service` } };
    const def = FIELDS.get(name);
    if (!def) return { problem: { field: name, message: `"${name}" is not a field of reservations` } };
    if (value === undefined) continue;
    const checked = checkField(name, def, value);
    if ('problem' in checked) return { problem: { field: name, message: `"${name}" ${checked.problem}` } };
    payload[name] = checked.value;
  }
  if (create) {
    const missing = REQUIRED_ON_CREATE.find((name) => payload[name] === undefined);
    if (missing) return { problem: { field: missing, message: `"${missing}" is required` } };
  }
  const datesProblem = checkDates(payload);
  return datesProblem ? { problem: datesProblem } : { payload };
}

/** Return after pickup (on a reservation's merged values, normalized). */
export function checkDates({ pickup_date: pickup, return_date: returnAt }: { pickup_date?: unknown; return_date?: unknown }): Problem | null {
  if (typeof pickup === 'string' && pickup && typeof returnAt === 'string' && returnAt && !(returnAt > pickup)) {
    return { field: 'return_date', message: '"return_date" must be after "pickup_date"' };
  }
  return null;
}
