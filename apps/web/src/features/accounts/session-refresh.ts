import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { ContentServiceError } from '@/features/content/content-error';
import { refreshTokens, type SessionTokens } from './auth-client';
import { clearSession, isAccessExpired, readStoredSession, writeSession } from './session';

/**
 * The spec's auto-refresh, run by the proxy before any page or server action: an expired access token with a refresh
 * token is exchanged for new tokens. Concurrent requests of one browser may both refresh: the content service answers
 * a refresh token used again within its grace period (SESSION_REFRESH_GRACE_PERIOD) with the same new token.
 */
export type SessionRefresh = { kind: 'unchanged' } | { kind: 'refreshed'; tokens: SessionTokens } | { kind: 'failed' };

export async function keepSessionFresh(request: NextRequest, { autoRefresh }: { autoRefresh: boolean }): Promise<SessionRefresh> {
  const stored = readStoredSession(request.cookies);
  if (!autoRefresh || stored.refreshToken === undefined || !isAccessExpired(stored)) return { kind: 'unchanged' };
  try {
    const tokens = await refreshTokens(stored.refreshToken);
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
