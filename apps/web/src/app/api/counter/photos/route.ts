import type { NextRequest } from 'next/server';
import { answerPhoto } from '@/features/counter';

/** POST /api/counter/photos, multipart `file`: a photo of the car for a pickup or a return (docs/counter.md). */
export async function POST(request: NextRequest) {
  return answerPhoto(request);
}
