import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { ContentServiceError, refreshTokens, type SessionTokens } from '@/content';
import { sharedStore } from '@/lib/shared-store';
import { HANDOFF_MS, refreshThroughStore } from './refresh-handoff';
import { clearSession, isAccessExpired, readStoredSession, writeSession } from './session';

/**
 * The session's auto-refresh, run by the proxy before any page or server action: an expired access token with a refresh
 * token is exchanged for new tokens.
 *
 * The content service replaces a refresh token the moment it is used (its grace period covers only its own cookie
 * sessions, not the JSON mode the storefront uses), so two requests of one browser that refresh at once would sign the
 * agent out: the second one's token is already gone. Within this process, concurrent and closely following refreshes
 * of one token share one call and its answer for HANDOFF_MS; across instances (REDIS_URL) the first instance to claim
 * the token refreshes it and hands the answer to the others through the shared store (refresh-handoff.ts).
 */
export type SessionRefresh = { kind: 'unchanged' } | { kind: 'refreshed'; tokens: SessionTokens } | { kind: 'failed' };

const recentRefreshes = new Map<string, { answer: Promise<SessionTokens | undefined>; until: number }>();

function refreshShared(refreshToken: string): Promise<SessionTokens | undefined> {
  const now = Date.now();
  for (const [token, entry] of recentRefreshes) if (entry.until <= now) recentRefreshes.delete(token);
  const known = recentRefreshes.get(refreshToken);
  if (known) return known.answer;
  const store = sharedStore();
  const answer = store ? refreshThroughStore(store, refreshToken, refreshTokens) : refreshTokens(refreshToken);
  recentRefreshes.set(refreshToken, { answer, until: now + HANDOFF_MS });
  // A content service that did not answer is not an answer to share: the next request asks again.
  answer.catch(() => recentRefreshes.delete(refreshToken));
  return answer;
}

export async function keepSessionFresh(request: NextRequest, { autoRefresh }: { autoRefresh: boolean }): Promise<SessionRefresh> {
  const stored = readStoredSession(request.cookies);
  if (!autoRefresh || stored.refreshToken === undefined || !isAccessExpired(stored)) return { kind: 'unchanged' };
  try {
    const tokens = await refreshShared(stored.refreshToken);
    return tokens ? { kind: 'refreshed', tokens } : { kind: 'failed' };
  } catch (error) {
    // The content service is down: keep the session for when it is back, rather than sign the agent out.
    if (error instanceof ContentServiceError) return { kind: 'unchanged' };
    throw error;
  }
}

/**
 * Makes the outcome visible to the rest of this request (the page or action reads the new tokens, or none) by
 * rewriting the request's cookies, and returns the headers the response must forward to Next.
 */
export function applyToRequest(request: NextRequest, outcome: SessionRefresh): Headers | undefined {
  if (outcome.kind === 'unchanged') return undefined;
  if (outcome.kind === 'refreshed') writeSession(requestCookieWriter(request), outcome.tokens);
  else clearSession(requestCookieWriter(request));
  return request.headers;
}

/** Sends the outcome to the browser: new cookies, or the three cleared (the refresh token first of all). */
export function applyToResponse(response: NextResponse, outcome: SessionRefresh): void {
  if (outcome.kind === 'refreshed') writeSession(response.cookies, outcome.tokens);
  else if (outcome.kind === 'failed') clearSession(response.cookies);
}

/** The request's cookie jar takes only name and value; a cleared cookie is deleted. */
function requestCookieWriter(request: NextRequest) {
  return {
    set(name: string, value: string, attributes: { maxAge: number }) {
      if (attributes.maxAge === 0 || value === '') request.cookies.delete(name);
      else request.cookies.set(name, value);
    },
  };
}
