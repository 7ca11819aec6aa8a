import type { NextRequest } from 'next/server';
import { counterReservationAnswer } from '@/features/counter';

type Context = { params: Promise<{ number: string }> };

/** GET /api/counter/reservations/{number}: the reservation for counter staff (session or Bearer token), docs/counter.md. */
export async function GET(request: NextRequest, { params }: Context) {
  return counterReservationAnswer(request, (await params).number);
}
