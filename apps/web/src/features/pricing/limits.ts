import type { RateLimitRule } from '@/content';

/** Trying coupon codes, so codes cannot be guessed by brute force. */
export const COUPON_LIMIT: RateLimitRule = { name: 'coupon', limit: 10, windowSeconds: 10 * 60 };
