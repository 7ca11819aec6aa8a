import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { Locale } from '@/i18n/routing';
import { countQuote } from '@/lib/metrics';
import { apiLocale, bodyChunks, errorResponse, parseJsonBody, readJsonBody, withBookingErrors } from '@/features/api';
import { quoteBody } from './booking-responses';
import { quoteRequestSchema, selectionFromQuoteRequest } from '../booking-request';
import { priceSelection, type PricingContent } from '../pricing';

/**
 * `POST /api/quote`: the price of a selection, recomputed from the content service's data (docs/booking-api.md).
 * Answered by the route (app/api/quote) from the tagged cache, or by the fast path in front of Next from its copy of
 * the same content (quote-fast-path.ts): one function, one body reader and one limit, so both give the same answer.
 */
export async function answerQuote(request: NextRequest): Promise<NextResponse> {
  return quoteAnswer({ locale: apiLocale(request), readJson: () => readJsonBody(bodyChunks(request)) });
}

/**
 * The quote for a request's body (`readJson` throws when it is not JSON), in the caller's language, priced from
 * `content` when given, else from the tagged cache.
 */
export async function quoteAnswer({ locale, readJson }: { locale: Locale; readJson: () => Promise<unknown> }, content?: PricingContent): Promise<NextResponse> {
  const answer = await withBookingErrors(locale, async () => {
    const body = await parseJsonBody(readJson, quoteRequestSchema, locale);
    if (!body.ok) return body.response;
    const priced = await priceSelection(selectionFromQuoteRequest(body.value), content ? { content } : {});
    if (!priced.ok) return errorResponse(422, priced.issues, locale);
    return NextResponse.json(quoteBody(priced.booking, locale));
  });
  // The fast path prices from its copy of the content; the route from the tagged cache.
  countQuote(content ? 'fast_path' : 'route', answer.status);
  return answer;
}
