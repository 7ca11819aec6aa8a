import 'server-only';
import { headers } from 'next/headers';
import { z } from 'zod';
import type { FormIssue } from '@/shared/forms';
import { hitRateLimit, type SavedReservation } from '@/content';
import { clientAddress } from '@/lib/client-address';
import { findReservation, LOOKUP_LIMIT } from '@/features/reservations';

/**
 * Finding a reservation by its number and the email it was booked with, for manage booking and the pre-check-in:
 * both fields required, counted against the per-client lookup limit, and the same answer for an unknown number and a
 * wrong email.
 */

export type LookupOutcome = { ok: true; reservation: SavedReservation } | { ok: false; errors: Record<string, FormIssue>; formError?: FormIssue };

const lookupSchema = z.object({ number: z.string().trim().max(20), email: z.string().trim().max(300) });

export async function lookUpReservation(values: unknown): Promise<LookupOutcome> {
  const parsed = lookupSchema.safeParse(values);
  if (!parsed.success || !parsed.data.number || !parsed.data.email) {
    const errors: Record<string, FormIssue> = {};
    if (!parsed.data?.number) errors.number = { message: 'validation.required' };
    if (!parsed.data?.email) errors.email = { message: 'validation.required' };
    return { ok: false, errors };
  }
  const limit = await hitRateLimit(LOOKUP_LIMIT, clientAddress(await headers()));
  if (!limit.allowed) return { ok: false, errors: {}, formError: { message: 'booking.errors.rateLimited', params: { seconds: limit.retryAfterSeconds } } };
  const reservation = await findReservation(parsed.data.number, parsed.data.email);
  return reservation ? { ok: true, reservation } : { ok: false, errors: {}, formError: { message: 'booking.errors.notFound' } };
}
