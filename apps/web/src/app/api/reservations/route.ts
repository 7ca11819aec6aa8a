import type { NextRequest } from 'next/server';
import { answerNewReservation } from '@/features/reservations';

/** POST /api/reservations: books a car, paid at the counter, under an Idempotency-Key (docs/booking-api.md). */
export async function POST(request: NextRequest) {
  return answerNewReservation(request);
}
