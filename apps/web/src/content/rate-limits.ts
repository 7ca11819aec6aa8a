import 'server-only';
import { customEndpoint } from '@directus/sdk';
import { z } from 'zod';
import { countRateLimitRefusal } from '@/lib/metrics';
import { contentRequest, endpointData } from './client';

/**
 * Rate limits shared by every storefront instance: the counters live in the content service (its `booking` extension
 * counts a hit atomically in a fixed window), not in this process's memory.
 */
export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/** `remaining`: how many more hits the window allows after this one. */
export type RateLimitOutcome = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

const answerSchema = z.object({ allowed: z.boolean(), remaining: z.number().int(), retry_after_seconds: z.number().int().nonnegative() });

/** Counts one attempt of `client` under `rule`. */
export async function hitRateLimit(rule: RateLimitRule, client: string): Promise<RateLimitOutcome> {
  const body = await contentRequest(
    `POST /booking/rate-limit (${rule.name})`,
    customEndpoint<unknown>({
      path: '/booking/rate-limit',
      method: 'POST',
      body: JSON.stringify({ key: `${rule.name}:${client}`.slice(0, 255), limit: rule.limit, window_seconds: rule.windowSeconds }),
    }),
  );
  const data = answerSchema.parse(endpointData(body));
  if (!data.allowed) countRateLimitRefusal(rule.name);
  return data.allowed ? { allowed: true, remaining: Math.max(0, data.remaining) } : { allowed: false, retryAfterSeconds: Math.max(1, data.retry_after_seconds) };
}
