import { NextResponse } from 'next/server';
import { serverEnv } from '@/lib/env';
import { pingContentService } from '@/content';
import { BUILD_ID } from '@/shared/self-healing';

// Asked by load balancers every few seconds: never cached, never prerendered.
export const dynamic = 'force-dynamic';

/**
 * The storefront's health for a load balancer: 200 while this instance serves (its environment is valid and it
 * answers), saying whether the content service answers too. Public pages are served from the cache while the content
 * service is down, so its absence alone does not take the instance out of rotation; `?require=content` makes it a
 * 503 for a check that wants both (a deployment's readiness probe before sending bookings).
 */
export async function GET(request: Request) {
  const env = serverEnv();
  const content = await pingContentService();
  const requireContent = new URL(request.url).searchParams.get('require') === 'content';
  const ok = content.reachable || !requireContent;
  return NextResponse.json(
    {
      status: ok ? 'ok' : 'degraded',
      brand: env.brand,
      build: BUILD_ID,
      contentService: content.reachable ? 'up' : 'down',
      contentLatencyMs: content.latencyMs,
    },
    { status: ok ? 200 : 503 },
  );
}
