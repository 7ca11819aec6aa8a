import { NextResponse, type NextRequest } from 'next/server';
import { isDocumentKind, MAX_DOCUMENT_BYTES } from '@rentacar/domain/precheckin';
import { isLocale } from '@/i18n/routing';
import { apiLocale, errorResponse, withBookingErrors } from '@/shared/api';
import { issue, type IssueMessage } from '@/lib/issues';
import { hitRateLimit, loadAppData, storeDocument } from '@/content';
import { documentReference, MAX_UPLOAD_BODY_BYTES, readPrecheckinSessionId } from '@/features/precheckin';

/** Uploads per pre-check-in in ten minutes: room for retries and wrong files, not for filling the folder. */
const UPLOAD_LIMIT = { name: 'precheckin-upload', limit: 30, windowSeconds: 10 * 60 };

const PROBLEMS: Record<'too_large' | 'type' | 'empty' | 'refused', { status: number; message: IssueMessage; code: string }> = {
  too_large: { status: 413, message: 'precheckin.errors.fileTooLarge', code: 'file_too_large' },
  type: { status: 415, message: 'precheckin.errors.fileType', code: 'file_type_not_allowed' },
  empty: { status: 400, message: 'precheckin.errors.fileEmpty', code: 'file_empty' },
  refused: { status: 400, message: 'precheckin.errors.uploadFailed', code: 'upload_refused' },
};

/**
 * POST /api/precheckin/documents?locale=es (multipart: `kind` = license | id, `file`): stores a scan of the licence or
 * the ID of the reservation in the renter's pre-check-in session, in the content service's private folder. Answers
 * 201 `{ reference, kind, type, size }`; 413, 415 or 400 with a translated reason, the file not stored.
 */
export async function POST(request: NextRequest) {
  const requested = request.nextUrl.searchParams.get('locale');
  const locale = requested && isLocale(requested) ? requested : apiLocale(request);
  return withBookingErrors(locale, async () => {
    const reservationId = readPrecheckinSessionId(request.cookies);
    const { site } = await loadAppData();
    if (!reservationId || !site.precheckinEnabled) return errorResponse(401, [issue('session', 'precheckin.errors.sessionExpired', undefined, 'no_session')], locale);
    // Refused before a byte of it is read, when the size is declared.
    const declared = Number(request.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > MAX_UPLOAD_BODY_BYTES) return problem('too_large', locale);
    const limit = await hitRateLimit(UPLOAD_LIMIT, reservationId);
    if (!limit.allowed) {
      return errorResponse(429, [issue('file', 'booking.errors.rateLimited', { seconds: limit.retryAfterSeconds }, 'rate_limited')], locale, { 'Retry-After': String(limit.retryAfterSeconds) });
    }
    let form: FormData;
    try {
      form = await request.formData();
    } catch {
      return errorResponse(400, [issue('body', 'precheckin.errors.uploadFailed', undefined, 'invalid_multipart')], locale);
    }
    const kind = form.get('kind');
    const file = form.get('file');
    if (!isDocumentKind(kind)) return errorResponse(422, [issue('kind', 'booking.errors.invalidValue')], locale);
    if (!(file instanceof Blob)) return errorResponse(422, [issue('file', 'validation.documentRequired')], locale);
    if (file.size > MAX_DOCUMENT_BYTES) return problem('too_large', locale);
    if (file.size === 0) return problem('empty', locale);
    const stored = await storeDocument(kind, file);
    if (!stored.ok) {
      if (stored.problem === 'unavailable') return errorResponse(503, [issue('service', 'booking.errors.serviceUnavailable', undefined, 'service_unavailable')], locale, { 'Retry-After': '30' });
      return problem(stored.problem, locale);
    }
    return NextResponse.json({ reference: documentReference(reservationId, kind, stored.fileId), kind, type: stored.type, size: stored.size }, { status: 201 });
  });
}

function problem(kind: keyof typeof PROBLEMS, locale: Parameters<typeof errorResponse>[2]): NextResponse {
  const { status, message, code } = PROBLEMS[kind];
  return errorResponse(status, [issue('file', message, message === 'precheckin.errors.fileTooLarge' ? { megabytes: MAX_DOCUMENT_BYTES / (1024 * 1024) } : undefined, code)], locale);
}
