import type { NextRequest } from 'next/server';
import { counterFileAnswer } from '@/features/counter';

type Context = { params: Promise<{ id: string }> };

/** GET /api/counter/files/{id}: a pre-check-in scan for counter staff, streamed with their own token. */
export async function GET(request: NextRequest, { params }: Context) {
  return counterFileAnswer(request, (await params).id);
}
