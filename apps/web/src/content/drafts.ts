import 'server-only';
import { customEndpoint } from '@directus/sdk';
import { z } from 'zod';
import { contentRecordRequest, contentRequest, endpointData } from './client';

/**
 * The `reservation_drafts` collection: a renter's booking in progress, kept in the content service so every storefront
 * instance sees it and a restart loses nothing. Reached through the content service's /booking/drafts routes only (the
 * storefront's token reads no draft at /items); a draft's id here is the reference the content service signed for it.
 * Its `data` is the storefront's own; the booking feature checks it.
 */
export type StoredDraft = { id: string; data: unknown };

const draftSchema = z.object({ id: z.string(), data: z.unknown() });

const draftPath = (id: string) => `/booking/drafts/${encodeURIComponent(id)}`;

/**
 * The draft in an answer. The SDK hands over an endpoint's `{ data }` as `data` itself, and a draft has a `data` field of
 * its own, so the usual unwrapping (endpointData) would take the draft's contents for the draft.
 */
function draftOf(answer: unknown): { id: string; data: unknown } {
  const direct = draftSchema.safeParse(answer);
  return direct.success ? direct.data : draftSchema.parse(endpointData(answer));
}

/** The draft with this id, or undefined when it expired, was removed, or its reference is not the content service's. */
export async function readDraft(id: string): Promise<StoredDraft | undefined> {
  const answer = await contentRecordRequest('GET /booking/drafts/:ref', customEndpoint<unknown>({ path: draftPath(id), method: 'GET' }));
  if (answer === undefined) return undefined;
  const draft = draftOf(answer);
  return { id: draft.id, data: draft.data };
}

/** Stores a new draft; its id. */
export async function createDraft(data: unknown, expiresAt: Date): Promise<string> {
  const body = JSON.stringify({ data, expires_at: expiresAt.toISOString() });
  return draftOf(await contentRequest('POST /booking/drafts', customEndpoint<unknown>({ path: '/booking/drafts', method: 'POST', body }))).id;
}

export async function saveDraft(id: string, data: unknown, expiresAt: Date): Promise<void> {
  const body = JSON.stringify({ data, expires_at: expiresAt.toISOString() });
  await contentRequest('PATCH /booking/drafts/:ref', customEndpoint<unknown>({ path: draftPath(id), method: 'PATCH', body }));
}
