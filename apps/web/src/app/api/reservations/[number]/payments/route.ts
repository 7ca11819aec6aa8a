import { NextResponse, type NextRequest } from 'next/server';
import { z } from 'zod';
import { apiLocale, errorResponse, parseBody, rateLimited, withBookingErrors } from '@/shared/api';
import { findReservation, LOOKUP_LIMIT, reservationBody } from '@/features/reservations';
import { issue } from '@/lib/issues';
import { readReservationById } from '@/content';
import { payByCard, paymentIssue, payWithPayPal } from '@/features/payments';

const paymentRequestSchema = z.discriminatedUnion('method', [
  z.object({ email: z.string().trim().min(1).max(300), method: z.literal('card'), token: z.string().trim().min(4).max(255) }),
  z.object({ email: z.string().trim().min(1).max(300), method: z.literal('paypal') }),
]);

/**
 * POST /api/reservations/{number}/payments with `{ email, method: "card", token }` (a single-use token from the card
 * gateway's own fields) or `{ email, method: "paypal" }`: pays a prepaid reservation its saved total (any amount sent
 * is ignored). 201 paid; 202 with `action_url` when the renter must act (3-D Secure, PayPal's approval); 402 declined
 * with the gateway's reason; 409 when there is nothing to pay; 503 when the gateway cannot be asked (nothing is
 * recorded as paid; an attempt whose outcome is unknown is settled by reconciliation).
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ number: string }> }) {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const limited = await rateLimited(request, LOOKUP_LIMIT, locale);
    if (limited) return limited;
    const body = await parseBody(request, paymentRequestSchema, locale);
    if (!body.ok) return body.response;
    const reservation = await findReservation((await params).number, body.value.email);
    if (!reservation) return errorResponse(404, [issue('reservation_number', 'booking.errors.notFound', undefined, 'not_found')], locale);
    if (reservation.status !== 'unpaid' || reservation.reservationType !== 'prepaid') {
      return errorResponse(409, [issue('reservation_number', 'booking.errors.nothingToPay', undefined, 'nothing_to_pay')], locale);
    }
    const outcome = body.value.method === 'card' ? await payByCard({ reservation, locale, token: body.value.token }) : await payWithPayPal({ reservation, locale });
    switch (outcome.kind) {
      case 'paid': {
        const paid = await readReservationById(reservation.id);
        return NextResponse.json(reservationBody(paid ?? reservation), { status: 201 });
      }
      case 'action':
        return NextResponse.json({ status: 'requires_action', action_url: outcome.url, payment_key: outcome.paymentKey }, { status: 202 });
      case 'declined':
        return errorResponse(402, [paymentIssue(outcome.code)], locale);
      case 'refused':
        return errorResponse(402, [issue('payment', 'booking.errors.paymentRefused', undefined, 'amount_mismatch')], locale);
      case 'unavailable':
        return errorResponse(503, [issue('payment', 'booking.errors.paymentUnavailable', undefined, 'payment_unavailable')], locale, { 'Retry-After': '30' });
    }
  });
}
