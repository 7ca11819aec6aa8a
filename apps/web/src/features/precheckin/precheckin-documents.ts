import 'server-only';
import { MAX_DOCUMENT_BYTES } from '@rentacar/domain/precheckin';
import { serverEnv } from '@/lib/env';
import { signValue, verifySignedValue } from '@/lib/signed-value';

/**
 * The renter's scans of their licence and ID, passed on to the content service's private folder
 * (POST /booking/precheckin-documents), which reads each file's type from its bytes and keeps only JPEG, PNG or PDF.
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

const UPLOAD_TIMEOUT_MS = 60_000;

/** Stores one document in the content service's private folder. */
export async function storeDocument(kind: DocumentKind, file: Blob): Promise<StoredDocument> {
  const env = serverEnv();
  const body = new FormData();
  body.set('kind', kind);
  body.set('file', file, 'document');
  let response: Response;
  try {
    response = await fetch(`${env.directusUrl}/booking/precheckin-documents`, {
      method: 'POST',
      body,
      headers: env.storefrontToken ? { authorization: `Bearer ${env.storefrontToken}` } : {},
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch (error) {
    console.error('[precheckin] the content service did not take a document', error);
    return { ok: false, problem: 'unavailable' };
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.status === 201) {
    const data = (answer as { data?: { id?: unknown; type?: unknown; filesize?: unknown } } | null)?.data;
    if (typeof data?.id === 'string' && typeof data.type === 'string') return { ok: true, fileId: data.id, type: data.type, size: Number(data.filesize) || file.size };
  }
  if (response.status === 413) return { ok: false, problem: 'too_large' };
  if (response.status === 415) return { ok: false, problem: 'type' };
  const code = (answer as { errors?: { extensions?: { code?: unknown } }[] } | null)?.errors?.[0]?.extensions?.code;
  if (code === 'FILE_EMPTY') return { ok: false, problem: 'empty' };
  console.error(`[precheckin] the content service refused a document: ${response.status}`, JSON.stringify(answer));
  return { ok: false, problem: response.status >= 500 || response.status === 401 || response.status === 403 ? 'unavailable' : 'refused' };
}
