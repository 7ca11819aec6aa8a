import { NextResponse, type NextRequest } from 'next/server';
import { apiLocale, errorResponse, parseBody, withBookingErrors } from '@/features/booking/api/booking-api';
import { quoteBody } from '@/features/booking/api/booking-responses';
import { quoteRequestSchema, selectionFromQuoteRequest } from '@/features/booking/booking-request';
import { priceSelection } from '@/features/booking/pricing';

/** POST /api/quote: the price of a selection, recomputed from the content service's data (docs/booking-api.md). */
export async function POST(request: NextRequest) {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const body = await parseBody(request, quoteRequestSchema, locale);
    if (!body.ok) return body.response;
    const priced = await priceSelection(selectionFromQuoteRequest(body.value));
    if (!priced.ok) return errorResponse(422, priced.issues, locale);
    return NextResponse.json(quoteBody(priced.booking, locale));
  });
}
