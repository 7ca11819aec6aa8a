import 'server-only';
import { customEndpoint } from '@directus/sdk';
import { z } from 'zod';
import { PAYMENT_STATUSES, type CardDetails, type PaymentStatus } from '@rentacar/domain/payments';
import { countPayment } from '@/lib/metrics';
import { contentRequest, endpointData } from './client';
import { ContentServiceError } from './errors';

/**
 * The storefront's side of the content service's `payments` records: the only place that knows their field names.
 * Every read and write goes through the content service's /payments-ledger (the storefront's token has no right on
 * payments at /items): POST records an attempt or its new state once, in one transaction with the reservation becoming
 * paid, and says whether this call was the one that changed it; GET finds payments by their own key or gateway
 * reference, by their reservation's reference, or the open ones for reconciliation.
 */

export type PaymentKind = 'charge' | 'refund';

export type PaymentRecord = {
  id: string;
  reservationId: string;
  provider: string;
  kind: PaymentKind;
  status: PaymentStatus;
  amount: number;
  idempotencyKey: string;
  reference: string | undefined;
  capture: string | undefined;
  savedMethod: string | undefined;
  card: CardDetails | undefined;
  failure: { code: string; message: string } | undefined;
  refundOf: string | undefined;
  createdAt: string | undefined;
};

export type PaymentUpdate = {
  idempotencyKey: string;
  reservationId: string;
  provider: string;
  kind: PaymentKind;
  amount: number;
  status: PaymentStatus;
  reference?: string;
  capture?: string;
  savedMethod?: string;
  card?: CardDetails;
  failure?: { code: string; message: string };
  refundOf?: string;
};

export type RecordedPayment = {
  payment: PaymentRecord;
  /** This call inserted the payment or moved it into its status: the one caller that acts on it (email, refund). */
  changed: boolean;
  reservation: { id: string; number: string; status: string; paymentType: string; reservationType: string; total: number };
  /** The money was taken but the reservation cannot be paid (cancelled meanwhile, or sold out after its hold): refund. */
  conflict: 'cancelled' | 'sold_out' | undefined;
};

const id = z.union([z.number(), z.string()]).transform(String);
const optionalText = z
  .string()
  .nullish()
  .transform((value) => value || undefined);

const paymentRowSchema = z.object({
  id,
  reservation: z.union([id, z.object({ id })]).transform((value) => (typeof value === 'object' ? value.id : value)),
  provider: z.string(),
  kind: z.enum(['charge', 'refund']).nullish().transform((value) => value ?? 'charge'),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  idempotency_key: z.string(),
  provider_reference: optionalText,
  provider_capture: optionalText,
  payment_method: optionalText,
  card_brand: optionalText,
  card_last4: optionalText,
  card_expiry: optionalText,
  failure_code: optionalText,
  failure_reason: optionalText,
  refund_of: z
    .union([id, z.object({ id })])
    .nullish()
    .transform((value) => (value === null || value === undefined ? undefined : typeof value === 'object' ? value.id : value)),
  date_created: optionalText,
});

export const PAYMENT_FIELDS = Object.keys(paymentRowSchema.shape);

function reshapePayment(row: unknown): PaymentRecord {
  const raw = paymentRowSchema.parse(row);
  return {
    id: raw.id,
    reservationId: raw.reservation,
    provider: raw.provider,
    kind: raw.kind,
    status: raw.status,
    amount: raw.amount,
    idempotencyKey: raw.idempotency_key,
    reference: raw.provider_reference,
    capture: raw.provider_capture,
    savedMethod: raw.payment_method,
    card: raw.card_brand && raw.card_last4 && raw.card_expiry ? { brand: raw.card_brand, last4: raw.card_last4, expiry: raw.card_expiry } : undefined,
    failure: raw.failure_code || raw.failure_reason ? { code: raw.failure_code ?? 'failed', message: raw.failure_reason ?? '' } : undefined,
    refundOf: raw.refund_of,
    createdAt: raw.date_created,
  };
}

const recordAnswerSchema = z.object({
  payment: z.unknown(),
  changed: z.boolean(),
  reservation: z.object({
    id,
    reservation_number: z.string(),
    status: z.string().nullish().transform((value) => value ?? 'unpaid'),
    payment_type: z.string().nullish().transform((value) => value ?? 'unpaid'),
    reservation_type: z.string().nullish().transform((value) => value ?? 'postpaid'),
    total: z.number().int().nullish().transform((value) => value ?? 0),
  }),
  reservation_conflict: z.enum(['cancelled', 'sold_out']).nullish(),
});

/** The gateway's words reach the record, but never anything longer than the field takes. */
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Records an attempt or its new state (exactly once per idempotency key; statuses only move forward). */
export async function recordPayment(update: PaymentUpdate): Promise<RecordedPayment> {
  const body = {
    idempotency_key: update.idempotencyKey,
    reservation: update.reservationId,
    provider: update.provider,
    kind: update.kind,
    amount: update.amount,
    currency: 'USD',
    status: update.status,
    ...(update.reference ? { provider_reference: update.reference } : {}),
    ...(update.capture ? { provider_capture: update.capture } : {}),
    ...(update.savedMethod ? { payment_method: update.savedMethod } : {}),
    ...(update.card ? { card_brand: update.card.brand, card_last4: update.card.last4, card_expiry: update.card.expiry } : {}),
    ...(update.failure ? { failure_code: clip(update.failure.code, 100), failure_reason: clip(update.failure.message, 500) } : {}),
    ...(update.refundOf ? { refund_of: update.refundOf } : {}),
  };
  const answer = await contentRequest(
    `POST /payments-ledger (${update.kind} ${update.status}, reservation ${update.reservationId})`,
    customEndpoint<unknown>({ path: '/payments-ledger', method: 'POST', body: JSON.stringify(body) }),
  );
  const parsed = recordAnswerSchema.parse(endpointData(answer));
  const payment = reshapePayment(parsed.payment);
  // Counted by the one call that moved the payment (several instances, webhooks and returns may report it).
  if (parsed.changed) countPayment(payment.kind, payment.provider, payment.status);
  const reservation = parsed.reservation;
  return {
    payment,
    changed: parsed.changed,
    reservation: {
      id: reservation.id,
      number: reservation.reservation_number,
      status: reservation.status,
      paymentType: reservation.payment_type,
      reservationType: reservation.reservation_type,
      total: reservation.total,
    },
    conflict: parsed.reservation_conflict ?? undefined,
  };
}

async function readPayments(what: string, query: Record<string, string>): Promise<PaymentRecord[]> {
  const answer = await contentRequest(what, customEndpoint<unknown>({ path: `/payments-ledger?${new URLSearchParams(query).toString()}`, method: 'GET' }));
  return z.array(z.unknown()).parse(endpointData(answer)).map(reshapePayment);
}

export async function readPaymentByKey(idempotencyKey: string): Promise<PaymentRecord | undefined> {
  const [payment] = await readPayments('GET /payments-ledger (by key)', { key: idempotencyKey });
  return payment;
}

export async function readPaymentByReference(reference: string): Promise<PaymentRecord | undefined> {
  const [payment] = await readPayments('GET /payments-ledger (by reference)', { reference });
  return payment;
}

/** Every payment and refund of a reservation (its id, the content service's reference), oldest first. */
export async function readReservationPayments(reservationId: string): Promise<PaymentRecord[]> {
  return readPayments('GET /payments-ledger (of a reservation)', { reservation: reservationId });
}

/** Payments still waiting for an outcome that were started before `before`: reconciliation asks their gateway. */
export async function readOpenPayments(before: Date, limit = 50): Promise<PaymentRecord[]> {
  return readPayments('GET /payments-ledger (open)', { open_before: before.toISOString(), limit: String(limit) });
}

/**
 * Cancels the brand's prepaid reservations whose payment hold expired without a payment: their unit is already free
 * for new bookings; this makes the admin say so and stops a late payment from quietly paying them.
 */
export async function expirePaymentHolds(brand: string): Promise<{ id: string; number: string }[]> {
  const answer = await contentRequest(
    `POST /booking/holds/expire (${brand})`,
    customEndpoint<unknown>({ path: '/booking/holds/expire', method: 'POST', body: JSON.stringify({ brand }) }),
  );
  const parsed = z.object({ expired: z.array(z.object({ id, reservation_number: z.string() })) }).parse(endpointData(answer));
  return parsed.expired.map((row) => ({ id: row.id, number: row.reservation_number }));
}

export function isContentConflict(error: unknown): boolean {
  return error instanceof ContentServiceError && (error.statusCode === 409 || error.statusCode === 422);
}
