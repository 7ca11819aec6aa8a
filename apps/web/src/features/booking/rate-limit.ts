import 'server-only';
import { customEndpoint } from '@directus/sdk';
import { z } from 'zod';
import { contentRequest } from '@/features/content/content-client';
import { endpointData, type HoldLimit } from './stock';

/**
 * Rate limits shared by every storefront instance: the counters live in the content service (its `booking` extension
 * counts a hit atomically in a fixed window), not in this process's memory.
 */
export type RateLimitRule = { name: string; limit: number; windowSeconds: number };

/** Looking a reservation up by number and email: enough for a renter's typos, too few to guess numbers. */
export const LOOKUP_LIMIT: RateLimitRule = { name: 'lookup', limit: 10, windowSeconds: 10 * 60 };
/** Trying coupon codes, so codes cannot be guessed by brute force. */
export const COUPON_LIMIT: RateLimitRule = { name: 'coupon', limit: 10, windowSeconds: 10 * 60 };

/**
 * The machine itself: 127.0.0.0/8 and ::1, also IPv4-mapped. Behind the balancer every request carries the renter's
 * own address (the balancer overwrites X-Forwarded-For), so only the operator's own tries and local tests come from
 * here, and a day's limit on reservations must not lock them out.
 */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.trim().toLowerCase().replace(/^::ffff:/, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** The window of the brand's reservations per client (`reservation_holds_per_client` in its site config). */
export const RESERVATIONS_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * The rule the content service counts with each reservation it writes for `client` (stock.ts): only bookings that hold
 * a unit count, so refusals (sold out, invalid) and replays never use it up. None for the machine itself.
 */
export function reservationsPerClient(client: string, limit: number): HoldLimit | undefined {
  if (isLoopbackAddress(client)) return undefined;
  return { key: `reservations:${client}`.slice(0, 255), limit, windowSeconds: RESERVATIONS_WINDOW_SECONDS };
}

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
