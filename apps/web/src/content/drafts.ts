import 'server-only';
import { createItem, readItem, updateItem } from '@directus/sdk';
import { z } from 'zod';
import { contentRequest } from './client';
import { ContentServiceError } from './errors';

/**
 * The `reservation_drafts` collection: a renter's booking in progress, kept in the content service so every storefront
 * instance sees it and a restart loses nothing. Its `data` is the storefront's own; the booking feature checks it.
 */
export type StoredDraft = { id: string; data: unknown };

const rowSchema = z.object({ id: z.string(), data: z.unknown(), expires_at: z.string().nullish() });

/** The draft with this id, or undefined when it expired, was removed by staff or belongs to another database. */
export async function readDraft(id: string, now: number = Date.now()): Promise<StoredDraft | undefined> {
  try {
    const row = rowSchema.parse(await contentRequest('GET /items/reservation_drafts', readItem('reservation_drafts', id, { fields: ['id', 'data', 'expires_at'] })));
    if (row.expires_at && Date.parse(row.expires_at) < now) return undefined;
    return { id: row.id, data: row.data };
  } catch (error) {
    if (error instanceof ContentServiceError && (error.statusCode === 403 || error.statusCode === 404)) return undefined;
    throw error;
  }
}

/** Stores a new draft; its id. */
export async function createDraft(data: unknown, expiresAt: Date): Promise<string> {
  const row = rowSchema.parse(
    await contentRequest('POST /items/reservation_drafts', createItem('reservation_drafts', { data, expires_at: expiresAt.toISOString() }, { fields: ['id', 'data'] })),
  );
  return row.id;
}

export async function saveDraft(id: string, data: unknown, expiresAt: Date): Promise<void> {
  await contentRequest('PATCH /items/reservation_drafts', updateItem('reservation_drafts', id, { data, expires_at: expiresAt.toISOString() }, { fields: ['id'] }));
}
