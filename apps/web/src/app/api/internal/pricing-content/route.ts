import { NextResponse, type NextRequest } from 'next/server';
import { apiLocale, unknownApiPath, withBookingErrors } from '@/features/api';
import { cachedPricingContent, PRICING_CONTENT_TOKEN_HEADER, pricingContentToken } from '@/features/booking';
import { isValidSecret } from '@/content';

export const dynamic = 'force-dynamic';

/**
 * The content a quote is priced from, as the tagged cache holds it now: read by this server's own quote fast path
 * (features/booking/api/quote-fast-path.ts) with the token it was given at start. To anyone else, an unknown address.
 */
export async function GET(request: NextRequest) {
  const token = pricingContentToken();
  if (!token || !isValidSecret(request.headers.get(PRICING_CONTENT_TOKEN_HEADER), token)) return unknownApiPath(request);
  return withBookingErrors(apiLocale(request), async () => NextResponse.json(await cachedPricingContent()));
}
