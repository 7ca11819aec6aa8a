import { NextResponse } from 'next/server';
import { BUILD_ID } from '@/shared/self-healing';

/**
 * GET /builds/latest.json?{timestamp}: the build this server runs, `{ "id" }`. Open pages compare it with their own
 * (shared/self-healing/build-watcher.tsx); never cached.
 */
export const dynamic = 'force-dynamic';

export function GET() {
  return NextResponse.json({ id: BUILD_ID }, { headers: { 'Cache-Control': 'no-store' } });
}
