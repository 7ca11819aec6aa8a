import 'server-only';
import { customEndpoint, readItems } from '@directus/sdk';
import { z } from 'zod';
import { RESERVATION_TYPES, type Quote, type ReservationType, type SavedLine } from '@rentacar/domain/quote';
import { PAYMENT_TYPES, type PaymentType } from '@rentacar/domain/payments';
import { normalizeReservationNumber } from '@rentacar/domain/reservation-number';
import { RESERVATION_STATUSES, type ReservationStatus, type StorefrontChannel } from '@rentacar/domain/reservations';
import { isRenterLock, rentalStatusOf, type RenterLock, type RentalStatus } from '@rentacar/domain/rentals';
import { CONTENT_LANGUAGE, DEFAULT_LOCALE, LOCALES, type Locale } from '@/i18n/routing';
import { contentRecordRequest, contentRequest, endpointData } from './client';
import { ContentServiceError } from './errors';

/**
 * The `reservations` collection, reshaped: the only code that knows its field names. Every read and write goes through
 * the content service's `booking` extension: the storefront's token has no right on reservations at /items. A
 * reservation's `id` here is the reference the content service signed for it (opaque to the storefront, kept in the
 * renter's cookie or draft): with it, or with the number and e-mail, the storefront reaches that one reservation.
 * Writes are one database transaction there with the stock check, so no number of storefront instances can overbook.
 */

export type ReservationClient = { firstName: string; lastName: string; email: string; phone: string; birthday: string; license: string };

export type ReservationTotals = {
  subtotal: number;
  airportTax: number;
  tax: number;
  dropoff: number;
  era: number;
  total: number;
  carTotal: number;
  coverage: number;
  extras: number;
  youngDriverFee: number;
  couponDiscount: number;
  delivery: number;
};

export type SavedReservation = {
  id: string;
  number: string;
  brand: string;
  status: ReservationStatus;
  paymentType: PaymentType;
  reservationType: ReservationType;
  carId: string;
  coverageId: string;
  pickupBranchId: string;
  returnBranchId: string;
  pickupAt: string;
  returnAt: string;
  days: number;
  era: boolean;
  deliveryOptionId: string | undefined;
  /** The renter's arrival flight (e.g. `CM123`), asked by a delivery option that meets it (meet & greet); else undefined. */
  flightNumber: string | undefined;
  couponId: string | undefined;
  couponCode: string | undefined;
  client: ReservationClient;
  locale: Locale;
  totals: ReservationTotals;
  lines: SavedLine[];
  extras: { code: string; quantity: number; total: number }[];
  /** A corporate agent's booking: the company it was booked for and the agent (content-service user) who booked it. */
  corporate: CorporateBooking | undefined;
  createdAt: string | undefined;
  /**
   * Raised by one by the content service each time the car, branches or dates change or the reservation is cancelled:
   * the SEQUENCE of the calendar file sent for it, and the key of its one change or cancellation e-mail.
   */
  revision: number;
  /** The last revision whose change or cancellation e-mail went out (claimed), if any. */
  notifiedRevision: number | undefined;
  /** Where the rental stands at the counter: booked, picked up, returned or no-show (docs/counter.md). */
  rentalStatus: RentalStatus;
};

export type CorporateBooking = { companyId: string; agentId: string };

const id = z.union([z.number(), z.string()]).transform(String);
const optionalId = z.union([z.number(), z.string(), z.object({ id: z.union([z.number(), z.string()]) })]).nullish();
const cents = z.number().int().nullish().transform((value) => value ?? 0);

const rowSchema = z.object({
  id,
  reservation_number: z.string(),
  brand: z.string().nullish(),
  status: z.enum(RESERVATION_STATUSES).catch('unpaid'),
  payment_type: z.enum(PAYMENT_TYPES).catch('unpaid'),
  reservation_type: z.enum(RESERVATION_TYPES).catch('postpaid'),
  car: optionalId,
  coverage: optionalId,
  pickup_branch: optionalId,
  return_branch: optionalId,
  pickup_date: z.string(),
  return_date: z.string(),
  days: z.number().int().nullish(),
  era: z.boolean().nullish(),
  delivery_option: optionalId,
  flight_number: z.string().nullish(),
  coupon: z.union([z.number(), z.string(), z.object({ id: z.union([z.number(), z.string()]), code: z.string().nullish() })]).nullish(),
  client_name: z.string().nullish(),
  client_last_name: z.string().nullish(),
  client_email: z.string().nullish(),
  client_phone: z.string().nullish(),
  client_birthday: z.string().nullish(),
  client_license: z.string().nullish(),
  language: z.string().nullish(),
  car_total: cents,
  coverage_total: cents,
  era_total: cents,
  extras_total: cents,
  young_driver_fee: cents,
  dropoff: cents,
  delivery_price: cents,
  coupon_discount: cents,
  subtotal: cents,
  airport_tax: cents,
  tax: cents,
  total: cents,
  lines: z
    .array(z.object({
      code: z.string(), label: z.string(), amount: z.number().int(), included: z.literal(true).optional().catch(undefined),
      labels: z.record(z.string(), z.string()).optional().catch(undefined),
    }))
    .nullish()
    .catch(null),
  extras: z.array(z.object({ code: z.string(), quantity: z.number().int(), total: z.number().int() })).nullish().catch(null),
  corporate_account: optionalId,
  agent: optionalId,
  date_created: z.string().nullish(),
  revision: z.number().int().min(0).nullish(),
  notified_revision: z.number().int().min(0).nullish(),
  rental_status: z.string().nullish(),
});

function idOf(value: z.infer<typeof optionalId>): string | undefined {
  if (value === null || value === undefined) return undefined;
  return typeof value === 'object' ? String(value.id) : String(value);
}

function localeOfLanguage(language: string | null | undefined): Locale {
  return LOCALES.find((locale) => CONTENT_LANGUAGE[locale] === language) ?? DEFAULT_LOCALE;
}

/** Content-service date-times come back as `YYYY-MM-DDTHH:mm:ss`: the storefront speaks `YYYY-MM-DDTHH:mm`. */
function localDateTime(value: string): string {
  return value.replace(' ', 'T').slice(0, 16);
}

function corporateOf(companyId: string | undefined, agentId: string | undefined): CorporateBooking | undefined {
  return companyId === undefined || agentId === undefined ? undefined : { companyId, agentId };
}

function reshapeReservation(row: unknown): SavedReservation {
  const raw = rowSchema.parse(row);
  const coupon = raw.coupon;
  return {
    id: raw.id,
    number: raw.reservation_number,
    brand: raw.brand ?? '',
    status: raw.status,
    paymentType: raw.payment_type,
    reservationType: raw.reservation_type,
    carId: idOf(raw.car) ?? '',
    coverageId: idOf(raw.coverage) ?? '',
    pickupBranchId: idOf(raw.pickup_branch) ?? '',
    returnBranchId: idOf(raw.return_branch) ?? '',
    pickupAt: localDateTime(raw.pickup_date),
    returnAt: localDateTime(raw.return_date),
    days: raw.days ?? 1,
    era: raw.era ?? false,
    deliveryOptionId: idOf(raw.delivery_option),
    flightNumber: raw.flight_number || undefined,
    couponId: coupon === null || coupon === undefined ? undefined : typeof coupon === 'object' ? String(coupon.id) : String(coupon),
    couponCode: typeof coupon === 'object' && coupon !== null ? (coupon.code ?? undefined) : undefined,
    client: {
      firstName: raw.client_name ?? '',
      lastName: raw.client_last_name ?? '',
      email: raw.client_email ?? '',
      phone: raw.client_phone ?? '',
      birthday: raw.client_birthday ?? '',
      license: raw.client_license ?? '',
    },
    locale: localeOfLanguage(raw.language),
    totals: {
      subtotal: raw.subtotal,
      airportTax: raw.airport_tax,
      tax: raw.tax,
      dropoff: raw.dropoff,
      era: raw.era_total,
      total: raw.total,
      carTotal: raw.car_total,
      coverage: raw.coverage_total,
      extras: raw.extras_total,
      youngDriverFee: raw.young_driver_fee,
      couponDiscount: raw.coupon_discount,
      delivery: raw.delivery_price,
    },
    lines: raw.lines ?? [],
    extras: raw.extras ?? [],
    corporate: corporateOf(idOf(raw.corporate_account), idOf(raw.agent)),
    createdAt: raw.date_created ?? undefined,
    revision: raw.revision ?? 0,
    notifiedRevision: raw.notified_revision ?? undefined,
    rentalStatus: rentalStatusOf(raw.rental_status),
  };
}

/** The quote's amounts and lines under the collection's field names. */
function totalsRecord(result: Quote, lines: readonly SavedLine[]): Record<string, unknown> {
  return {
    days: result.days,
    car_total: result.carTotal,
    coverage_total: result.coverage,
    era_total: result.era,
    extras_total: result.extras,
    young_driver_fee: result.youngDriverFee,
    dropoff: result.dropoff,
    delivery_price: result.delivery.price,
    coupon_discount: result.couponDiscount,
    subtotal: result.subtotal,
    airport_tax: result.airportTax,
    tax: result.tax,
    total: result.total,
    lines,
    extras: result.extraItems.map((extra) => ({ code: extra.code, quantity: extra.quantity, total: extra.total })),
  };
}

/** What a new reservation records besides its amounts: a saved one's choices, and the key that makes it once. */
export type NewReservation = Pick<
  SavedReservation,
  'number' | 'brand' | 'reservationType' | 'carId' | 'coverageId' | 'pickupBranchId' | 'returnBranchId' | 'pickupAt' | 'returnAt' | 'era' | 'deliveryOptionId' | 'flightNumber' | 'couponId' | 'client' | 'locale' | 'corporate'
> & {
  idempotencyKey: string;
  /** Which of the storefront's doors it came through: its booking pages (`web`) or its public API (`api`). */
  channel: StorefrontChannel;
};

function newReservationRecord(reservation: NewReservation, result: Quote, lines: readonly SavedLine[]): Record<string, unknown> {
  return {
    reservation_number: reservation.number,
    brand: reservation.brand,
    status: 'unpaid',
    payment_type: 'unpaid',
    reservation_type: reservation.reservationType,
    car: reservation.carId,
    coverage: reservation.coverageId,
    pickup_branch: reservation.pickupBranchId,
    return_branch: reservation.returnBranchId,
    pickup_date: reservation.pickupAt,
    return_date: reservation.returnAt,
    era: reservation.era,
    delivery_option: reservation.deliveryOptionId ?? null,
    flight_number: reservation.flightNumber ?? null,
    coupon: reservation.couponId ?? null,
    client_name: reservation.client.firstName,
    client_last_name: reservation.client.lastName,
    client_email: reservation.client.email,
    client_phone: reservation.client.phone,
    client_birthday: reservation.client.birthday,
    client_license: reservation.client.license,
    language: CONTENT_LANGUAGE[reservation.locale],
    idempotency_key: reservation.idempotencyKey,
    ...(reservation.corporate ? { corporate_account: reservation.corporate.companyId, agent: reservation.corporate.agentId } : {}),
    ...totalsRecord(result, lines),
  };
}

/** New branches and dates for a saved reservation. */
export type ReservationChange = Pick<SavedReservation, 'pickupBranchId' | 'returnBranchId' | 'pickupAt' | 'returnAt'>;

function changeRecord(change: ReservationChange, result: Quote, lines: readonly SavedLine[]) {
  return {
    pickup_branch: change.pickupBranchId,
    return_branch: change.returnBranchId,
    pickup_date: change.pickupAt,
    return_date: change.returnAt,
    ...totalsRecord(result, lines),
  };
}

function cancellationRecord(now: Date): Record<string, unknown> {
  return { status: 'cancelled', cancelled_at: now.toISOString() };
}

/** The reservation with this number booked with this e-mail (any case); undefined for a wrong number or e-mail alike. */
export async function findReservationByNumberAndEmail(number: string, email: string): Promise<SavedReservation | undefined> {
  const body = await contentRecordRequest(
    'POST /booking/reservations/find',
    customEndpoint<unknown>({ path: '/booking/reservations/find', method: 'POST', body: JSON.stringify({ number, email }) }),
  );
  return body === undefined ? undefined : reshapeReservation(endpointData(body));
}

/** The reservation a reference names (a saved reservation's `id`), or undefined when there is none. */
export async function readReservationById(reservationId: string): Promise<SavedReservation | undefined> {
  const body = await contentRecordRequest(
    'GET /booking/reservations/:ref',
    customEndpoint<unknown>({ path: `/booking/reservations/${encodeURIComponent(reservationId)}`, method: 'GET' }),
  );
  return body === undefined ? undefined : reshapeReservation(endpointData(body));
}

/**
 * An agent's view of reservations, read with the agent's own access token: the content service's Corporate agent
 * policy lets them read their company's reservations and nothing else, so another company's is simply not found.
 * Only the reservation's own fields: the agent's policy reads no coupons, and naming coupon.code would be refused.
 */
const AGENT_FIELDS = ['*'];
const AGENT_LIST_LIMIT = 100;

/** The company's latest reservations, as the agent whose token this is may read them. */
export async function readCompanyReservations(accessToken: string): Promise<SavedReservation[]> {
  const rows = await contentRequest(
    'GET /items/reservations (company)',
    readItems('reservations', { fields: AGENT_FIELDS, sort: ['-date_created'], limit: AGENT_LIST_LIMIT }),
    { user: accessToken },
  );
  return rows.map(reshapeReservation);
}

/** One of the company's reservations by its number (`FF-7K3M9Q`) or its id; undefined for any other. */
export async function readCompanyReservation(accessToken: string, reference: string): Promise<SavedReservation | undefined> {
  const trimmed = reference.trim();
  const number = normalizeReservationNumber(trimmed);
  const filter = /^\d{1,12}$/.test(trimmed) ? { id: { _eq: trimmed } } : number !== null ? { reservation_number: { _eq: number } } : undefined;
  if (!filter) return undefined;
  const rows = await contentRequest('GET /items/reservations (company, one)', readItems('reservations', { fields: AGENT_FIELDS, filter, limit: 1 }), { user: accessToken });
  return rows[0] === undefined ? undefined : reshapeReservation(rows[0]);
}

export type ReservationWrite =
  | { ok: true; reservation: SavedReservation }
  | { ok: false; reason: 'sold_out' | 'coupon_used_up' | 'not_found' | 'duplicate_number' | 'corporate_refused' }
  /** The counter acted on it meanwhile (handed over, returned, no-show): the renter may no longer change or cancel it. */
  | { ok: false; reason: 'rental_started'; lock: RenterLock }
  | { ok: false; reason: 'too_many_reservations'; retryAfterSeconds: number };

/** How many reservations one client may make in a window, counted by the content service with each booking. */
export type HoldLimit = { key: string; limit: number; windowSeconds: number };

const tooManySchema = z.object({ extensions: z.object({ retry_after_seconds: z.number().int().positive() }) });
/** Retry-After for a refusal that does not say when its window ends: an hour, rather than inviting retries at once. */
const UNSTATED_RETRY_AFTER_SECONDS = 60 * 60;

/** The content service's refusals of a corporate booking (the agent deactivated, moved, or the company unpublished). */
const CORPORATE_REFUSALS = /^(CORPORATE_|AGENT_|NOT_A_CORPORATE_AGENT)/;

function errorCode(error: ContentServiceError): string | undefined {
  const body = error.body;
  if (!Array.isArray(body)) return undefined;
  const first: unknown = body[0];
  if (typeof first !== 'object' || first === null || !('extensions' in first)) return undefined;
  const extensions = (first as { extensions?: { code?: unknown } }).extensions;
  return typeof extensions?.code === 'string' ? extensions.code : undefined;
}

const rentalConflictSchema = z.object({ extensions: z.object({ code: z.literal('RENTAL_STATE_CONFLICT'), reason: z.string() }) });

/** The reason of a 409 RENTAL_STATE_CONFLICT (`already_picked_up`, ...), when it is one the renter is told. */
function renterLockOfError(error: ContentServiceError): RenterLock | undefined {
  const first: unknown = Array.isArray(error.body) ? error.body[0] : undefined;
  const parsed = rentalConflictSchema.safeParse(first);
  return parsed.success && isRenterLock(parsed.data.extensions.reason) ? parsed.data.extensions.reason : undefined;
}

function mentionsReservationNumber(error: ContentServiceError): boolean {
  return JSON.stringify(error.body ?? '').includes('reservation_number');
}

async function bookingWrite(what: string, path: string, method: 'POST' | 'PATCH', record: Record<string, unknown>): Promise<ReservationWrite> {
  try {
    const body = await contentRequest(what, customEndpoint<unknown>({ path, method, body: JSON.stringify(record) }));
    return { ok: true, reservation: reshapeReservation(endpointData(body)) };
  } catch (error) {
    if (error instanceof ContentServiceError) {
      if (error.statusCode === 409) {
        const lock = renterLockOfError(error);
        if (lock !== undefined) return { ok: false, reason: 'rental_started', lock };
        return { ok: false, reason: errorCode(error) === 'COUPON_USED_UP' ? 'coupon_used_up' : 'sold_out' };
      }
      if (error.statusCode === 404) return { ok: false, reason: 'not_found' };
      if (error.statusCode === 429 && errorCode(error) === 'TOO_MANY_RESERVATIONS') {
        const first: unknown = Array.isArray(error.body) ? error.body[0] : undefined;
        const parsed = tooManySchema.safeParse(first);
        return { ok: false, reason: 'too_many_reservations', retryAfterSeconds: parsed.success ? parsed.data.extensions.retry_after_seconds : UNSTATED_RETRY_AFTER_SECONDS };
      }
      if (error.statusCode === 422 && CORPORATE_REFUSALS.test(errorCode(error) ?? '')) return { ok: false, reason: 'corporate_refused' };
      if (errorCode(error) === 'RECORD_NOT_UNIQUE' && mentionsReservationNumber(error)) return { ok: false, reason: 'duplicate_number' };
    }
    throw error;
  }
}

/**
 * Checks stock, counts the coupon (and the client's reservations under `holdLimit`) and saves the reservation in one
 * transaction. A known idempotency key answers the reservation it made, recognisable by a number other than this one.
 */
export function insertReservation(reservation: NewReservation, quote: Quote, lines: readonly SavedLine[], holdLimit?: HoldLimit): Promise<ReservationWrite> {
  // `booked_via` is not a field: the content service records the reservation's channel from it (corporate when it
  // names a company).
  const record = { ...newReservationRecord(reservation, quote, lines), booked_via: reservation.channel };
  const body = holdLimit ? { ...record, hold_limit: { key: holdLimit.key, limit: holdLimit.limit, window_seconds: holdLimit.windowSeconds } } : record;
  return bookingWrite('POST /booking/reservations', '/booking/reservations', 'POST', body);
}

function patchReservation(id: string, changes: Record<string, unknown>): Promise<ReservationWrite> {
  return bookingWrite('PATCH /booking/reservations/:ref', `/booking/reservations/${encodeURIComponent(id)}`, 'PATCH', changes);
}

/** Re-checks stock for the new dates or branches and saves them with the new amounts, in one transaction. */
export function updateReservationDates(id: string, change: ReservationChange, quote: Quote, lines: readonly SavedLine[]): Promise<ReservationWrite> {
  return patchReservation(id, changeRecord(change, quote, lines));
}

/** Marks the reservation cancelled, which frees its unit. */
export function markReservationCancelled(id: string, now: Date): Promise<ReservationWrite> {
  return patchReservation(id, cancellationRecord(now));
}

const claimSchema = z.object({ claimed: z.boolean() });

/**
 * Claims the one e-mail of the reservation's `revision` (a change or a cancellation): true for the one caller that
 * should send it, false when it was claimed before (a retry, a double submit) or the reservation has moved on since.
 */
export async function claimReservationNotice(id: string, revision: number): Promise<boolean> {
  const body = await contentRequest(
    'POST /booking/reservations/:ref/notices',
    customEndpoint<unknown>({ path: `/booking/reservations/${encodeURIComponent(id)}/notices`, method: 'POST', body: JSON.stringify({ revision }) }),
  );
  return claimSchema.parse(endpointData(body)).claimed;
}

/** Gives a claim back after its e-mail could not be sent, so that a later attempt may send it. */
export async function releaseReservationNotice(id: string, revision: number): Promise<void> {
  await contentRequest(
    'DELETE /booking/reservations/:ref/notices/:revision',
    customEndpoint<unknown>({ path: `/booking/reservations/${encodeURIComponent(id)}/notices/${revision}`, method: 'DELETE' }),
  );
}
