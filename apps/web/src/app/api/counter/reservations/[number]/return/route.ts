import type { NextRequest } from 'next/server';
import { answerCounterAction } from '@/features/counter';

/** POST /api/counter/reservations/{number}/return (docs/counter.md, "The storefront's counter API"). */
export async function POST(request: NextRequest, { params }: { params: Promise<{ number: string }> }) {
  return answerCounterAction(request, (await params).number, 'return');
}
