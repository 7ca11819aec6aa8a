import 'server-only';
import { customEndpoint } from '@directus/sdk';
import { z } from 'zod';
import { contentRequest } from '@/features/content/content-client';
import { endpointData } from './stock';

/**
 * Rate limits shared by every storefront instance: the counters live in the content service (its `booking` extension
 * counts a hit atomically in a fixed window), not in this process's memory.
 */
export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/** Looking a reservation up by number and email: enough for a renter's typos, too few to guess numbers. */
export const LOOKUP_LIMIT: RateLimitRule = { name: 'lookup', limit: 10, windowSeconds: 10 * 60 };
/** Trying coupon codes, so codes cannot be guessed by brute force. */
export const COUPON_LIMIT: RateLimitRule = { name: 'coupon', limit: 10, windowSeconds: 10 * 60 };

const answerSchema = z.object({ allowed: z.boolean(), remaining: z.number().int(), retry_after_seconds: z.number().int().nonnegative() });

/** `remaining`: how many more hits the window allows after this one. */
export type RateLimitOutcome = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

/**
 * The client a request comes from. Behind the load balancer the first X-Forwarded-For address is the renter's (the
 * balancer must overwrite, not append to, what a client sends); Next's own server sets it when nothing is in front.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || headers.get('x-real-ip')?.trim() || 'unknown';
}

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
  return data.allowed ? { allowed: true, remaining: Math.max(0, data.remaining) } : { allowed: false, retryAfterSeconds: Math.max(1, data.retry_after_seconds) };
}
