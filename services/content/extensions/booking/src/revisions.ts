// A reservation's revision: raised by one whenever what the renter's calendar event shows changes (the car, a branch,
// a date) or the reservation is cancelled or taken back. The storefront writes it into every calendar file it sends
// as SEQUENCE, so a calendar replaces the event it holds with the newer file and ignores an older one; and it e-mails
// each revision once (`notified_revision`, notices.ts). Kept here, on every write to reservations whoever makes it
// (the booking endpoint, the payment-hold expiry, a payment taking back a lapsed reservation, staff in the admin):
// hooks.ts applies it before each update.
import { normalizeLocalDateTimeSeconds } from '@rentacar/domain/dates';
import { isPlainObject } from '../../shared/endpoint';

/** The fields whose change moves the event in the renter's calendar. */
export const EVENT_FIELDS = ['car', 'pickup_branch', 'return_branch', 'pickup_date', 'return_date'] as const;
const DATE_FIELDS = new Set<string>(['pickup_date', 'return_date']);

/** The fields an update is compared on, read from the reservation before it. */
export const REVISION_READ_FIELDS = ['id', 'revision', 'status', ...EVENT_FIELDS];

export type RevisionRow = Record<string, unknown> & { revision?: unknown; status?: unknown };

/** A related id (a number, its decimal text, or the related item) or a date-time, as comparable text. */
function comparable(name: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (isPlainObject(value)) return comparable(name, value.id);
  const text = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  return DATE_FIELDS.has(name) ? (normalizeLocalDateTimeSeconds(text.replace(' ', 'T')) ?? text) : text;
}

/** Does writing `changes` over `current` change its calendar event, or cancel it, or take a cancelled one back? */
export function changesEvent(current: RevisionRow, changes: Record<string, unknown>): boolean {
  if ('status' in changes && (changes.status === 'cancelled') !== (current.status === 'cancelled')) return true;
  return EVENT_FIELDS.some((name) => name in changes && comparable(name, changes[name]) !== comparable(name, current[name]));
}

/** A stored revision (null on a row older than the field) as a number. */
export function revisionOf(row: RevisionRow): number {
  const value = Number(row.revision ?? 0);
  return Number.isSafeInteger(value) && value >= 0 ? value : 0;
}

/**
 * The update to write instead of `payload`, for the reservations `rows` it applies to: a caller never sets the revision
 * itself; when the update changes the event of any of them, the revision becomes one more than the highest of theirs
 * (one row, the usual case: its own plus one; a batch edit in the admin moves them all past their highest).
 */
export function withRevision(payload: Record<string, unknown>, rows: readonly RevisionRow[]): Record<string, unknown> {
  const { revision: _ignored, ...rest } = payload;
  const changed = rows.filter((row) => changesEvent(row, rest));
  if (changed.length === 0) return rest;
  return { ...rest, revision: Math.max(...rows.map(revisionOf)) + 1 };
}
