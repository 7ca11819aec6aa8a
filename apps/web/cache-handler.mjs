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
import { handover } from './handover.mjs';
import { createResilientRedisClient } from './redis-client.mjs';

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
  // While Redis is away a cache read fails at once (a miss: the page is rendered) instead of waiting in a queue.
  const client = createResilientRedisClient(url, { label: 'cache', withoutIt: 'pages are rendered without the shared cache' });
  // Not awaited: a server whose Redis is down at start still serves, rendering pages until the connection is made.
  client.connect().catch(() => {});
  const keyPrefix = `rentacar:${process.env.BRAND ?? 'brand'}:${buildId()}:`;
  return { handlers: [createRedisHandler({ client, keyPrefix, timeoutMs: REDIS_TIMEOUT_MS })] };
}

CacheHandler.onCreation(() => {
  // Next creates a handler per request context (and may load this file more than once): one Redis connection per
  // process, kept in the hand-over (handover.mjs).
  return (handover.cacheHandlers ??= redisHandlers());
});

export default CacheHandler;
