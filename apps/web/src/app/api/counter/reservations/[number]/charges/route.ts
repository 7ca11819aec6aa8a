import type { NextRequest } from 'next/server';
import { answerCollect } from '@/features/counter';

/** POST /api/counter/reservations/{number}/charges { method }: collects what the return left due (docs/counter.md). */
export async function POST(request: NextRequest, { params }: { params: Promise<{ number: string }> }) {
  return answerCollect(request, (await params).number);
}
