import type { NextRequest } from 'next/server';
import { answerQuote } from '@/features/pricing';

/** POST /api/quote: the price of a selection (docs/booking-api.md); the production server's fast path answers first. */
export async function POST(request: NextRequest) {
  return answerQuote(request);
}
