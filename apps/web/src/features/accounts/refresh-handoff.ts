import 'server-only';
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { ContentServiceError, type SessionTokens } from '@/content';
import type { SharedStore } from '@/lib/shared-store';

/**
 * One refresh per session across every storefront instance. The content service replaces a refresh token when it is
 * used, so when two instances refresh the same session (a page and a prefetch that the load balancer sent to different
 * instances) only the first would succeed and the agent would be signed out by the second. The first instance to claim
 * the token in the shared store refreshes it and leaves the answer there for HANDOFF_MS; the others wait for it.
 *
 * The answer is sealed with a key derived from the old refresh token, which only the agent's browser holds: what is in
 * Redis cannot be used without it, and its key is the token's hash, not the token.
 */
export const HANDOFF_MS = 10_000;
const PENDING = 'pending';
const SEAL_INFO = 'rentacar session refresh hand-over';

export type HandoffTiming = { waitMs: number; pollMs: number };
const DEFAULT_TIMING: HandoffTiming = { waitMs: 5_000, pollMs: 50 };

type Refresh = (refreshToken: string) => Promise<SessionTokens | undefined>;

export async function refreshThroughStore(store: SharedStore, refreshToken: string, refresh: Refresh, timing: HandoffTiming = DEFAULT_TIMING): Promise<SessionTokens | undefined> {
  const key = handoffKey(refreshToken);
  const deadline = Date.now() + timing.waitMs;
  for (;;) {
    let claimed: boolean;
    try {
      claimed = await store.claim(key, PENDING, HANDOFF_MS);
    } catch {
      // The shared store is away: this instance refreshes alone, as a single storefront would.
      return refresh(refreshToken);
    }
    if (claimed) return refreshAndHandOver(store, key, refreshToken, refresh);
    const answer = await awaitAnswer(store, key, deadline, timing.pollMs);
    if (answer.gone) continue;
    const opened = unseal(refreshToken, answer.sealed);
    return opened.readable ? opened.tokens : refresh(refreshToken);
  }
}

/**
 * The sealed answer another instance leaves under `key`; `gone` when its claim went away without one (it could not reach the
 * content service, or the store lost it): the caller then claims the refresh itself, so that of several instances
 * waiting only one asks the content service.
 */
async function awaitAnswer(store: SharedStore, key: string, deadline: number, pollMs: number): Promise<{ gone: true } | { gone: false; sealed: string }> {
  for (;;) {
    const answer = await store.read(key).catch(() => undefined);
    if (answer === undefined) return { gone: true };
    if (answer !== PENDING) return { gone: false, sealed: answer };
    if (Date.now() >= deadline) {
      // Treated like a content service that did not answer: the session is kept for the next request.
      throw new ContentServiceError('POST /auth/refresh: another instance is still refreshing this session', 504, 'Gateway Timeout', null);
    }
    await sleep(pollMs);
  }
}

/** The store key of a session's refresh: the token's hash, never the token. */
export function handoffKey(refreshToken: string): string {
  return `session-refresh:${createHash('sha256').update(refreshToken).digest('base64url')}`;
}

async function refreshAndHandOver(store: SharedStore, key: string, refreshToken: string, refresh: Refresh): Promise<SessionTokens | undefined> {
  let tokens: SessionTokens | undefined;
  try {
    tokens = await refresh(refreshToken);
  } catch (error) {
    // No answer to hand over: free the claim so the next request asks again.
    await store.remove(key).catch(() => undefined);
    throw error;
  }
  await store.put(key, seal(refreshToken, tokens), HANDOFF_MS).catch(() => undefined);
  return tokens;
}

const sealedSchema = z.object({
  tokens: z.object({ accessToken: z.string().min(1), refreshToken: z.string().min(1), expiresAt: z.number().int() }).nullable(),
});

function sealKey(refreshToken: string): Buffer {
  return Buffer.from(hkdfSync('sha256', refreshToken, Buffer.alloc(0), SEAL_INFO, 32));
}

export function seal(refreshToken: string, tokens: SessionTokens | undefined): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify({ tokens: tokens ?? null }), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** A refused token is a readable answer too (`tokens` undefined); an unreadable value is not an answer. */
export function unseal(refreshToken: string, sealed: string): { readable: true; tokens: SessionTokens | undefined } | { readable: false } {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', sealKey(refreshToken), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
    const parsed = sealedSchema.safeParse(JSON.parse(text));
    return parsed.success ? { readable: true, tokens: parsed.data.tokens ?? undefined } : { readable: false };
  } catch {
    return { readable: false };
  }
}
