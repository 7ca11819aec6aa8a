import type { NextRequest } from 'next/server';
import { answerFleetBoard } from '@/features/counter';

/** GET /api/counter/vehicles?branch=&status=&class=: a branch's fleet board for counter staff (session or Bearer token), docs/fleet.md. */
export async function GET(request: NextRequest) {
  return answerFleetBoard(request);
}
