import { createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('./env', () => ({ serverEnv: () => ({ redisUrl: undefined, brand: 'firefly' }) }));

const { redisStore, sharedStore } = await import('./shared-store');

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise((done) => server.close(done));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('the shared store', () => {
  it('is absent without REDIS_URL: a storefront alone needs none', () => {
    expect(sharedStore()).toBeUndefined();
  });

  it('fails after its timeout while Redis is unreachable, then at once, so the caller works alone instead of waiting', async () => {
    const store = redisStore(`redis://127.0.0.1:${await closedPort()}`, 'test:');
    try {
      // The first command waits for the first connection, within its timeout (not for ever: connect() keeps retrying).
      await expect(store.claim('key', 'value', 1000)).rejects.toThrow('Redis did not answer within 1000 ms');
      // The next ones do not wait any more.
      await expect(store.read('key')).rejects.toThrow('Redis is not connected');
      await expect(store.put('key', 'value', 1000)).rejects.toThrow('Redis is not connected');
    } finally {
      store.close();
    }
  });
});
