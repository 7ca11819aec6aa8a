// Next's data and page cache in Redis, shared by every storefront instance (used only when REDIS_URL is set; see
// next.config.ts). A revalidation that reaches one instance (the content service's webhook) expires the entry for all
// of them, and a page rendered by one is served by the others. Without REDIS_URL, Next keeps its own cache on disk.
//
// Entries are keyed by brand and build: a page rendered by one build refers to that build's scripts, so a new build
// (a rolling deployment) starts with its own entries instead of serving another's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import createRedisHandler from '@fortedigital/nextjs-cache-handler/redis-strings';
import { createClient } from 'redis';

// How long a cache read or write may wait for Redis before it counts as a miss (the page is rendered instead).
const REDIS_TIMEOUT_MS = 1000;

function buildId() {
  try {
    return readFileSync(join(process.cwd(), process.env.NEXT_DIST_DIR ?? '.next', 'BUILD_ID'), 'utf8').trim();
  } catch {
    return 'unknown-build';
  }
}

function redisHandlers() {
  const url = process.env.REDIS_URL;
  if (!url) throw new Error('cache handler: REDIS_URL is not set');
  let reported = false;
  const client = createClient({
    url,
    pingInterval: 10_000,
    // Reconnect for ever, a little slower each time (at most every 2 s): Redis restarting must not end the server.
    socket: { connectTimeout: 2000, reconnectStrategy: (retries) => Math.min(100 * (retries + 1), 2000) },
    // While Redis is away a cache read fails at once (a miss: the page is rendered) instead of waiting in a queue.
    disableOfflineQueue: true,
  });
  client.on('error', (error) => {
    // One line per outage, not one per retry.
    if (reported) return;
    reported = true;
    console.error(`[cache] Redis at ${new URL(url).host} unreachable (${error.message}); pages are rendered without the shared cache until it is back`);
  });
  client.on('ready', () => {
    if (reported) console.log('[cache] Redis is back');
    reported = false;
  });
  // Not awaited: a server whose Redis is down at start still serves, rendering pages until the connection is made.
  client.connect().catch(() => {});
  const keyPrefix = `rentacar:${process.env.BRAND ?? 'brand'}:${buildId()}:`;
  return { handlers: [createRedisHandler({ client, keyPrefix, timeoutMs: REDIS_TIMEOUT_MS })] };
}

CacheHandler.onCreation(() => {
  // Next creates a handler per request context: one Redis connection per process.
  globalThis.rentacarCacheHandlers ??= redisHandlers();
  return globalThis.rentacarCacheHandlers;
});

export default CacheHandler;
