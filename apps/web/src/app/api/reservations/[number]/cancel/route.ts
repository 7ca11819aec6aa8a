import { NextResponse, type NextRequest } from 'next/server';
import { apiLocale, errorResponse, parseBody, rateLimited, withBookingErrors } from '@/shared/api';
import { findReservation, LOOKUP_LIMIT, reservationBody, reservationLookupSchema } from '@/features/reservations';
import { issue } from '@/lib/issues';
import { cancelWithRefund } from '@/features/payments';

/**
 * POST /api/reservations/{number}/cancel with `{ "email" }`: cancels it (until pickup) and frees its unit at once. What
 * was paid online is refunded first, as far as the brand's cancellation terms allow (`refunded`, in cents); a payment
 * gateway that cannot refund answers 503 and the reservation stays as it was.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ number: string }> }) {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const limited = await rateLimited(request, LOOKUP_LIMIT, locale);
    if (limited) return limited;
    const body = await parseBody(request, reservationLookupSchema, locale);
    if (!body.ok) return body.response;
    const reservation = await findReservation((await params).number, body.value.email);
    if (!reservation) return errorResponse(404, [issue('reservation_number', 'booking.errors.notFound', undefined, 'not_found')], locale);
    const outcome = await cancelWithRefund(reservation);
    if (!outcome.ok) return errorResponse(outcome.status, outcome.issues, locale);
    return NextResponse.json({ ...reservationBody(outcome.reservation), refunded: outcome.refunded ?? 0 });
  });
}
