import { after, NextRequest, NextResponse } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { DEFAULT_LOCALE, type Locale, localeOrDefault, routing } from '@/i18n/routing';
import { cookieAttributes, LANGUAGE_COOKIE, LOCALE_COOKIE, readCookie, writeCookie } from '@/lib/cookies';
import { serverEnv } from '@/lib/env';
import { CACHE_CONTROL, createScriptNonce, isPagePath, isPerRequestPage } from '@/lib/response-headers';
import { crossSiteRefusal, edgeRequestOfWeb, nonceContentSecurityPolicy, setDeploymentHeaders } from '@/lib/edge';
import { matchAcceptLanguage, splitLocalePrefix } from '@/i18n/locale-detection';
import { shouldRedirectToTerms, TERMS_PATH } from '@/features/info';
import {
  applyToRequest,
  applyToResponse,
  isProtectedAccountPath,
  keepSessionFresh,
  loginPathFor,
  type SessionRefresh,
} from '@/features/accounts';
import { hasUnreadableActionBody, isMalformedPath, isServerActionRequest, malformedPathResponse, unreadableActionResponse } from '@/shared/errors';
import {
  FILTER_PARAMS,
  filtersFromSearchParams,
  filtersToSegments,
  fleetSearchFromParams,
  isDatedFleetSearch,
  searchToSegments,
} from '@/features/fleet';
import { carriesAttemptMarker, endCheckoutAttemptOf, leavesCheckout, unmarkAttempt } from '@/features/checkout';

/**
 * Every request passes here for its response headers (security headers, Cache-Control: the edge's, lib/edge); a page
 * rendered per request also gets a script nonce, in its Content-Security-Policy and in the request Next renders. Page
 * requests also get the terms redirect, locale choice (next-intl's middleware: prefix, remembered cookie, browser
 * language), the locale cookies of an unprefixed address, and the internal rewrite to `/{locale}/...` (fleet filters
 * become path segments so each combination is a cached page). A request with an agent's session is refused when it
 * changes something from another site (CSRF: the edge's check, which the quote's fast path makes too), and an expired
 * session is refreshed before the page or action runs (features/accounts). A path that cannot be percent-decoded is
 * answered here, before Next's own routing turns it into a 500 (shared/errors/malformed-address.ts), and so is a
 * server action's body that cannot be read (shared/errors/unreadable-action.ts). A page other than the checkout, asked
 * while a checkout attempt is marked, ends that attempt (features/checkout/checkout-exit.ts).
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (isMalformedPath(pathname)) return withHeaders(malformedPathResponse(request), pathname);
  const refusal = crossSiteRefusal(edgeRequestOfWeb(request));
  if (refusal) return withHeaders(refusal, pathname);
  if (isServerActionRequest(request) && (await hasUnreadableActionBody(request))) return withHeaders(unreadableActionResponse(request), pathname);
  let response: NextResponse;
  let nonce: string | undefined;
  if (pathname.length > 1 && pathname.endsWith('/')) response = withoutTrailingSlash(request);
  else if (isPagePath(pathname)) {
    const session = await keepSessionFresh(request, serverEnv().accounts);
    // A page rendered per request gets a script nonce; the other pages are cached HTML, the same for everyone.
    nonce = isPerRequestPage(pathname) ? createScriptNonce() : undefined;
    response = onRefreshFailure(request, session) ?? routePage(request, withScriptNonce(request, applyToRequest(request, session), nonce));
    applyToResponse(response, session);
    if (carriesAttemptMarker(request.cookies) && leavesCheckout({ method: request.method, pathname, headers: request.headers })) {
      return withHeaders(leaveCheckout(request, response), pathname, nonce, CACHE_CONTROL.never);
    }
  } else response = NextResponse.next();
  return withHeaders(response, pathname, nonce);
}

/**
 * The renter left the checkout for another page (features/checkout/checkout-exit.ts) while an attempt was marked: the
 * marker goes with this answer, and the attempt ends once it is sent (the unpaid reservation cancelled, the draft
 * cleared), so the page is not kept waiting on the gateway. The answer sets a cookie: no cache may keep it.
 */
function leaveCheckout(request: NextRequest, response: NextResponse): NextResponse {
  unmarkAttempt(response.cookies);
  after(() => endCheckoutAttemptOf(request.cookies));
  return response;
}

/**
 * The request as Next is to render it, when the page gets a nonce: its policy goes into the request's
 * Content-Security-Policy header, from which Next reads the nonce and stamps its own scripts (its bootstrap, the
 * page's data, its chunks). The response carries the same policy (withHeaders).
 */
function withScriptNonce(request: NextRequest, forwardHeaders: Headers | undefined, nonce: string | undefined): Headers | undefined {
  if (nonce === undefined) return forwardHeaders;
  const headers = forwardHeaders ?? new Headers(request.headers);
  headers.set('content-security-policy', nonceContentSecurityPolicy(nonce));
  return headers;
}

/**
 * The configured refresh-failure handler: the refresh token was refused (expired, revoked, logged out elsewhere), so
 * the session is cleared (applyToResponse) and a page of the corporate area sends the agent to log in again, saying
 * why; any other page carries on for a visitor. Only page loads are redirected, never a server action's POST.
 */
function onRefreshFailure(request: NextRequest, session: SessionRefresh): NextResponse | undefined {
  if (session.kind !== 'failed' || request.method !== 'GET') return undefined;
  const { prefix, path } = splitLocalePrefix(request.nextUrl.pathname);
  if (!isProtectedAccountPath(path)) return undefined;
  const locale = prefix ?? localeOrDefault(readCookie(request.cookies, LOCALE_COOKIE));
  const target = new URL(request.url);
  const login = new URL(loginPathFor(locale, path, 'expired'), target);
  return NextResponse.redirect(login, 303);
}

/** `/flota/` → `/flota`: done here rather than by Next (skipTrailingSlashRedirect), so the redirect gets its headers. */
function withoutTrailingSlash(request: NextRequest): NextResponse {
  const target = new URL(request.url);
  target.pathname = target.pathname.replace(/\/+$/, '') || '/';
  return NextResponse.redirect(target, 308);
}

function withHeaders(response: NextResponse, pathname: string, nonce?: string, cacheControl?: string): NextResponse {
  setDeploymentHeaders(response.headers, pathname, nonce);
  if (cacheControl) response.headers.set('Cache-Control', cacheControl);
  return response;
}

/** `forwardHeaders`: the request's headers when the proxy changed its cookies (a refreshed or cleared session). */
function routePage(request: NextRequest, forwardHeaders?: Headers): NextResponse {
  const { pathname, search, searchParams } = request.nextUrl;
  const { prefix, path } = splitLocalePrefix(pathname);

  if (shouldRedirectToTerms(path)) {
    const target = new URL(request.url);
    target.pathname = prefix ? `/${prefix}${TERMS_PATH}` : TERMS_PATH;
    target.search = '';
    return NextResponse.redirect(target, 308);
  }

  const remembered = readCookie(request.cookies, LOCALE_COOKIE);
  if (!prefix) {
    const routed = localeRouting()(localeRoutingRequest(request));
    const target = routed.headers.get('location');
    if (target) {
      // next-intl chose a language other than Spanish (remembered, else the browser's), or read a prefix typed in
      // another case (`/EN/flota`): a 307 to its page.
      rememberLocale(routed, splitLocalePrefix(new URL(target).pathname).prefix ?? DEFAULT_LOCALE, remembered, request);
      return routed;
    }
  }
  // A prefixed path is served in its language, an unprefixed one that stayed here in Spanish. next-intl's own rewrite
  // is not used: fleet searches become path segments below, and it would rewrite the decoded path.
  const locale: Locale = prefix ?? DEFAULT_LOCALE;

  // Built from request.url, which keeps the address the server was reached on (skipProxyUrlNormalize in
  // next.config.ts): Next's own URL object renames loopback hosts to 'localhost', and a rewrite to another host is
  // proxied over HTTP instead of served in place.
  const internal = new URL(request.url);
  internal.pathname = `/${locale}${path === '/' ? '' : path}`;
  const datedSearch = path === '/flota' && isDatedFleetSearch(searchParams) ? searchToSegments(fleetSearchFromParams(Object.fromEntries(searchParams)), filtersFromSearchParams(searchParams)) : undefined;
  if (datedSearch) {
    // A search with dates: its own cached page per search, as long as the stock it shows (see fleet-filters.ts).
    internal.pathname = `/${locale}/flota/disponibilidad/${datedSearch.map(encodeURIComponent).join('/')}`;
    internal.search = '';
  } else if (path === '/flota') {
    const segments = filtersToSegments(filtersFromSearchParams(searchParams));
    if (segments.length > 0) {
      internal.pathname = `/${locale}/flota/${segments.join('/')}`;
      const rest = new URLSearchParams(search);
      for (const param of FILTER_PARAMS) rest.delete(param);
      internal.search = rest.toString() ? `?${rest.toString()}` : '';
    }
  }

  const init = forwardHeaders ? { request: { headers: forwardHeaders } } : undefined;
  const response =
    internal.pathname === pathname && internal.search === search
      ? NextResponse.next(init)
      : NextResponse.rewrite(internal, init);
  // A page under /es or /en sets no cookie, so a shared cache keeps it for every visitor; the page records its
  // language in the browser (i18n RememberLocale).
  if (!prefix) rememberLocale(response, locale, remembered, request);
  return response;
}

/**
 * next-intl's middleware over the routing. It is given only unprefixed paths: 'as-needed' would redirect `/es/...`,
 * which is served as it is. Its cookie has the attributes of every cookie here (`secure` on an https site).
 */
let localeMiddleware: ((request: NextRequest) => NextResponse) | undefined;
function localeRouting(): (request: NextRequest) => NextResponse {
  localeMiddleware ??= createMiddleware({ ...routing, localeCookie: { name: LOCALE_COOKIE.name, ...cookieAttributes(LOCALE_COOKIE, serverEnv()) } });
  return localeMiddleware;
}

/**
 * The request as next-intl's middleware is to see it. Accept-Language is reduced to the language the storefront
 * ranks first (matchAcceptLanguage): next-intl's matcher would send `es-PA,en;q=0.9` to English. Each `%` of the path
 * is escaped, since next-intl decodes the path it redirects: `%25` (an undecodable address kept literally,
 * shared/errors/malformed-address.ts) would become a bare `%`.
 */
function localeRoutingRequest(request: NextRequest): NextRequest {
  let url = request.url;
  if (url.includes('%')) {
    const escaped = new URL(url);
    escaped.pathname = escaped.pathname.replaceAll('%', '%25');
    url = escaped.toString();
  }
  // Only what the middleware reads without domains: the cookies and Accept-Language (copying every header cost more
  // than the middleware itself, on every unprefixed page).
  const headers: Record<string, string> = {};
  const cookie = request.headers.get('cookie');
  if (cookie) headers.cookie = cookie;
  const browserLocale = matchAcceptLanguage(request.headers.get('accept-language'));
  if (browserLocale) headers['accept-language'] = browserLocale;
  return new NextRequest(url, { headers });
}

/**
 * Records the language an unprefixed address was answered in (in place, or by a redirect) in both locale cookies,
 * when it changed; such an answer is never kept by a shared cache (private, CACHE_CONTROL.perVisitor). next-intl
 * writes i18n_redirected itself only when the browser's language differs. A prefetch still in flight from the previous
 * page must not undo a language switch.
 */
function rememberLocale(response: NextResponse, locale: Locale, remembered: string | undefined, request: NextRequest) {
  if (remembered === locale || request.headers.has('rsc') || request.headers.has('next-router-prefetch')) return;
  writeCookie(response.cookies, LOCALE_COOKIE, locale);
  writeCookie(response.cookies, LANGUAGE_COOKIE, locale);
}

/**
 * Where the proxy runs: everywhere (Next's assets and the API included) except a public page in its /es or /en form
 * asked without anything the proxy acts on, which is most page views and the same cached answer for everyone. Running
 * the proxy costs about a third of such a view's time; what it would do there (the response headers) the production
 * server does for every request (lib/edge/server-edge.ts). So the proxy runs for:
 * - any path other than `/es` or `/en` followed by plain lowercase segments (`[a-z0-9-]`, no trailing slash): the
 *   unprefixed addresses (locale choice), the flows and areas rendered per request (nonce, guards), an address that
 *   names the terms page another way (redirect), a percent-encoded or otherwise unusual path (malformed-address check,
 *   next-intl's redirect of `/EN/...`), a trailing slash (redirect), files and the API;
 * - any request of a signed-in agent (session refresh, cross-site check) or a server action (unreadable body);
 * - any request of a renter with a checkout attempt in progress (its marker cookie): a page other than the checkout
 *   ends the attempt (features/checkout/checkout-exit.ts);
 * - the fleet with a filter or dates in its query (rewrite to the cached page of that search).
 * Next reads this object at build, so it is written out literally; proxy-matcher.test.ts holds it to the lists it
 * repeats (the guarded paths, the terms texts, the session cookies, the fleet's query) and checks that the proxy
 * changes nothing but headers on what it skips.
 */
export const config = {
  matcher: [
    '/:path((?!(?:es|en)(?!/(?:reserva|precheckin|mi-reserva|corporativo|mostrador)(?:/|$))(?![^?]*(?:termin|terms))(?:/[a-z0-9-]+)*$).*)',
    { source: '/:path*', has: [{ type: 'cookie', key: 'auth_refresh_token' }] },
    { source: '/:path*', has: [{ type: 'cookie', key: 'auth_access_token' }] },
    { source: '/:path*', has: [{ type: 'cookie', key: 'checkout_attempt' }] },
    { source: '/:path*', has: [{ type: 'header', key: 'next-action' }] },
    { source: '/:locale(es|en)/flota', has: [{ type: 'query', key: 'tipo' }] },
    { source: '/:locale(es|en)/flota', has: [{ type: 'query', key: 'marca' }] },
    { source: '/:locale(es|en)/flota', has: [{ type: 'query', key: 'orden' }] },
    { source: '/:locale(es|en)/flota', has: [{ type: 'query', key: 'pickup_date' }] },
  ],
};
