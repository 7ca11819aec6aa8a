import 'server-only';
import { customEndpoint, readItems } from '@directus/sdk';
import { z } from 'zod';
import { DEPOSIT_METHODS, rentalStatusOf, type CollectMethod, type CounterActionPath, type DepositMethod, type RentalStatus, type ReturnChargeLine } from '@rentacar/domain/rentals';
import { contentFormPost, contentRequest, endpointData } from './client';
import { ContentServiceError } from './errors';
import { findReservationByNumberAndEmail, type SavedReservation } from './reservations';

/**
 * The counter's writes, as the signed-in staff member (their content-service access token): the content service's
 * counter endpoints check the role, the branch and the order of events, and write the reservation with the staff
 * member's identity. Also what closing a rental needs to read back: the return's charges and the deposit.
 */

/** The address of a counter action (the domain's `COUNTER_ACTIONS`: `pickup`, `return`, `no-show`...). */
export type { CounterActionPath };

/** The content service's refusal, passed on: its status, stable code and, where it says, the reason and the field. */
export type CounterWriteRefusal = { status: number; code: string; message: string; reason?: string; field?: string; max?: number };

export type CounterWrite = { ok: true; data: Record<string, unknown> } | { ok: false; refusal: CounterWriteRefusal };

const REFUSAL_STATUSES = [400, 401, 403, 404, 409, 422] as const;

const errorsSchema = z.array(
  z.object({
    message: z.string().catch(''),
    extensions: z
      .object({ code: z.string().catch('UNKNOWN'), reason: z.string().optional().catch(undefined), field: z.string().nullish().catch(undefined), max: z.number().optional().catch(undefined) })
      .catch({ code: 'UNKNOWN' }),
  }),
);

/** The content service's refusal of a counter call (a status it answers with a reason), passed on; undefined for any other failure. */
export function counterRefusalOf(error: unknown): CounterWriteRefusal | undefined {
  return error instanceof ContentServiceError && (REFUSAL_STATUSES as readonly number[]).includes(error.statusCode) ? refusalOf(error) : undefined;
}

function refusalOf(error: ContentServiceError): CounterWriteRefusal {
  const parsed = errorsSchema.safeParse(error.body);
  const first = parsed.success ? parsed.data[0] : undefined;
  const extensions = first?.extensions;
  return {
    status: error.statusCode,
    code: extensions?.code ?? 'UNKNOWN',
    message: first?.message ?? error.statusMessage,
    ...(extensions?.reason ? { reason: extensions.reason } : {}),
    ...(extensions?.field ? { field: extensions.field } : {}),
    ...(extensions?.max !== undefined ? { max: extensions.max } : {}),
  };
}

/** A write at the content service's `/counter` as the staff member: its data, or its refusal passed on. */
export async function counterCall(what: string, path: string, method: 'POST' | 'DELETE', token: string, body?: unknown): Promise<CounterWrite> {
  try {
    const answer = await contentRequest(
      what,
      customEndpoint<unknown>({ path, method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }),
      { user: token },
      REFUSAL_STATUSES,
    );
    const data = endpointData(answer);
    return { ok: true, data: typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {} };
  } catch (error) {
    const refusal = counterRefusalOf(error);
    if (refusal !== undefined) return { ok: false, refusal };
    throw error;
  }
}

const numberPath = (number: string) => `/counter/reservations/${encodeURIComponent(number)}`;

/** A counter action (a pickup, a return, a no-show...), with its body as the content service takes it (amounts in cents). */
export function recordCounterAction(token: string, number: string, action: CounterActionPath, body: unknown): Promise<CounterWrite> {
  return counterCall(`POST /counter/reservations/:number/${action}`, `${numberPath(number)}/${action}`, 'POST', token, body);
}

/** Claims the one return receipt of the reservation: true for the one caller that should send it. */
export async function claimReturnReceipt(token: string, number: string): Promise<boolean> {
  const answer = await counterCall('POST /counter/reservations/:number/receipt', `${numberPath(number)}/receipt`, 'POST', token);
  return answer.ok && answer.data.claimed === true;
}

/** Gives the claim back after the receipt could not be sent, so that a later attempt may send it. */
export async function releaseReturnReceipt(token: string, number: string): Promise<void> {
  await counterCall('DELETE /counter/reservations/:number/receipt', `${numberPath(number)}/receipt`, 'DELETE', token);
}

/**
 * Claims the way the return's charges are collected (one way at a time, so they are never taken twice): `claimed`, or
 * the way that holds it already (`heldBy`), or `refused` when the content service would not (its refusal passed on).
 */
export async function claimReturnCollection(token: string, number: string, method: CollectMethod): Promise<{ claimed: true } | { claimed: false; heldBy: string } | { refused: CounterWriteRefusal }> {
  const answer = await counterCall('POST /counter/reservations/:number/collection', `${numberPath(number)}/collection`, 'POST', token, { method });
  if (!answer.ok) return { refused: answer.refusal };
  if (answer.data.claimed === true) return { claimed: true };
  return { claimed: false, heldBy: typeof answer.data.method === 'string' ? answer.data.method : 'unknown' };
}

/** Gives the claim back (a declined card, a failed record), so that staff may collect another way. */
export async function releaseReturnCollection(token: string, number: string, method: CollectMethod): Promise<void> {
  await counterCall('DELETE /counter/reservations/:number/collection', `${numberPath(number)}/collection`, 'DELETE', token, { method });
}

/** A photo stored in the content service's private folder (POST /counter/photos), or why not. */
export type StoredPhoto = { ok: true; fileId: string } | { ok: false; problem: 'too_large' | 'type' | 'empty' | 'refused' | 'unavailable' };

type UploadAnswer = { data?: { id?: unknown }; errors?: { extensions?: { code?: unknown } }[] } | null;

export async function storeCounterPhoto(token: string, file: Blob): Promise<StoredPhoto> {
  const body = new FormData();
  body.set('file', file, 'photo');
  const response = await contentFormPost('/counter/photos', body, 'POST /counter/photos', { user: token });
  if (!response) return { ok: false, problem: 'unavailable' };
  const answer = response.body as UploadAnswer;
  if (response.status === 201 && typeof answer?.data?.id === 'string') return { ok: true, fileId: answer.data.id };
  if (response.status === 413) return { ok: false, problem: 'too_large' };
  if (response.status === 415) return { ok: false, problem: 'type' };
  if (answer?.errors?.[0]?.extensions?.code === 'FILE_EMPTY') return { ok: false, problem: 'empty' };
  return { ok: false, problem: response.status >= 500 ? 'unavailable' : 'refused' };
}

const chargeLineSchema = z.object({
  code: z.enum(['fuel', 'late_return', 'damage', 'tax']),
  amount: z.number().int().min(0),
  quantity: z.number().int().optional(),
  unitAmount: z.number().int().optional(),
});

const closingSchema = z.object({
  rental_status: z.string().nullish(),
  returned_at: z.string().nullish(),
  return_charges: z.array(chargeLineSchema).nullish().catch(null),
  deposit_amount: z.number().int().nullish(),
  deposit_method: z.enum(DEPOSIT_METHODS).nullish().catch(null),
  deposit_kept_amount: z.number().int().nullish(),
  deposit_refunded_at: z.string().nullish(),
  return_receipt_sent_at: z.string().nullish(),
  mileage_out: z.number().int().nullish(),
  mileage_in: z.number().int().nullish(),
  reservation_number: z.string(),
  client_email: z.string().nullish(),
});

/** A reservation with what its counter life recorded: what the final bill and the receipt are made of. */
export type RentalClosing = {
  reservation: SavedReservation;
  rentalStatus: RentalStatus;
  returnedAt: string | undefined;
  returnCharges: ReturnChargeLine[];
  deposit: { amount: number; method: DepositMethod | null; kept: number; refundedAt: string | undefined } | null;
  receiptSentAt: string | undefined;
  mileage: { out: number | undefined; in: number | undefined };
};

/**
 * The reservation with this number as the staff member reads it (counter staff read every branch's), or undefined.
 * The reservation itself comes as the storefront knows reservations (found by its number and the renter's e-mail): its
 * reference is what the payments ledger and the renter's e-mails take, and the staff member's token cannot make one.
 */
export async function readRentalClosing(token: string, number: string): Promise<RentalClosing | undefined> {
  const rows = await contentRequest(
    'GET /items/reservations (counter, closing)',
    readItems('reservations', { fields: ['*'], filter: { reservation_number: { _eq: number.trim().toUpperCase() } }, limit: 1 }),
    { user: token },
  );
  const row = rows[0];
  if (row === undefined) return undefined;
  const closing = closingSchema.parse(row);
  const reservation = closing.client_email ? await findReservationByNumberAndEmail(closing.reservation_number, closing.client_email) : undefined;
  if (!reservation) return undefined;
  const amount = closing.deposit_amount ?? 0;
  return {
    reservation,
    rentalStatus: rentalStatusOf(closing.rental_status),
    returnedAt: closing.returned_at ?? undefined,
    returnCharges: (closing.return_charges ?? []).map((line) => ({
      code: line.code,
      amount: line.amount,
      ...(line.quantity === undefined ? {} : { quantity: line.quantity }),
      ...(line.unitAmount === undefined ? {} : { unitAmount: line.unitAmount }),
    })),
    deposit: amount > 0 ? { amount, method: closing.deposit_method ?? null, kept: closing.deposit_kept_amount ?? 0, refundedAt: closing.deposit_refunded_at ?? undefined } : null,
    receiptSentAt: closing.return_receipt_sent_at ?? undefined,
    mileage: { out: closing.mileage_out ?? undefined, in: closing.mileage_in ?? undefined },
  };
}

/**
 * Staff choose or swap a booking's unit (docs/fleet.md): `plate`, and `reason` for a unit of another class (an
 * upgrade). The content service checks the branch, the class and that the unit can take the rental.
 */
export function assignCounterVehicle(token: string, number: string, body: { plate: string; reason?: string }): Promise<CounterWrite> {
  return counterCall('POST /counter/reservations/:number/assign', `${numberPath(number)}/assign`, 'POST', token, body);
}
