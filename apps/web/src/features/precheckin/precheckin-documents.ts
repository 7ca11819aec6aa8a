import 'server-only';
import { MAX_DOCUMENT_BYTES, type DocumentKind } from '@rentacar/domain/precheckin';
import { signValue, verifySignedValue } from '@/lib/signed-value';

/**
 * The browser gets back, for each scan it uploaded, a reference signed for its reservation and the kind of document,
 * so the verification form can only attach a file this renter uploaded, as what it was uploaded for.
 */

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
