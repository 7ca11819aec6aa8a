import { NextResponse, type NextRequest } from 'next/server';
import { apiLocale, errorResponse, parseBody, rateLimited, withBookingErrors } from '@/shared/api';
import {
  findReservation,
  LOOKUP_LIMIT,
  priceChange,
  reservationBody,
  reservationChangeSchema,
  reservationLookupSchema,
} from '@/features/reservations';
import { quoteBody } from '@/features/pricing';
import { issue } from '@/lib/issues';
import { changeTerms, changeWithPayment } from '@/features/payments';

type Context = { params: Promise<{ number: string }> };

/** GET /api/reservations/{number}?email=: the reservation for its renter; the same 404 for an unknown number or a wrong email. */
export async function GET(request: NextRequest, { params }: Context) {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const limited = await rateLimited(request, LOOKUP_LIMIT, locale);
    if (limited) return limited;
    const query = reservationLookupSchema.safeParse({ email: request.nextUrl.searchParams.get('email') ?? '' });
    if (!query.success) return errorResponse(422, [issue('email', 'validation.required')], locale);
    const reservation = await findReservation((await params).number, query.data.email);
    if (!reservation) return errorResponse(404, [issue('reservation_number', 'booking.errors.notFound', undefined, 'not_found')], locale);
    return NextResponse.json(reservationBody(reservation));
  });
}

/**
 * PATCH /api/reservations/{number}: new dates or branches, with the renter's email. Re-quoted and re-checked against
 * stock. With `"preview": true` nothing is saved: the answer shows the new quote beside the current total.
 */
export async function PATCH(request: NextRequest, { params }: Context) {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const limited = await rateLimited(request, LOOKUP_LIMIT, locale);
    if (limited) return limited;
    const body = await parseBody(request, reservationChangeSchema, locale);
    if (!body.ok) return body.response;
    const { email, preview, ...change } = body.value;
    if (Object.values(change).every((value) => value === undefined)) {
      return errorResponse(422, [issue('body', 'booking.errors.nothingToChange', undefined, 'nothing_to_change')], locale);
    }
    const reservation = await findReservation((await params).number, email);
    if (!reservation) return errorResponse(404, [issue('reservation_number', 'booking.errors.notFound', undefined, 'not_found')], locale);
    const priced = await priceChange(reservation, {
      pickupBranch: change.pickup_location,
      returnBranch: change.return_location,
      pickupAt: change.pickup_date,
      returnAt: change.return_date,
    });
    if (!priced.ok) return errorResponse(priced.status, priced.issues, locale);
    const previousTotal = reservation.totals.total;
    if (preview === true) {
      const terms = await changeTerms(reservation, priced.booking.quote.total);
      const payment = terms.kind === 'none' ? null : { kind: terms.kind === 'charge' && !(terms.method === 'card' && terms.savedMethod) ? 'due_at_counter' : terms.kind, amount: terms.amount };
      return NextResponse.json({ preview: true, previous_total: previousTotal, quote: quoteBody(priced.booking, locale), payment });
    }
    const saved = await changeWithPayment(reservation, priced.booking);
    if (!saved.ok) return errorResponse(saved.status, saved.issues, locale);
    return NextResponse.json({
      previous_total: previousTotal,
      reservation: reservationBody(saved.reservation),
      payment: { charged: saved.charged ?? 0, refunded: saved.refunded ?? 0, due_at_counter: saved.dueAtCounter ?? 0 },
    });
  });
}
