import 'server-only';
import { MAX_DOCUMENT_BYTES } from '@rentacar/domain/precheckin';
import { signValue, verifySignedValue } from '@/lib/signed-value';
import { contentFormPost } from '@/features/content/content-client';

/**
 * The renter's scans of their licence and ID, passed on to the content service's private folder
 * (POST /precheckin-documents), which reads each file's type from its bytes and keeps only JPEG, PNG or PDF.
 * The browser gets back a reference signed for its reservation and the kind of document, so the verification form
 * can only attach a file this renter uploaded, as what it was uploaded for.
 */

export const DOCUMENT_KINDS = ['license', 'id'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export function isDocumentKind(value: unknown): value is DocumentKind {
  return typeof value === 'string' && (DOCUMENT_KINDS as readonly string[]).includes(value);
}

const purpose = (reservationId: string, kind: DocumentKind) => `precheckin-document:${reservationId}:${kind}`;

export function documentReference(reservationId: string, kind: DocumentKind, fileId: string): string {
  return signValue(purpose(reservationId, kind), fileId);
}

/** The file id a reference names, when it was given to this reservation for this kind of document. */
export function documentIdOf(reservationId: string, kind: DocumentKind, reference: string): string | undefined {
  return verifySignedValue(purpose(reservationId, kind), reference);
}

/** Room for the multipart envelope around a file of the largest allowed size. */
export const MAX_UPLOAD_BODY_BYTES = MAX_DOCUMENT_BYTES + 64 * 1024;

export type StoredDocument = { ok: true; fileId: string; type: string; size: number } | { ok: false; problem: 'too_large' | 'type' | 'empty' | 'refused' | 'unavailable' };

/** Stores one document in the content service's private folder. */
export async function storeDocument(kind: DocumentKind, file: Blob): Promise<StoredDocument> {
  const body = new FormData();
  body.set('kind', kind);
  body.set('file', file, 'document');
  const response = await contentFormPost('/precheckin-documents', body, 'POST /precheckin-documents');
  if (!response) return { ok: false, problem: 'unavailable' };
  const answer = response.body as { data?: { id?: unknown; type?: unknown; filesize?: unknown }; errors?: { extensions?: { code?: unknown } }[] } | null;
  if (response.status === 201) {
    const data = answer?.data;
    if (typeof data?.id === 'string' && typeof data.type === 'string') return { ok: true, fileId: data.id, type: data.type, size: Number(data.filesize) || file.size };
  }
  if (response.status === 413) return { ok: false, problem: 'too_large' };
  if (response.status === 415) return { ok: false, problem: 'type' };
  if (answer?.errors?.[0]?.extensions?.code === 'FILE_EMPTY') return { ok: false, problem: 'empty' };
  console.error(`[precheckin] the content service refused a document: ${response.status}`, JSON.stringify(answer));
  return { ok: false, problem: response.status >= 500 || response.status === 401 || response.status === 403 ? 'unavailable' : 'refused' };
}
