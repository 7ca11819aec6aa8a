import type { ReservationType } from '../quote';
import { addMinutesToLocalDateTime, normalizeLocalDateTimeSeconds, type LocalDateTimeSeconds } from '../dates/local-seconds';

/**
 * Which reservations hold a unit of their car, and when: the rule behind every stock check. A reservation holds its unit
 * from pickup to return plus the brand's turnaround buffer (the car is cleaned and checked before its next rental), and
 * holds it unless it is cancelled, or it is a prepaid reservation still unpaid that was made longer ago than the brand's
 * payment hold (the renter left the payment page). Two rentals compete for a unit when their held spans overlap.
 */

export const RESERVATION_STATUSES = ['unpaid', 'paid', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/** Minutes a returned car is unavailable before its next rental, when the brand's site config sets none. */
export const DEFAULT_TURNAROUND_BUFFER_MINUTES = 120;
/** How long an unpaid prepaid reservation holds its unit, when the brand's site config sets none. */
export const DEFAULT_PAYMENT_HOLD_MINUTES = 30;

export interface BookingRules {
  bufferMinutes: number;
  holdMinutes: number;
}

/** A setting of whole minutes, or the default when it is empty or not a whole number of at least `min`. */
function minutesOr(value: unknown, fallback: number, min: number): number {
  if (value === null || value === undefined) return fallback;
  const minutes = Number(value);
  return Number.isInteger(minutes) && minutes >= min ? minutes : fallback;
}

/** The brand's buffer (0 or more minutes) and payment hold (1 or more) from its settings, each with its default. */
export function bookingRules(settings: { turnaroundBufferMinutes?: unknown; paymentHoldMinutes?: unknown } = {}): BookingRules {
  return {
    bufferMinutes: minutesOr(settings.turnaroundBufferMinutes, DEFAULT_TURNAROUND_BUFFER_MINUTES, 0),
    holdMinutes: minutesOr(settings.paymentHoldMinutes, DEFAULT_PAYMENT_HOLD_MINUTES, 1),
  };
}

/** As stored: a status or type outside the lists (a row older than them) holds its unit like any other. */
export interface HeldReservation {
  status: string | null | undefined;
  type: string | null | undefined;
  /** When it was made: an instant with its zone (ISO), as the content service records it. */
  createdAt: string | null | undefined;
}

/** Does this reservation hold its unit (whatever its dates) at `now` (ms since the epoch)? */
export function holdsUnit(reservation: HeldReservation, { holdMinutes }: Pick<BookingRules, 'holdMinutes'>, now: number): boolean {
  if (reservation.status === 'cancelled') return false;
  if (reservation.type === 'prepaid' && reservation.status === 'unpaid' && reservation.createdAt) {
    const created = Date.parse(reservation.createdAt);
    if (Number.isFinite(created) && created < now - holdMinutes * 60_000) return false;
  }
  return true;
}

/**
 * The span a rental from `pickup` to `returnAt` competes in: another rental competes with it while its return plus the
 * buffer is after `from` (our pickup less the buffer) and its pickup is before `to` (our return plus the buffer).
 */
export function competingSpan(pickup: LocalDateTimeSeconds, returnAt: LocalDateTimeSeconds, { bufferMinutes }: Pick<BookingRules, 'bufferMinutes'>): { from: LocalDateTimeSeconds; to: LocalDateTimeSeconds } {
  return { from: addMinutesToLocalDateTime(pickup, -bufferMinutes), to: addMinutesToLocalDateTime(returnAt, bufferMinutes) };
}

/** Does a rental from `pickup` to `returnAt` (as stored, with or without seconds) fall in `span`? False when unreadable. */
export function competesIn(span: { from: LocalDateTimeSeconds; to: LocalDateTimeSeconds }, pickup: unknown, returnAt: unknown): boolean {
  const start = normalizeLocalDateTimeSeconds(pickup);
  const end = normalizeLocalDateTimeSeconds(returnAt);
  return start !== null && end !== null && start < span.to && end > span.from;
}

/**
 * Where a reservation stands with its payment, as a renter or an agent reads it: a postpaid (pay-at-counter)
 * reservation not yet paid is not waiting for anything, it is paid at pickup; only a prepaid one still unpaid awaits
 * its online payment.
 */
export type PaymentStanding = 'payAtPickup' | 'awaitingPayment' | 'paid' | 'cancelled';

export function paymentStanding(reservation: { status: ReservationStatus; reservationType: ReservationType }): PaymentStanding {
  if (reservation.status !== 'unpaid') return reservation.status;
  return reservation.reservationType === 'postpaid' ? 'payAtPickup' : 'awaitingPayment';
}

/**
 * Where a reservation was booked, recorded once when it is created: `corporate` (a corporate agent's booking, for
 * their company), `web` (the storefront's booking and checkout pages) or `api` (the public booking API).
 */
export const BOOKING_CHANNELS = ['web', 'corporate', 'api'] as const;
export type BookingChannel = (typeof BOOKING_CHANNELS)[number];
/** What the storefront says of a booking it sends: its own pages, or its public API. */
export type StorefrontChannel = Exclude<BookingChannel, 'corporate'>;
export const STOREFRONT_CHANNELS = ['web', 'api'] as const satisfies readonly StorefrontChannel[];

export function isStorefrontChannel(value: unknown): value is StorefrontChannel {
  return typeof value === 'string' && (STOREFRONT_CHANNELS as readonly string[]).includes(value);
}

/** The key prefix of the storefront's pages: they key each reservation with the booking draft it came from. */
export const DRAFT_KEY_PREFIX = 'draft-';

/**
 * A reservation's channel: corporate when it names a company or an agent, whoever sent it; else what the storefront
 * said (`bookedVia`); else, for a reservation written without it (older rows, staff in the admin), told by its key as
 * the storefront writes them: a draft's key is its pages', any other key (or none) the public API's.
 */
export function bookingChannel({ corporate, bookedVia, idempotencyKey }: { corporate: boolean; bookedVia?: StorefrontChannel | null; idempotencyKey: unknown }): BookingChannel {
  if (corporate) return 'corporate';
  if (bookedVia) return bookedVia;
  return typeof idempotencyKey === 'string' && idempotencyKey.startsWith(DRAFT_KEY_PREFIX) ? 'web' : 'api';
}
