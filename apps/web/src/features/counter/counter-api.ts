import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { DOCUMENT_TYPES } from '@rentacar/domain/precheckin';
import { COUNTER_PHOTO_TYPES } from '@rentacar/domain/rentals';
import { openCounterFile } from '@/content';
import { apiLocale, errorResponse, withBookingErrors } from '@/shared/api';
import { issue } from '@/lib/issues';
import { loadCounterReservation } from './loaders';
import { staffFromRequest, type StaffOutcome } from './staff';

/**
 * The counter's API on the storefront (docs/counter.md, "The storefront's counter API"): the staff session or
 * `Authorization: Bearer <content-service access token>`, errors in the booking API's shape and the caller's language.
 */

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** The file types staff open in the browser: the pre-check-in scans' and the counter photos' (the domain's lists). */
const INLINE_TYPES = new Set<string>([...DOCUMENT_TYPES, ...COUNTER_PHOTO_TYPES]);

function refusal(outcome: Extract<StaffOutcome, { ok: false }>, request: NextRequest): NextResponse {
  const locale = apiLocale(request);
  return outcome.status === 401
    ? errorResponse(401, [issue('authorization', 'counter.errors.unauthenticated', undefined, 'unauthenticated')], locale, { 'WWW-Authenticate': 'Bearer' })
    : errorResponse(403, [issue('authorization', 'counter.errors.forbidden', undefined, 'forbidden')], locale);
}

/** GET /api/counter/reservations/{number}: the reservation as the counter shows it, for staff of any branch. */
export async function counterReservationAnswer(request: NextRequest, number: string): Promise<NextResponse> {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const outcome = await staffFromRequest(request);
    if (!outcome.ok) return refusal(outcome, request);
    const lookup = await loadCounterReservation(number, outcome.staff);
    switch (lookup.kind) {
      case 'invalid':
        return errorResponse(400, [issue('reservation_number', 'counter.errors.invalidNumber', undefined, 'invalid_reservation_number')], locale);
      case 'notFound':
        return errorResponse(404, [issue('reservation_number', 'booking.errors.notFound', undefined, 'not_found')], locale);
      case 'refused':
        return refusal({ ok: false, status: lookup.status }, request);
      case 'found':
        return NextResponse.json(lookup.reservation, { headers: NO_STORE });
    }
  });
}

/**
 * GET /api/counter/files/{id}: a pre-check-in scan (or a counter photo) streamed with the staff member's own token; the
 * content service decides whether they may read it. Anything it refuses or lacks is a 404 here.
 */
export async function counterFileAnswer(request: NextRequest, fileId: string): Promise<NextResponse> {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const outcome = await staffFromRequest(request);
    if (!outcome.ok) return refusal(outcome, request);
    const file = await openCounterFile(fileId, outcome.staff.token);
    if (!file?.ok || file.body === null) {
      await file?.body?.cancel();
      return errorResponse(404, [issue('file', 'counter.errors.fileNotFound', undefined, 'not_found')], locale);
    }
    const headers = new Headers(NO_STORE);
    // Scans and photos open in the browser; anything else the folder may hold is only downloaded, never rendered on
    // the storefront's origin.
    const type = (file.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    const viewable = INLINE_TYPES.has(type);
    headers.set('Content-Type', viewable ? type : 'application/octet-stream');
    const length = file.headers.get('content-length');
    if (length) headers.set('Content-Length', length);
    headers.set('Content-Disposition', viewable ? 'inline' : 'attachment');
    headers.set('X-Content-Type-Options', 'nosniff');
    return new NextResponse(file.body, { status: 200, headers });
  });
}
