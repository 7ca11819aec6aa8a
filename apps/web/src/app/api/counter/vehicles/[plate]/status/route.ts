import type { NextRequest } from 'next/server';
import { answerVehicleStatus } from '@/features/counter';

/** POST /api/counter/vehicles/{plate}/status { status, note?, available_from? }: a unit's new status, by staff of its branch (docs/fleet.md). */
export async function POST(request: NextRequest, { params }: { params: Promise<{ plate: string }> }) {
  return answerVehicleStatus(request, (await params).plate);
}
