// The storefront's one way of connecting to its Redis, shared by Next's page cache (cache-handler.mjs, loaded by
// next.config.ts outside the app's TypeScript) and the shared store (src/lib/shared-store.ts).
import { createClient } from 'redis';
import { logger, outsideRequests } from './logger.mjs';

/**
 * A Redis client that never ends the server: it reconnects for ever, a little slower each time (at most every 2 s);
 * while Redis is away its commands fail at once instead of waiting in a queue; and it logs one line per outage
 * (saying what goes on without Redis) and one when Redis is back, not one per retry. Not connected yet: call
 * `connect()` and do not wait for it alone, as it settles only once Redis answers.
 *
 * @param {string} url a redis:// or rediss:// address
 * @param {{ label: string; withoutIt: string }} log the log lines' prefix, and what the server does while Redis is away
 */
export function createResilientRedisClient(url, { label, withoutIt }) {
  const log = logger.child({ area: label });
  let reported = false;
  const client = createClient({
    url,
    pingInterval: 10_000,
    socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * (retries + 1), 2000) },
    disableOfflineQueue: true,
  });
  // The connection outlives the request that first used it: its lines carry no request's id.
  client.on('error', (error) => {
    if (reported) return;
    reported = true;
    outsideRequests(() => log.error(`Redis at ${new URL(url).host} unreachable (${error.message}); ${withoutIt} until it is back`));
  });
  client.on('ready', () => {
    if (reported) outsideRequests(() => log.info('Redis is back'));
    reported = false;
  });
  return client;
}
