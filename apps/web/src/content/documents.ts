import 'server-only';
import type { DocumentKind } from '@rentacar/domain/precheckin';
import { logFor } from '@/lib/log';
import { contentFormPost } from './client';

const log = logFor('precheckin');

/**
 * A renter's scan passed on to the content service's private folder (POST /precheckin-documents), which reads
 * each file's type from its bytes and keeps only JPEG, PNG or PDF.
 */
export type StoredDocument = { ok: true; fileId: string; type: string; size: number } | { ok: false; problem: 'too_large' | 'type' | 'empty' | 'refused' | 'unavailable' };

type Answer = { data?: { id?: unknown; type?: unknown; filesize?: unknown }; errors?: { extensions?: { code?: unknown } }[] } | null;

/** Stores one document in the content service's private folder. */
export async function storeDocument(kind: DocumentKind, file: Blob): Promise<StoredDocument> {
  const body = new FormData();
  body.set('kind', kind);
  body.set('file', file, 'document');
  const response = await contentFormPost('/precheckin-documents', body, 'POST /precheckin-documents');
  if (!response) return { ok: false, problem: 'unavailable' };
  const answer = response.body as Answer;
  if (response.status === 201) {
    const data = answer?.data;
    if (typeof data?.id === 'string' && typeof data.type === 'string') return { ok: true, fileId: data.id, type: data.type, size: Number(data.filesize) || file.size };
  }
  if (response.status === 413) return { ok: false, problem: 'too_large' };
  if (response.status === 415) return { ok: false, problem: 'type' };
  if (answer?.errors?.[0]?.extensions?.code === 'FILE_EMPTY') return { ok: false, problem: 'empty' };
  log.error({ status: response.status, codes: answer?.errors?.map((error) => error.extensions?.code) }, `the content service refused a document: ${response.status}`);
  return { ok: false, problem: response.status >= 500 || response.status === 401 || response.status === 403 ? 'unavailable' : 'refused' };
}
