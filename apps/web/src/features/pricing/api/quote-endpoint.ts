import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import type { Locale } from '@/i18n/routing';
import { countQuote } from '@/lib/metrics';
import { apiLocale, bodyChunks, errorResponse, parseJsonBody, readJsonBody, withBookingErrors } from '@/shared/api';
import { quoteBody } from './quote-body';
import { quoteRequestSchema, selectionFromQuoteRequest } from '../quote-request';
import { priceSelection, type PricingContent } from '../pricing';

/**
 * `POST /api/quote`: the price of a selection, recomputed from the content service's data (docs/booking-api.md).
 * Answered by the route (app/api/quote) from the tagged cache, or by the fast path in front of Next from its copy of
 * the same content (quote-fast-path.ts): one function, one body reader and one limit, so both give the same answer.
 */
export async function answerQuote(request: NextRequest): Promise<NextResponse> {
  return quoteAnswer({ locale: apiLocale(request), readJson: () => readJsonBody(bodyChunks(request)) });
}

type QuoteRequest = { locale: Locale; readJson: () => Promise<unknown> };

/**
 * What a quote request gets: the quote (its JSON body, answered 200), or the refusal or failure as the response to
 * send. The fast path writes a quote's JSON itself (quote-fast-path.ts): a Response object's body stream cost it more
 * than the pricing.
 */
export type QuoteOutcome = { readonly priced: ReturnType<typeof quoteBody> } | { readonly answer: NextResponse };

/**
 * The quote for a request's body (`readJson` throws when it is not JSON), in the caller's language, priced from
 * `content` when given, else from the tagged cache.
 */
export async function quoteOutcome({ locale, readJson }: QuoteRequest, content?: PricingContent): Promise<QuoteOutcome> {
  const settled = await withBookingErrors<QuoteOutcome>(locale, async () => {
    const body = await parseJsonBody(readJson, quoteRequestSchema, locale);
    if (!body.ok) return { answer: body.response };
    const priced = await priceSelection(selectionFromQuoteRequest(body.value), content ? { content } : {});
    if (!priced.ok) return { answer: errorResponse(422, priced.issues, locale) };
    return { priced: quoteBody(priced.booking, locale) };
  });
  const outcome = settled instanceof NextResponse ? { answer: settled } : settled;
  // The fast path prices from its copy of the content; the route from the tagged cache.
  countQuote(content ? 'fast_path' : 'route', 'priced' in outcome ? 200 : outcome.answer.status);
  return outcome;
}

/** The quote as a response (the route's answer). */
export async function quoteAnswer(request: QuoteRequest, content?: PricingContent): Promise<NextResponse> {
  const outcome = await quoteOutcome(request, content);
  return 'priced' in outcome ? NextResponse.json(outcome.priced) : outcome.answer;
}
