import { describe, expect, it, vi } from 'vitest';
import type { SharedStore } from '@/lib/shared-store';
import { ContentServiceError, type SessionTokens } from '@/content';
import { handoffKey, refreshThroughStore, seal, unseal } from './refresh-handoff';

vi.mock('server-only', () => ({}));

/** Redis as two instances see it: one map of values with their expiry. */
function memoryStore(): SharedStore & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    claim: (key, value) => {
      if (values.has(key)) return Promise.resolve(false);
      values.set(key, value);
      return Promise.resolve(true);
    },
    put: (key, value) => {
      values.set(key, value);
      return Promise.resolve();
    },
    read: (key) => Promise.resolve(values.get(key)),
    remove: (key) => {
      values.delete(key);
      return Promise.resolve();
    },
  };
}

const unreachableStore: SharedStore = {
  claim: () => Promise.reject(new Error('ECONNREFUSED')),
  put: () => Promise.reject(new Error('ECONNREFUSED')),
  read: () => Promise.reject(new Error('ECONNREFUSED')),
  remove: () => Promise.reject(new Error('ECONNREFUSED')),
};

const FRESH: SessionTokens = { accessToken: 'access-new', refreshToken: 'refresh-new', expiresAt: 1_900_000_000_000 };
const QUICK = { waitMs: 500, pollMs: 5 };

/** The content service: a refresh token works once, as Directus replaces it when it is used. */
function contentService(answer: () => Promise<SessionTokens | undefined> = () => Promise.resolve(FRESH)) {
  const used = new Set<string>();
  return vi.fn(async (token: string) => {
    if (used.has(token)) return undefined;
    used.add(token);
    await new Promise((resolve) => setTimeout(resolve, 20));
    return answer();
  });
}

describe('one refresh of a session across instances', () => {
  it('gives every instance that asks at once the tokens of the one refresh the content service answered', async () => {
    const store = memoryStore();
    const refresh = contentService();
    const answers = await Promise.all([1, 2, 3].map(() => refreshThroughStore(store, 'refresh-old', refresh, QUICK)));
    expect(answers).toEqual([FRESH, FRESH, FRESH]);
    expect(refresh).toHaveBeenCalledTimes(1);
    // An instance asking a moment later, once the answer is there, gets it too.
    expect(await refreshThroughStore(store, 'refresh-old', refresh, QUICK)).toEqual(FRESH);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps neither token readable in the store: the key is a hash and the answer is sealed with the old token', async () => {
    const store = memoryStore();
    await refreshThroughStore(store, 'refresh-old', contentService(), QUICK);
    const [[key, value] = ['', '']] = [...store.values];
    for (const secret of ['refresh-old', 'refresh-new', 'access-new']) {
      expect(key).not.toContain(secret);
      expect(Buffer.from(value, 'base64url').toString('latin1')).not.toContain(secret);
    }
    expect(unseal('another-token', value)).toEqual({ readable: false });
    expect(unseal('refresh-old', value)).toEqual({ readable: true, tokens: FRESH });
  });

  it('hands a refusal over as a refusal: every instance signs the agent out', async () => {
    const store = memoryStore();
    const refresh = contentService(() => Promise.resolve(undefined));
    expect(await Promise.all([refreshThroughStore(store, 'revoked', refresh, QUICK), refreshThroughStore(store, 'revoked', refresh, QUICK)])).toEqual([undefined, undefined]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('frees the claim when the content service did not answer, so the next request asks again', async () => {
    const store = memoryStore();
    const down = new ContentServiceError('down', 503, 'Service Unavailable', null);
    const refresh = vi.fn<(token: string) => Promise<SessionTokens | undefined>>().mockRejectedValueOnce(down).mockResolvedValue(FRESH);
    await expect(refreshThroughStore(store, 'while-down', refresh, QUICK)).rejects.toBe(down);
    expect(store.values.size).toBe(0);
    expect(await refreshThroughStore(store, 'while-down', refresh, QUICK)).toEqual(FRESH);
  });

  it('claims the refresh itself when the instance that claimed it gave up, one instance among those waiting', async () => {
    const store = memoryStore();
    const refresh = contentService();
    await store.claim(handoffKey('abandoned'), 'pending', 10_000);
    const waiting = Promise.all([refreshThroughStore(store, 'abandoned', refresh, QUICK), refreshThroughStore(store, 'abandoned', refresh, QUICK)]);
    setTimeout(() => store.values.clear(), 30);
    expect(await waiting).toEqual([FRESH, FRESH]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps the session for the next request when the other instance takes too long, as when the content service is slow', async () => {
    const store = memoryStore();
    const refresh = vi.fn(() => Promise.resolve(FRESH));
    await store.claim(handoffKey('slow'), 'pending', 10_000);
    await expect(refreshThroughStore(store, 'slow', refresh, { waitMs: 40, pollMs: 5 })).rejects.toMatchObject({ statusCode: 504 });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refreshes alone when the shared store is unreachable, as a single instance would', async () => {
    const refresh = contentService();
    expect(await refreshThroughStore(unreachableStore, 'refresh-alone', refresh, QUICK)).toEqual(FRESH);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('seals each answer afresh (a new nonce every time)', () => {
    expect(seal('refresh-old', FRESH)).not.toBe(seal('refresh-old', FRESH));
    expect(unseal('refresh-old', 'not-a-sealed-value')).toEqual({ readable: false });
  });
});

