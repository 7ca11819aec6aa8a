import 'server-only';
import { customEndpoint } from '@directus/sdk';
import { revalidateTag, unstable_cache } from 'next/cache';
import { z } from 'zod';
import type { StockForDates } from '@rentacar/domain/fleet';
import { contentRequest } from '@/features/content/content-client';
import { ContentServiceError } from '@/features/content/content-error';
import { collectionTag } from '@/features/content/content-cache';

/**
 * Inventory lives in the content service (`fleet_stock`, and the reservations that hold units), and its extension
 * `booking` is the only writer of reservations: the stock check and the insert are one database transaction there, so
 * no number of storefront instances can overbook. This module is the storefront's side of that endpoint.
 */

const STOCK_TAG = collectionTag('fleet_stock');
const RESERVATIONS_TAG = collectionTag('reservations');
/** Availability shown on the fleet may trail a booking made elsewhere by this long; the insert itself never does. */
const AVAILABILITY_MAX_AGE_SECONDS = 30;

const availabilitySchema = z.array(z.object({ car: z.union([z.number(), z.string()]).transform(String), units: z.number().int(), occupied: z.number().int() }));

/**
 * The SDK answers an endpoint's `{ data }` as `data` itself, and the whole body only when it also has `meta`: the
 * extension's answers are read either way.
 */
export function endpointData(body: unknown): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'data' in body ? body.data : body;
}

async function fetchAvailability(branchId: string, pickupAt: string, returnAt: string, brand: string): Promise<Record<string, StockForDates>> {
  const query = new URLSearchParams({ branch: branchId, pickup: pickupAt, return: returnAt, brand });
  const body = await contentRequest(
    `GET /booking/availability (branch ${branchId})`,
    customEndpoint<unknown>({ path: `/booking/availability?${query.toString()}`, method: 'GET' }),
  );
  const rows = availabilitySchema.parse(endpointData(body));
  return Object.fromEntries(rows.map((row) => [row.car, { units: row.units, occupied: row.occupied }]));
}

const cachedAvailability = unstable_cache(fetchAvailability, ['booking', 'availability'], {
  tags: [STOCK_TAG, RESERVATIONS_TAG],
  revalidate: AVAILABILITY_MAX_AGE_SECONDS,
});

/** Units and occupied units of every car at a pickup branch for the given Panama date-times. */
export async function availabilityAt(branchId: string, pickupAt: string, returnAt: string, brand: string): Promise<Record<string, StockForDates>> {
  return cachedAvailability(branchId, pickupAt, returnAt, brand);
}

/**
 * After this instance booked, changed or cancelled: the fleet's badges count it at once. Outside a request (payment
 * reconciliation in the background) Next cannot expire a tag; the availability's 30-second lifetime covers it then.
 */
export function stockChanged(): void {
  try {
    revalidateTag(RESERVATIONS_TAG, { expire: 0 });
  } catch (error) {
    if (!(error instanceof Error && error.message.includes('static generation store missing'))) throw error;
  }
}

const rowSchema = z.record(z.string(), z.unknown());

export type StockWriteResult =
  | { ok: true; row: Record<string, unknown> }
  | { ok: false; reason: 'sold_out' | 'coupon_used_up' | 'not_found' | 'duplicate_number' | 'corporate_refused' }
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

function mentionsReservationNumber(error: ContentServiceError): boolean {
  return JSON.stringify(error.body ?? '').includes('reservation_number');
}

async function stockWrite(what: string, path: string, method: 'POST' | 'PATCH', record: Record<string, unknown>): Promise<StockWriteResult> {
  try {
    const body = await contentRequest(what, customEndpoint<unknown>({ path, method, body: JSON.stringify(record) }));
    return { ok: true, row: rowSchema.parse(endpointData(body)) };
  } catch (error) {
    if (error instanceof ContentServiceError) {
      if (error.statusCode === 409) return { ok: false, reason: errorCode(error) === 'COUPON_USED_UP' ? 'coupon_used_up' : 'sold_out' };
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
 * Checks stock, counts the coupon and saves the reservation in one transaction; a known idempotency key returns the reservation it made
 * (recognisable by its number, which is not the one just sent).
 */
export function insertReservation(record: Record<string, unknown>, holdLimit?: HoldLimit): Promise<StockWriteResult> {
  const body = holdLimit ? { ...record, hold_limit: { key: holdLimit.key, limit: holdLimit.limit, window_seconds: holdLimit.windowSeconds } } : record;
  return stockWrite('POST /booking/reservations', '/booking/reservations', 'POST', body);
}

/** Re-checks stock for the changed dates or branches (or frees the unit on cancel) and updates, in one transaction. */
export function updateReservation(id: string, changes: Record<string, unknown>): Promise<StockWriteResult> {
  return stockWrite(`PATCH /booking/reservations/${id}`, `/booking/reservations/${encodeURIComponent(id)}`, 'PATCH', changes);
}
