import 'server-only';
import { cookies } from 'next/headers';
import { readItems } from '@directus/sdk';
import { normalizeReservationNumber } from '@rentacar/domain/reservation-number';
import { contentRequest } from '@/features/content/content-client';
import { reshapeReservation, type SavedReservation } from '@/features/booking/reservation-record';
import { readStoredSession } from './session';

/**
 * An agent's view of reservations, read with the agent's own token: the content service's Corporate agent policy lets
 * them read their company's reservations and nothing else, so another company's reservation is simply not found.
 */

// Only the reservation's own fields: the agent's policy reads no coupons, and naming coupon.code would be refused.
const FIELDS = ['*'];
const LIST_LIMIT = 100;

async function agentToken(): Promise<string | undefined> {
  return readStoredSession(await cookies()).accessToken;
}

export async function companyReservations(): Promise<SavedReservation[]> {
  const token = await agentToken();
  if (!token) return [];
  const rows = await contentRequest(
    'GET /items/reservations (company)',
    readItems('reservations', { fields: FIELDS, sort: ['-date_created'], limit: LIST_LIMIT }),
    { user: token },
  );
  return rows.map(reshapeReservation);
}

/** One of the company's reservations by its number (`FF-7K3M9Q`) or its id; undefined for any other. */
export async function companyReservation(reference: string): Promise<SavedReservation | undefined> {
  const token = await agentToken();
  if (!token) return undefined;
  const trimmed = reference.trim();
  const number = normalizeReservationNumber(trimmed);
  const filter = /^\d{1,12}$/.test(trimmed) ? { id: { _eq: trimmed } } : number !== null ? { reservation_number: { _eq: number } } : undefined;
  if (!filter) return undefined;
  const rows = await contentRequest('GET /items/reservations (company, one)', readItems('reservations', { fields: FIELDS, filter, limit: 1 }), { user: token });
  return rows[0] === undefined ? undefined : reshapeReservation(rows[0]);
}
