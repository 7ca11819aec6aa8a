import 'server-only';
import { createResilientRedisClient } from '../../redis-client.mjs';
import { serverEnv } from './env';

/**
 * Short-lived values that every storefront instance behind the load balancer must see alike and that are too fleeting
 * for the content service (today: the hand-over of an agent's refreshed session). Lives in the Redis of REDIS_URL;
 * without it the storefront runs alone and `sharedStore()` is undefined.
 *
 * Every call fails fast (no offline queue, a timeout) so a caller can fall back to what one instance can do alone.
 */
export interface SharedStore {
  /** Sets `key` only when it is absent; true when this call set it. */
  claim(key: string, value: string, ttlMs: number): Promise<boolean>;
  put(key: string, value: string, ttlMs: number): Promise<void>;
  read(key: string): Promise<string | undefined>;
  remove(key: string): Promise<void>;
}

const COMMAND_TIMEOUT_MS = 1000;

let store: SharedStore | undefined;

export function sharedStore(): SharedStore | undefined {
  const { redisUrl, brand } = serverEnv();
  if (redisUrl === undefined) return undefined;
  store ??= redisStore(redisUrl, `rentacar:${brand}:shared:`);
  return store;
}

/** Exported for its tests; the storefront uses `sharedStore()`. */
export function redisStore(url: string, prefix: string): SharedStore & { close(): void } {
  const client = createResilientRedisClient(url, { label: 'shared-store', withoutIt: 'each instance works alone' });
  // While Redis is down, connect() settles only once it is back (the client keeps retrying), so it is never awaited
  // alone: the first commands wait for it within their timeout, and once one has timed out the others fail at once.
  let gaveUpWaiting = false;
  const firstConnection = client.connect().then(
    () => undefined,
    () => undefined,
  );

  async function command<Result>(run: () => Promise<Result>): Promise<Result> {
    if (!client.isReady && gaveUpWaiting) throw new Error('Redis is not connected');
    const attempt = client.isReady
      ? run()
      : firstConnection.then(() => {
          if (!client.isReady) throw new Error('Redis is not connected');
          return run();
        });
    // The loser of the race below must not end as an unhandled rejection.
    attempt.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        if (!client.isReady) gaveUpWaiting = true;
        reject(new Error(`Redis did not answer within ${COMMAND_TIMEOUT_MS} ms`));
      }, COMMAND_TIMEOUT_MS);
    });
    try {
      return await Promise.race([attempt, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    claim: async (key, value, ttlMs) => (await command(() => client.set(prefix + key, value, { condition: 'NX', expiration: { type: 'PX', value: ttlMs } }))) === 'OK',
    put: async (key, value, ttlMs) => {
      await command(() => client.set(prefix + key, value, { expiration: { type: 'PX', value: ttlMs } }));
    },
    read: async (key) => (await command(() => client.get(prefix + key))) ?? undefined,
    remove: async (key) => {
      await command(() => client.del(prefix + key));
    },
    close: () => {
      client.destroy();
    },
  };
}
