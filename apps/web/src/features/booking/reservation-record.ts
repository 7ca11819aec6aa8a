import 'server-only';
import { readItems } from '@directus/sdk';
import { z } from 'zod';
import { RESERVATION_TYPES, type Quote, type ReservationType } from '@rentacar/domain/quote';
import { CONTENT_LANGUAGE, DEFAULT_LOCALE, LOCALES, type Locale } from '@/i18n/routing';
import { contentRequest } from '@/features/content/content-client';
import type { LabelledLine } from './bill-lines';

/**
 * The `reservations` collection, reshaped: the only code that knows its field names. Reads and writes of saved
 * reservations go through here (writes through the content service's `booking` extension, see stock.ts).
 */

export const RESERVATION_STATUSES = ['unpaid', 'paid', 'cancelled'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
export const PAYMENT_TYPES = ['unpaid', 'card', 'paypal'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

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
  couponId: string | undefined;
  couponCode: string | undefined;
  client: ReservationClient;
  locale: Locale;
  totals: ReservationTotals;
  lines: LabelledLine[];
  extras: { code: string; quantity: number; total: number }[];
  /** A corporate agent's booking: the company it was booked for and the agent (content-service user) who booked it. */
  corporate: CorporateBooking | undefined;
  createdAt: string | undefined;
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
  lines: z.array(z.object({ code: z.string(), label: z.string(), amount: z.number().int() })).nullish().catch(null),
  extras: z.array(z.object({ code: z.string(), quantity: z.number().int(), total: z.number().int() })).nullish().catch(null),
  corporate_account: optionalId,
  agent: optionalId,
  date_created: z.string().nullish(),
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

export function reshapeReservation(row: unknown): SavedReservation {
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
  };
}

/** The quote's amounts and lines under the collection's field names. */
export function totalsRecord(result: Quote, lines: readonly LabelledLine[]): Record<string, unknown> {
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
  'number' | 'brand' | 'reservationType' | 'carId' | 'coverageId' | 'pickupBranchId' | 'returnBranchId' | 'pickupAt' | 'returnAt' | 'era' | 'deliveryOptionId' | 'couponId' | 'client' | 'locale' | 'corporate'
> & { idempotencyKey: string };

export function newReservationRecord(reservation: NewReservation, result: Quote, lines: readonly LabelledLine[]): Record<string, unknown> {
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

export function changeRecord(change: { pickupBranchId: string; returnBranchId: string; pickupAt: string; returnAt: string }, result: Quote, lines: readonly LabelledLine[]) {
  return {
    pickup_branch: change.pickupBranchId,
    return_branch: change.returnBranchId,
    pickup_date: change.pickupAt,
    return_date: change.returnAt,
    ...totalsRecord(result, lines),
  };
}

export function cancellationRecord(now: Date): Record<string, unknown> {
  return { status: 'cancelled', cancelled_at: now.toISOString() };
}

const READ_FIELDS = ['*', 'coupon.id', 'coupon.code'];

/** The reservation with this number, or undefined; the number is matched exactly (callers normalise it). */
export async function readReservationByNumber(number: string): Promise<SavedReservation | undefined> {
  const rows = await contentRequest(
    'GET /items/reservations (by number)',
    readItems('reservations', { filter: { reservation_number: { _eq: number } }, fields: READ_FIELDS, limit: 1 }),
  );
  return rows[0] === undefined ? undefined : reshapeReservation(rows[0]);
}

export async function readReservationById(reservationId: string): Promise<SavedReservation | undefined> {
  const rows = await contentRequest(
    'GET /items/reservations (by id)',
    readItems('reservations', { filter: { id: { _eq: reservationId } }, fields: READ_FIELDS, limit: 1 }),
  );
  return rows[0] === undefined ? undefined : reshapeReservation(rows[0]);
}
