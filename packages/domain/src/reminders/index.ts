import { addMinutesToLocalDateTime, normalizeLocalDateTimeSeconds, type LocalDateTimeSeconds } from '../dates/local-seconds';
import { formatPanamaDateTime } from '../dates/local';
import { parsePanamaTimestamp } from '../dates/zoned';
import type { PrecheckinStatus } from '../precheckin';
import { rentalStatusOf } from '../rentals';

/**
 * The reminder before pickup: one e-mail per reservation, a number of hours before its pickup (the brand's site
 * config, 24 by default), with the branch, what to bring and a link to the pre-check-in while it is not done. These
 * are its rules, on stored values: the content service's schedule reads the reservations, asks `reminderVerdict` which
 * are due at the instant of its run, claims each on its row and hands it to the storefront, which writes the e-mail.
 *
 * A reservation is due from `hours` before its pickup until its pickup, so a run that came late (the schedule missed a
 * tick, the content service was down) still sends it, as long as the car has not been picked up. It is never due when:
 *   - it is cancelled, or it is a prepaid reservation not paid yet (an abandoned or pending payment: no booking yet);
 *   - the counter already handed the car over (an early pickup), took it back, or marked the renter a no-show;
 *   - its reminder was sent (`reminder_sent_at`), whatever happened to it since;
 *   - it was booked after its reminder's moment (less than `hours` before pickup): its confirmation, sent moments ago,
 *     already says where and when, so a second e-mail at once would only be noise.
 */

export const DEFAULT_REMINDER_HOURS = 24;

/** The range the brand's setting may take, in whole hours (a week at most: further ahead it is no reminder). */
export const REMINDER_HOURS_RANGE = { min: 1, max: 168 } as const;

/** The brand's setting as stored, or the default when it is empty or outside the range. */
export function reminderHours(value: unknown): number {
  const hours = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof hours === 'number' && Number.isInteger(hours) && hours >= REMINDER_HOURS_RANGE.min && hours <= REMINDER_HOURS_RANGE.max
    ? hours
    : DEFAULT_REMINDER_HOURS;
}

/** A reservation as stored: the values the rule reads. */
export interface ReminderCandidate {
  status: string | null | undefined;
  reservationType: string | null | undefined;
  /** Panama wall clock, `YYYY-MM-DDTHH:mm[:ss]`. */
  pickupAt: string | null | undefined;
  /** When it was booked: an instant with its offset (ISO), as the content service records it. */
  createdAt: string | null | undefined;
  /** When its reminder was sent (claimed); empty while it was not. */
  reminderSentAt: string | null | undefined;
  /** Its rental status at the counter (`booked`, `picked_up`, `returned`, `no_show`); empty reads as booked. */
  rentalStatus?: string | null | undefined;
}

export type ReminderVerdict =
  | 'due'
  | 'cancelled'
  | 'awaiting_payment'
  | 'already_sent'
  | 'booked_late'
  | 'too_early'
  | 'picked_up'
  | 'no_show'
  | 'unreadable';

const HOUR_MS = 3_600_000;

/** The instant of a stored Panama wall-clock date-time, or null when it is malformed. */
function pickupInstant(pickupAt: string | null | undefined): Date | null {
  const normalized = normalizeLocalDateTimeSeconds(pickupAt);
  return normalized === null ? null : parsePanamaTimestamp(normalized);
}

/** The moment the reminder of a pickup at `pickupAt` (Panama wall clock) is due; null when the value is malformed. */
export function reminderDueAt(pickupAt: string | null | undefined, hours: number): Date | null {
  const pickup = pickupInstant(pickupAt);
  return pickup === null ? null : new Date(pickup.getTime() - hours * HOUR_MS);
}

/** Whether (and why not) the reminder of `candidate` is to be sent at `now`, `hours` before pickup. */
export function reminderVerdict(candidate: ReminderCandidate, hours: number, now: Date): ReminderVerdict {
  if (candidate.status === 'cancelled') return 'cancelled';
  const rental = rentalStatusOf(candidate.rentalStatus);
  if (rental === 'no_show') return 'no_show';
  if (rental !== 'booked') return 'picked_up';
  if (candidate.reservationType === 'prepaid' && candidate.status !== 'paid') return 'awaiting_payment';
  if (typeof candidate.reminderSentAt === 'string' && candidate.reminderSentAt.trim() !== '') return 'already_sent';
  const pickup = pickupInstant(candidate.pickupAt);
  if (pickup === null) return 'unreadable';
  const dueAt = pickup.getTime() - hours * HOUR_MS;
  const created = typeof candidate.createdAt === 'string' ? parsePanamaTimestamp(candidate.createdAt) : null;
  if (created !== null && created.getTime() > dueAt) return 'booked_late';
  if (now.getTime() >= pickup.getTime()) return 'picked_up';
  if (now.getTime() < dueAt) return 'too_early';
  return 'due';
}

export function isReminderDue(candidate: ReminderCandidate, hours: number, now: Date): boolean {
  return reminderVerdict(candidate, hours, now) === 'due';
}

/**
 * The pickups a run at `now` may find due when no brand asks more than `maxHours` ahead, as Panama wall-clock bounds:
 * after `from` (the car not yet picked up) and at or before `to`. The rule above decides each one found.
 */
export function reminderSearchWindow(now: Date, maxHours: number): { from: LocalDateTimeSeconds; to: LocalDateTimeSeconds } {
  // To the second, rounded down: a pickup at the very second of `now` counts as picked up.
  const from = `${formatPanamaDateTime(now)}:${String(now.getUTCSeconds()).padStart(2, '0')}`;
  return { from, to: addMinutesToLocalDateTime(from, maxHours * 60) };
}

/** A pre-check-in is done once complete (details saved and nothing left to pay). */
export function isPrecheckinDone(status: string | null | undefined): boolean {
  const done: PrecheckinStatus = 'paid';
  return status === done;
}

/** The reminder links to the pre-check-in while the brand offers it and the renter has not done it. */
export function remindsOfPrecheckin({ precheckinEnabled, precheckinDone }: { precheckinEnabled: boolean; precheckinDone: boolean }): boolean {
  return precheckinEnabled && !precheckinDone;
}
