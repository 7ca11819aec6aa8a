// Fixed-window counters in `rate_limits`, shared by the storefront's instances: POST /booking/rate-limit counts one hit
// of a rule, a booking's `hold_limit` counts the bookings of one client inside the booking's own transaction, and the
// privacy extension's data-rights requests count their proofs. In the kit, since more than one extension counts.
import type { Knex } from './directus';
import { isPlainObject, type Problem } from './endpoint';

export interface RateRule {
  key: string;
  limit: number;
  windowSeconds: number;
}

export interface Counted {
  allowed: boolean;
  remaining: number;
  retryAfterSeconds: number;
}

/** The longest window: a year, leap day included. */
const MAX_WINDOW_SECONDS = 366 * 86_400;

/**
 * A rate-limit rule `{ key, limit, window_seconds }` as the caller sent it, the whole body or its `field`:
 * `{ rule }` or `{ problem: { field, message } }`.
 */
export function checkRateRule(body: unknown, field: string | null = null): { rule: RateRule } | { problem: Problem } {
  const part = (name: string) => (field ? `${field}.${name}` : name);
  if (!isPlainObject(body)) return { problem: { field, message: `${field ? `"${field}"` : 'The body'} must be a JSON object { key, limit, window_seconds }` } };
  const { key, limit, window_seconds: windowSeconds } = body;
  if (typeof key !== 'string' || key.length < 1 || key.length > 255) return { problem: { field: part('key'), message: '"key" must be a string of 1 to 255 characters' } };
  if (!Number.isSafeInteger(limit) || (limit as number) < 1) return { problem: { field: part('limit'), message: '"limit" must be an integer >= 1' } };
  if (!Number.isSafeInteger(windowSeconds) || (windowSeconds as number) < 1 || (windowSeconds as number) > MAX_WINDOW_SECONDS) {
    return { problem: { field: part('window_seconds'), message: `"window_seconds" must be an integer from 1 to ${MAX_WINDOW_SECONDS}` } };
  }
  return { rule: { key, limit: limit as number, windowSeconds: windowSeconds as number } };
}

/** What a hit counted as `hits` in a window ending at `windowEndsAt` (ms) means for the caller at `now`. */
export function hitOutcome(hits: number, windowEndsAt: number, limit: number, now: number): Counted {
  const allowed = hits <= limit;
  return {
    allowed,
    remaining: Math.max(0, limit - hits),
    retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((windowEndsAt - now) / 1000)),
  };
}

/**
 * Counts one hit of `rule` at `now`, in one statement that is atomic on both engines: the first hit (or the first after
 * the window ended) starts a window of one hit, every other hit adds one. Both SET expressions read the row as it was
 * before this statement. On PostgreSQL the row stays locked until `knex`'s transaction ends.
 */
export async function countHit(knex: Knex, { key, limit, windowSeconds }: RateRule, now: number): Promise<Counted> {
  const result: unknown = await knex.raw(
    `insert into rate_limits ("key", hits, window_ends_at) values (?, 1, ?)
     on conflict ("key") do update set
       hits = case when rate_limits.window_ends_at <= ? then 1 else rate_limits.hits + 1 end,
       window_ends_at = case when rate_limits.window_ends_at <= ? then excluded.window_ends_at else rate_limits.window_ends_at end
     returning hits, window_ends_at`,
    [key, now + windowSeconds * 1000, now, now],
  );
  // SQLite answers the rows, PostgreSQL a result whose `rows` they are.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { hits: unknown; window_ends_at: unknown }[];
  const row = rows[0];
  if (!row) throw new Error('rate_limits: the counter answered no row');
  return hitOutcome(Number(row.hits), Number(row.window_ends_at), limit, now);
}
