import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import {
  ACCESS_TOKEN_COOKIE,
  clearCookie,
  readCookie,
  REFRESH_TOKEN_COOKIE,
  TOKEN_EXPIRY_COOKIE,
  writeCookie,
  type CookieReader,
  type CookieWriter,
} from '@/lib/cookies';
import { ContentServiceError, fetchAgent, type Agent, type SessionTokens } from '@/content';
import { logFor } from '@/lib/log';

const log = logFor('accounts');

/**
 * A signed-in agent's session: the access token, the refresh token and the
 * access token's expiry, in three http-only cookies. The access token counts as expired when absent or past its
 * expiry; the proxy then refreshes it (src/proxy.ts, `keepSessionFresh`) before the page or action runs.
 */

export type StoredSession = { accessToken: string | undefined; refreshToken: string | undefined; expiresAt: number | undefined };

/** Refresh a little before the content service would refuse the token, so a request never races its expiry. */
const EXPIRY_MARGIN_MS = 10_000;

export function readStoredSession(source: CookieReader): StoredSession {
  const expires = Number(readCookie(source, TOKEN_EXPIRY_COOKIE));
  return {
    accessToken: readCookie(source, ACCESS_TOKEN_COOKIE) || undefined,
    refreshToken: readCookie(source, REFRESH_TOKEN_COOKIE) || undefined,
    expiresAt: Number.isSafeInteger(expires) && expires > 0 ? expires : undefined,
  };
}

export function isAccessExpired(session: StoredSession, now = Date.now()): boolean {
  return session.accessToken === undefined || session.expiresAt === undefined || session.expiresAt - EXPIRY_MARGIN_MS <= now;
}

export function writeSession(jar: CookieWriter, tokens: SessionTokens): void {
  writeCookie(jar, ACCESS_TOKEN_COOKIE, tokens.accessToken);
  writeCookie(jar, REFRESH_TOKEN_COOKIE, tokens.refreshToken);
  writeCookie(jar, TOKEN_EXPIRY_COOKIE, String(tokens.expiresAt));
}

/** Logout and a failed refresh: the three values go. */
export function clearSession(jar: CookieWriter): void {
  clearCookie(jar, ACCESS_TOKEN_COOKIE);
  clearCookie(jar, REFRESH_TOKEN_COOKIE);
  clearCookie(jar, TOKEN_EXPIRY_COOKIE);
}

/**
 * The signed-in agent of this request, read once per request: undefined without a live session. A failed user fetch
 * is logged ("Couldn't fetch user") and tolerated: the visitor is treated as signed out.
 */
export const currentAgent = cache(async (): Promise<Agent | undefined> => {
  const session = readStoredSession(await cookies());
  if (session.accessToken === undefined || isAccessExpired(session)) return undefined;
  try {
    return await fetchAgent(session.accessToken);
  } catch (error) {
    const reason = error instanceof ContentServiceError ? `${error.statusCode} ${error.statusMessage}` : String(error);
    log.warn(`Couldn't fetch user: ${reason}`);
    return undefined;
  }
});
