import 'server-only';
import { customEndpoint } from '@directus/sdk';
import { z } from 'zod';
import { contentRequest, endpointData } from './client';
import { ContentServiceError } from './errors';

/**
 * A renter's data rights (docs/privacy.md), through the content service's `/data-rights` endpoint, never `/items`: the
 * proof is the reservation number and the e-mail it was booked with, which the endpoint checks (the same "not found"
 * for either wrong, and a limit per reservation number).
 */
export type DataRightsProof = { reservationNumber: string; email: string; language: 'es' | 'en' };

export type DataRightsOutcome<Value> = { ok: true; value: Value } | { ok: false; reason: 'not-found' } | { ok: false; reason: 'rate-limited'; retryAfterSeconds: number };

/** The copy of everything kept about the renter's e-mail, as one JSON document, and the address it belongs to. */
export type DataCopy = { email: string; json: string };

const copySchema = z.object({ email: z.email(), copy: z.record(z.string(), z.unknown()) });
const erasureSchema = z.object({ id: z.number().int(), status: z.literal('pending') });

async function post<Value>(path: '/data-rights/access' | '/data-rights/erasure', proof: DataRightsProof, read: (data: unknown) => Value): Promise<DataRightsOutcome<Value>> {
  try {
    const body = await contentRequest(
      `POST ${path}`,
      customEndpoint<unknown>({
        path,
        method: 'POST',
        body: JSON.stringify({ reservation_number: proof.reservationNumber, email: proof.email, language: proof.language === 'en' ? 'en-US' : 'es-ES' }),
      }),
    );
    return { ok: true, value: read(endpointData(body)) };
  } catch (error) {
    if (error instanceof ContentServiceError && error.statusCode === 404) return { ok: false, reason: 'not-found' };
    if (error instanceof ContentServiceError && error.statusCode === 429) return { ok: false, reason: 'rate-limited', retryAfterSeconds: retryAfter(error.body) };
    throw error;
  }
}

function retryAfter(body: unknown): number {
  const seconds = z.array(z.object({ extensions: z.object({ retry_after_seconds: z.number().int().positive() }) })).safeParse(body);
  return seconds.success ? (seconds.data[0]?.extensions.retry_after_seconds ?? 60) : 60;
}

/** Asks for a copy of the renter's data. */
export function requestDataCopy(proof: DataRightsProof): Promise<DataRightsOutcome<DataCopy>> {
  return post('/data-rights/access', proof, (data) => {
    const parsed = copySchema.parse(data);
    return { email: parsed.email, json: JSON.stringify(parsed.copy, null, 2) };
  });
}

/** Records the renter's request for erasure, for staff to carry out (asking twice gives the same request). */
export function requestDataErasure(proof: DataRightsProof): Promise<DataRightsOutcome<{ id: number }>> {
  return post('/data-rights/erasure', proof, (data) => ({ id: erasureSchema.parse(data).id }));
}
