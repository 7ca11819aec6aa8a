import type { NextRequest } from 'next/server';
import { answerCounterAction } from '@/features/counter';

/**
 * POST /api/counter/reservations/{number}/{action}: every counter action (pickup, return, no-show... the domain's
 * `COUNTER_ACTIONS`), docs/counter.md, "The storefront's counter API". `charges` is its own route beside this one.
 */
export async function POST(request: NextRequest, { params }: { params: Promise<{ number: string; action: string }> }) {
  const { number, action } = await params;
  return answerCounterAction(request, number, action);
}
