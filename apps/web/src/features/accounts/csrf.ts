import { NextResponse, type NextRequest } from 'next/server';
import { hasSessionCookie } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery: a state-changing request that carries an agent's session cookies must come from this
 * site's own pages. Browsers send `Origin` on every POST (and `Sec-Fetch-Site`); a request from another origin is
 * refused before it reaches a server action or route. The session cookies are also SameSite=Lax, so most browsers
 * would not send them cross-site in the first place; this check does not rely on that. Requests without a session
 * (webhooks, the public API) are not concerned: they act for nobody.
 */
export function isCrossSiteMutation(request: NextRequest, siteUrl: string): boolean {
  if (SAFE_METHODS.has(request.method) || !hasSessionCookie(request.cookies)) return false;
  const origin = request.headers.get('origin');
  if (origin) return !sameSiteOrigin(origin, request, siteUrl);
  const fetchSite = request.headers.get('sec-fetch-site');
  return fetchSite === 'cross-site' || fetchSite === 'same-site';
}

function sameSiteOrigin(origin: string, request: NextRequest, siteUrl: string): boolean {
  if (origin === 'null') return false;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(siteUrl).origin) return true;
  // The address this request was sent to (the load balancer passes the public host on).
  const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host');
  return host !== null && parsed.host === host;
}

/** The answer to a cross-site mutation: nothing is done. */
export function crossSiteRefusal(): NextResponse {
  return NextResponse.json({ error: 'Cross-site request refused: this request must come from the site itself.' }, { status: 403 });
}
