import type { HoldLimit, RateLimitRule } from '@/content';
import { isLoopbackAddress } from '@/lib/client-address';

/** Looking a reservation up by number and email: enough for a renter's typos, too few to guess numbers. */
export const LOOKUP_LIMIT: RateLimitRule = { name: 'lookup', limit: 10, windowSeconds: 10 * 60 };

/** The window of the brand's reservations per client (`reservationHoldsPerClient` in its site config). */
export const RESERVATIONS_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * The rule the content service counts with each reservation it writes for `client`: only bookings that hold a unit
 * count, so refusals (sold out, invalid) and replays never use it up. None for the machine itself.
 */
export function reservationsPerClient(client: string, limit: number): HoldLimit | undefined {
  if (isLoopbackAddress(client)) return undefined;
  return { key: `reservations:${client}`.slice(0, 255), limit, windowSeconds: RESERVATIONS_WINDOW_SECONDS };
}
