import { NextResponse } from 'next/server';
import { ACCESS_TOKEN_COOKIE, readCookie, REFRESH_TOKEN_COOKIE } from '@/lib/cookies';
import { serverEnv } from '@/lib/env';
import type { EdgeRequest } from './edge-request';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: a state-changing request that carries an agent's session cookies must come from this
 * site's own pages. Browsers send `Origin` on every POST (and `Sec-Fetch-Site`); a request from another origin is
 * refused before it reaches a server action or route. The session cookies are also SameSite=Lax, so most browsers
 * would not send them cross-site in the first place; this check does not rely on that. Requests without a session
 * (webhooks, the public API) are not concerned: they act for nobody.
 */
export function isCrossSiteMutation(request: EdgeRequest, siteUrl: string): boolean {
  if (SAFE_METHODS.has(request.method) || !carriesSession(request)) return false;
  const origin = request.header('origin');
  if (origin) return !sameSiteOrigin(origin, request, siteUrl);
  const fetchSite = request.header('sec-fetch-site');
  return fetchSite === 'cross-site' || fetchSite === 'same-site';
}

/**
 * The answer to a cross-site mutation (nothing is done), or undefined when the request is not one: what the proxy
 * and the quote's fast path (which answers before the proxy runs) both ask.
 */
export function crossSiteRefusal(request: EdgeRequest): NextResponse | undefined {
  if (!isCrossSiteMutation(request, serverEnv().siteUrl)) return undefined;
  return NextResponse.json({ error: 'Cross-site request refused: this request must come from the site itself.' }, { status: 403 });
}

/** Any part of an agent's session (features/accounts keeps it in these cookies). */
function carriesSession(request: EdgeRequest): boolean {
  return Boolean(readCookie(request.cookies, ACCESS_TOKEN_COOKIE) || readCookie(request.cookies, REFRESH_TOKEN_COOKIE));
}

function sameSiteOrigin(origin: string, request: EdgeRequest, siteUrl: string): boolean {
  if (origin === 'null') return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(siteUrl).origin) return true;
  // The address this request was sent to (the load balancer passes the public host on).
  const host = request.header('x-forwarded-host') ?? request.header('host');
  return host !== undefined && parsed.host === host;
}
