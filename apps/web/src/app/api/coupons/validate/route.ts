import { NextResponse, type NextRequest } from 'next/server';
import { apiLocale, errorResponse, parseBody, rateLimited, withBookingErrors } from '@/shared/api';
import { COUPON_LIMIT, couponValidationSchema, priceSelection, quoteBody, selectionFromQuoteRequest } from '@/features/pricing';

/**
 * POST /api/coupons/validate: whether `code` applies to this selection, with the discount and the quote it gives, or
 * the reason it is refused (unknown, expired, not for this brand, below minimum days, used up). Rate-limited per client.
 */
export async function POST(request: NextRequest) {
  const locale = apiLocale(request);
  return withBookingErrors(locale, async () => {
    const limited = await rateLimited(request, COUPON_LIMIT, locale);
    if (limited) return limited;
    const body = await parseBody(request, couponValidationSchema, locale);
    if (!body.ok) return body.response;
    const priced = await priceSelection(selectionFromQuoteRequest({ ...body.value, coupon: body.value.code }));
    if (!priced.ok) return errorResponse(422, priced.issues, locale);
    const quote = quoteBody(priced.booking, locale);
    return NextResponse.json({ valid: true, code: quote.coupon, discount: quote.coupon_discount, quote });
  });
}
