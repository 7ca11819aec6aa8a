import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { clientAddress } from '@/lib/client-address';
import { issue } from '@/lib/issues';
import { apiLocale, errorResponse, parseBody, withBookingErrors } from '@/shared/api';
import { priceSelection, selectionFromQuoteRequest } from '@/features/pricing';
import { validateClient } from '../client-details';
import { reservationRequestSchema } from '../reservation-request';
import { bookingFlightNumber, bookReservation } from '../reservations';
import { reservationBody } from './reservation-body';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,200}$/;

/**
 * `POST /api/reservations` (the route app/api/reservations): books a car, paid at the counter. Needs an
 * Idempotency-Key header: the same key again answers the reservation it made, never a second one. 201 created, 200
 * replayed, 409 sold out, 422 invalid, 429 past the brand's reservations per client (Retry-After).
 */
export async function answerNewReservation(request: NextRequest): Promise<NextResponse> {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const key = request.headers.get('idempotency-key')?.trim() ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) {
      return errorResponse(422, [issue('Idempotency-Key', 'booking.errors.idempotencyKeyRequired', undefined, 'idempotency_key_required')], locale);
    }
    const body = await parseBody(request, reservationRequestSchema, locale);
    if (!body.ok) return body.response;
    const selection = { ...selectionFromQuoteRequest({ ...body.value, birthday: body.value.client.birthday }), flightNumber: body.value.flight_number ?? undefined };
    const priced = await priceSelection(selection);
    const client = validateClient(body.value.client, body.value.pickup_date, priced.ok ? priced.booking.site.minimumRenterAge : undefined);
    // A meet & greet needs the renter's flight: reported with the other problems, before anything is booked.
    const flight = priced.ok ? bookingFlightNumber(priced.booking) : undefined;
    const issues = [...(priced.ok ? [] : priced.issues), ...(client.ok ? [] : client.issues), ...(flight && !flight.ok ? flight.issues : [])];
    if (!priced.ok || !client.ok || (flight && !flight.ok)) return errorResponse(422, issues, locale);

    const outcome = await bookReservation(priced.booking, client.value, locale, key, clientAddress(request.headers), 'api');
    if (!outcome.ok && outcome.status === 429) return errorResponse(429, outcome.issues, locale, { 'Retry-After': String(outcome.retryAfterSeconds) });
    if (!outcome.ok) return errorResponse(outcome.status, outcome.issues, locale);
    // A key reused for someone else's booking must not hand that booking out.
    if (outcome.replayed && outcome.reservation.client.email.toLowerCase() !== client.value.email.toLowerCase()) {
      return errorResponse(409, [issue('Idempotency-Key', 'booking.errors.invalidValue', undefined, 'idempotency_key_reused')], locale);
    }
    return NextResponse.json(reservationBody(outcome.reservation), { status: outcome.replayed ? 200 : 201 });
  });
}
