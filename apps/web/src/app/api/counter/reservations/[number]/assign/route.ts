import type { NextRequest } from 'next/server';
import { answerAssignVehicle } from '@/features/counter';

/** POST /api/counter/reservations/{number}/assign { plate, reason? }: the booking's car chosen or swapped by staff (docs/fleet.md). */
export async function POST(request: NextRequest, { params }: { params: Promise<{ number: string }> }) {
  return answerAssignVehicle(request, (await params).number);
}
