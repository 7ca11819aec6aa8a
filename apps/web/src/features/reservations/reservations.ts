import 'server-only';
import { generateReservationNumber, normalizeReservationNumber } from '@rentacar/domain/reservation-number';
import { parsePanamaDateTime } from '@rentacar/domain/dates';
import { isPrecheckinDone, remindsOfPrecheckin } from '@rentacar/domain/reminders';
import { renterLockOf, renterMayChange, type RenterLock } from '@rentacar/domain/rentals';
import type { StorefrontChannel } from '@rentacar/domain/reservations';
import { checkFlightNumber, FLIGHT_NUMBER_MESSAGES } from '@rentacar/domain/flights';
import { LOCALES, type Locale } from '@/i18n/routing';
import { serverEnv } from '@/lib/env';
import { countBooking, countRateLimitRefusal, type BookingOutcome as BookingOutcomeLabel } from '@/lib/metrics';
import {
  findReservationByNumberAndEmail,
  getBookingCatalog,
  getBranches,
  insertReservation,
  loadAppData,
  markReservationCancelled,
  readPrecheckin,
  stockChanged,
  updateReservationDates,
  type NewReservation,
  type ReservationClient,
  type SavedReservation,
} from '@/content';
import { displayPhone } from '@/features/branches';
import { savedLineIn, type SavedLine } from '@rentacar/domain/quote';
import { issue, type BookingIssue } from '@/lib/issues';
import { sendReservationConfirmation } from './confirmation-email';
import { findBranch, labelledLines, priceSelection, SELECTION_FIELDS, type BookingSelection, type PricedBooking } from '@/features/pricing';
import type { ReservationSummary } from './reservation-summary';
import { reservationsPerClient } from './limits';
import { getPathname } from '@/i18n/navigation';
import { logFor } from '@/lib/log';
import { PRECHECKIN_PATHS } from '@/lib/public-urls';

const log = logFor('booking');

/**
 * The lines a reservation is saved with: labelled in its language, and in every language of the storefront, so staff
 * read the bill in theirs while the renter's e-mails and receipts stay in the booking's.
 */
function linesToSave(booking: PricedBooking, locale: Locale): SavedLine[] {
  const inEach = LOCALES.map((each) => [each, each === locale ? undefined : labelledLines(booking, each)] as const);
  return labelledLines(booking, locale).map((line, index) => ({
    ...line,
    labels: Object.fromEntries(inEach.map(([each, lines]) => [each, lines?.[index]?.label ?? line.label])),
  }));
}

/**
 * The flight number a booking keeps (normalized; undefined when none), or why it is refused: its delivery option meets
 * the renter's flight (meet & greet) and none was given, or what was given is not a flight number.
 */
export function bookingFlightNumber(booking: Pick<PricedBooking, 'delivery' | 'selection'>): { ok: true; flightNumber: string | undefined } | { ok: false; issues: BookingIssue[] } {
  const checked = checkFlightNumber(booking.delivery?.needsFlightNumber ?? false, booking.selection.flightNumber);
  return checked.ok ? checked : { ok: false, issues: [issue(SELECTION_FIELDS.flightNumber, FLIGHT_NUMBER_MESSAGES[checked.problem], undefined, checked.problem)] };
}

export type BookingOutcome =
  | { ok: true; reservation: SavedReservation; replayed: boolean }
  | { ok: false; status: 409 | 422; issues: BookingIssue[] };

/** A new booking may also be refused because its client made too many (`retryAfterSeconds` until it may again). */
export type NewBookingOutcome = BookingOutcome | { ok: false; status: 429; issues: BookingIssue[]; retryAfterSeconds: number };

const NUMBER_ATTEMPTS = 4;

/**
 * Saves a reservation for a priced booking: the content service checks the stock, counts the coupon and inserts in
 * one transaction; a known idempotency key returns the reservation it made. Then (once) the renter of a reservation
 * paid at the counter is emailed; an email that fails does not undo the booking.
 * `channel` says whether it came through the storefront's pages or its public API (the content service records it, or
 * `corporate` for an agent's booking). `clientAddress` (lib/client-address.ts) is counted in the same transaction
 * against the brand's reservations per client, so one client cannot hold the fleet with made-up renters; a corporate
 * agent's bookings are not counted.
 */
export async function bookReservation(
  booking: PricedBooking,
  client: ReservationClient,
  locale: Locale,
  idempotencyKey: string,
  clientAddress: string,
  channel: StorefrontChannel,
): Promise<NewBookingOutcome> {
  const type = booking.selection.reservationType;
  // Every door books through here: a meet & greet without its flight is refused before anything is saved.
  const flight = bookingFlightNumber(booking);
  if (!flight.ok) {
    countBooking(type, 'refused');
    return { ok: false, status: 422, issues: flight.issues };
  }
  try {
    const outcome = await saveReservation(booking, client, locale, idempotencyKey, clientAddress, channel, flight.flightNumber);
    countBooking(type, bookingOutcomeLabel(outcome));
    if (!outcome.ok && outcome.status === 429) countRateLimitRefusal('reservations_per_client');
    return outcome;
  } catch (error) {
    countBooking(type, 'failed');
    throw error;
  }
}

function bookingOutcomeLabel(outcome: NewBookingOutcome): BookingOutcomeLabel {
  if (outcome.ok) return outcome.replayed ? 'replayed' : 'booked';
  if (outcome.status === 409) return 'sold_out';
  if (outcome.status === 429) return 'too_many_reservations';
  const code = outcome.issues[0]?.code;
  return code === 'coupon_used_up' || code === 'corporate_refused' ? code : 'refused';
}

async function saveReservation(
  booking: PricedBooking,
  client: ReservationClient,
  locale: Locale,
  idempotencyKey: string,
  clientAddress: string,
  channel: StorefrontChannel,
  flightNumber: string | undefined,
): Promise<NewBookingOutcome> {
  const lines = linesToSave(booking, locale);
  const holdLimit = booking.corporate ? undefined : reservationsPerClient(clientAddress, booking.site.reservationHoldsPerClient);
  for (let attempt = 1; attempt <= NUMBER_ATTEMPTS; attempt += 1) {
    const reservation: NewReservation = {
      number: generateReservationNumber(booking.site.brand),
      brand: booking.site.brand,
      reservationType: booking.selection.reservationType,
      carId: booking.car.id,
      coverageId: booking.coverage.id,
      pickupBranchId: booking.pickupBranch.id,
      returnBranchId: booking.returnBranch.id,
      pickupAt: booking.selection.pickupAt,
      returnAt: booking.selection.returnAt,
      era: booking.selection.era,
      deliveryOptionId: booking.delivery?.id,
      flightNumber,
      couponId: booking.coupon?.id,
      client,
      locale,
      corporate: booking.corporate ? { companyId: booking.corporate.company.id, agentId: booking.corporate.agentId } : undefined,
      idempotencyKey,
      channel,
    };
    const result = await insertReservation(reservation, booking.quote, lines, holdLimit);
    if (!result.ok && result.reason === 'duplicate_number') continue;
    if (!result.ok && result.reason === 'too_many_reservations') {
      // The refused renter can still book by phone: the brand's assistance line, where it has one.
      const phone = booking.site.assistance.phone;
      const refusal = phone
        ? issue('client', 'booking.errors.tooManyReservationsCall', { phone: displayPhone(phone) }, 'too_many_reservations')
        : issue('client', 'booking.errors.tooManyReservations', undefined, 'too_many_reservations');
      return { ok: false, status: 429, retryAfterSeconds: result.retryAfterSeconds, issues: [refusal] };
    }
    if (!result.ok && result.reason === 'corporate_refused') {
      return { ok: false, status: 422, issues: [issue('corporate', 'booking.errors.corporateRefused', undefined, 'corporate_refused')] };
    }
    if (!result.ok && result.reason === 'coupon_used_up') {
      return { ok: false, status: 422, issues: [issue('coupon', 'booking.errors.couponUsedUp', undefined, 'coupon_used_up')] };
    }
    if (!result.ok) return { ok: false, status: 409, issues: [issue('car_id', 'booking.errors.soldOut')] };
    const saved = result.reservation;
    // The SDK drops the endpoint's `meta.replayed`; a replay answers the first booking, whose number differs.
    const replayed = saved.number !== reservation.number;
    if (!replayed && saved.reservationType === 'prepaid') stockChanged();
    // A prepaid reservation is confirmed to the renter once it is paid (the payments feature), not before.
    else if (!replayed) await afterBooking(saved);
    return { ok: true, reservation: saved, replayed };
  }
  throw new Error(`could not find a free reservation number in ${NUMBER_ATTEMPTS} attempts`);
}

async function afterBooking(reservation: SavedReservation): Promise<void> {
  stockChanged();
  try {
    await sendReservationConfirmation(await reservationSummary(reservation, reservation.locale));
  } catch (error) {
    log.error({ err: error }, `${reservation.number}: the confirmation email could not be sent`);
  }
}

/**
 * The reservation with this number booked with this email, else undefined: an unknown number and a wrong email look
 * the same, so the lookup tells nothing about which reservations exist.
 */
export async function findReservation(number: string, email: string): Promise<SavedReservation | undefined> {
  const normalized = normalizeReservationNumber(number);
  if (normalized === null) return undefined;
  return findReservationByNumberAndEmail(normalized, email);
}

/** What a saved reservation's renter chose, to price it again with other dates or branches. */
export function selectionOfReservation(reservation: SavedReservation): BookingSelection {
  return {
    carId: reservation.carId,
    pickupBranch: reservation.pickupBranchId,
    returnBranch: reservation.returnBranchId,
    pickupAt: reservation.pickupAt,
    returnAt: reservation.returnAt,
    coverageId: reservation.coverageId,
    era: reservation.era,
    extras: reservation.extras.map((extra) => ({ code: extra.code, quantity: extra.quantity })),
    deliveryOptionId: reservation.deliveryOptionId,
    flightNumber: reservation.flightNumber,
    reservationType: reservation.reservationType,
    couponCode: reservation.couponCode,
    birthday: reservation.client.birthday || undefined,
    // A corporate reservation changed later keeps its company's rate.
    corporate: reservation.corporate,
  };
}

/**
 * Whether the renter may still change or cancel: until pickup, not once cancelled, and only while the counter has not
 * handed the car over (even early), taken it back or marked a no-show (the domain's `renterMayChange`).
 */
export function isChangeable(reservation: SavedReservation, now: Date = new Date()): boolean {
  const pickup = parsePanamaDateTime(reservation.pickupAt);
  return renterMayChange(reservation.rentalStatus) && reservation.status !== 'cancelled' && pickup !== null && pickup.getTime() > now.getTime();
}

/** What the renter is told once the rental began or ended at the counter; its code is the lock (`already_picked_up`, ...). */
export const RENTER_LOCK_MESSAGES = {
  already_picked_up: 'booking.errors.alreadyPickedUp',
  already_returned: 'booking.errors.alreadyReturned',
  marked_no_show: 'booking.errors.markedNoShow',
} as const satisfies Record<RenterLock, `booking.errors.${string}`>;

function lockIssue(lock: RenterLock): BookingIssue {
  return issue('reservation', RENTER_LOCK_MESSAGES[lock], undefined, lock);
}

/** Why the renter may not change or cancel the reservation now (the counter's lock first, with its reason), or undefined. */
export function changeRefusal(reservation: SavedReservation, now: Date = new Date()): BookingIssue | undefined {
  const lock = renterLockOf(reservation.rentalStatus);
  if (lock !== null) return lockIssue(lock);
  return isChangeable(reservation, now) ? undefined : issue('reservation', 'booking.errors.cannotChange');
}

export type ChangeRequest = { pickupBranch?: string; returnBranch?: string; pickupAt?: string; returnAt?: string };

export type ChangeOutcome =
  | { ok: true; booking: PricedBooking; selection: BookingSelection }
  | { ok: false; status: 409 | 422; issues: BookingIssue[] };

/**
 * Prices a change of dates or branches with everything else kept. A coupon the reservation already used keeps
 * applying while it is valid for the new dates; one that no longer is drops out, and the new price shows it.
 */
export async function priceChange(reservation: SavedReservation, change: ChangeRequest, now: Date = new Date()): Promise<ChangeOutcome> {
  const refusal = changeRefusal(reservation, now);
  if (refusal) return { ok: false, status: 409, issues: [refusal] };
  const current = selectionOfReservation(reservation);
  const selection: BookingSelection = {
    ...current,
    pickupBranch: change.pickupBranch ?? current.pickupBranch,
    returnBranch: change.returnBranch ?? current.returnBranch,
    pickupAt: change.pickupAt ?? current.pickupAt,
    returnAt: change.returnAt ?? current.returnAt,
  };
  const priced = await priceSelection(selection, { now, redeemedCoupon: true, unusableCoupon: 'drop' });
  if (!priced.ok) return { ok: false, status: 422, issues: priced.issues };
  return { ok: true, booking: priced.booking, selection: priced.booking.selection };
}

/** Saves a priced change: stock re-checked for the new dates and branches in the same transaction. */
export async function applyChange(reservation: SavedReservation, booking: PricedBooking): Promise<BookingOutcome> {
  const lines = linesToSave(booking, reservation.locale);
  const result = await updateReservationDates(
    reservation.id,
    { pickupBranchId: booking.pickupBranch.id, returnBranchId: booking.returnBranch.id, pickupAt: booking.selection.pickupAt, returnAt: booking.selection.returnAt },
    booking.quote,
    lines,
  );
  if (!result.ok) return { ok: false, status: 409, issues: [result.reason === 'rental_started' ? lockIssue(result.lock) : issue('pickup_date', 'booking.errors.soldOut')] };
  stockChanged();
  return { ok: true, reservation: result.reservation, replayed: false };
}

export async function cancelReservation(reservation: SavedReservation, now: Date = new Date()): Promise<BookingOutcome> {
  const refusal = changeRefusal(reservation, now);
  if (refusal) return { ok: false, status: 409, issues: [refusal] };
  const result = await markReservationCancelled(reservation.id, now);
  if (!result.ok) return { ok: false, status: 409, issues: [result.reason === 'rental_started' ? lockIssue(result.lock) : issue('reservation', 'booking.errors.cannotChange')] };
  stockChanged();
  return { ok: true, reservation: result.reservation, replayed: false };
}

/** Manage booking: find a reservation by number and email, change or cancel it (the path, without the language prefix). */
export const MANAGE_BOOKING_PATH = '/mi-reserva';

/** Manage booking's absolute address in `locale`, prefilled with the reservation's number (the e-mails' link back). */
export function manageBookingUrl(number: string, locale: Locale): string {
  const manage = new URL(getPathname({ href: MANAGE_BOOKING_PATH, locale }), serverEnv().siteUrl);
  manage.searchParams.set('numero', number);
  return manage.toString();
}

/** The pre-check-in's absolute address in `locale`, when the renter is still to do it (the domain's rule, as the reminder's). */
async function precheckinUrlFor(reservation: SavedReservation, precheckinEnabled: boolean, locale: Locale): Promise<string | undefined> {
  if (!precheckinEnabled) return undefined;
  const precheckinDone = isPrecheckinDone((await readPrecheckin(reservation.id))?.status);
  return remindsOfPrecheckin({ precheckinEnabled, precheckinDone }) ? new URL(getPathname({ href: PRECHECKIN_PATHS.start, locale }), serverEnv().siteUrl).toString() : undefined;
}

/** A saved reservation in the renter's words and language: the thanks page, the email and the calendar file. */
export async function reservationSummary(reservation: SavedReservation, locale: Locale): Promise<ReservationSummary> {
  const [{ site, fleet }, branches, catalog] = await Promise.all([loadAppData(), getBranches(locale), getBookingCatalog()]);
  const precheckinUrl = await precheckinUrlFor(reservation, site.precheckinEnabled, locale);
  const car = fleet.cars.find((candidate) => candidate.id === reservation.carId);
  const pickup = findBranch(branches, reservation.pickupBranchId);
  const dropoff = findBranch(branches, reservation.returnBranchId);
  const coverage = catalog.coverages.find((candidate) => candidate.id === reservation.coverageId);
  return {
    reservationNumber: reservation.number,
    status: reservation.status,
    reservationType: reservation.reservationType,
    paymentType: reservation.paymentType,
    locale,
    siteName: site.siteName,
    refundBusinessDays: site.refundBusinessDays,
    client: { firstName: reservation.client.firstName, lastName: reservation.client.lastName, email: reservation.client.email, phone: reservation.client.phone },
    car: { name: car ? `${car.make} ${car.model}` : '', classCode: car?.classCode },
    pickup: { branchName: pickup?.name ?? '', address: pickup?.address, phone: pickup?.phone, at: reservation.pickupAt },
    pickupOpeningHours: pickup?.openingHours,
    return: { branchName: dropoff?.name ?? '', address: dropoff?.address, phone: dropoff?.phone, at: reservation.returnAt },
    days: reservation.days,
    coverageName: coverage?.text[locale].name ?? '',
    flightNumber: reservation.flightNumber,
    lines: reservation.lines.map((line) => savedLineIn(line, locale)),
    total: reservation.totals.total,
    manageUrl: manageBookingUrl(reservation.number, locale),
    revision: reservation.revision,
    precheckinUrl,
  };
}
