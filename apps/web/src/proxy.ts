import { NextResponse, type NextRequest } from 'next/server';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/i18n/routing';
import { LANGUAGE_COOKIE, LOCALE_COOKIE } from '@/lib/cookies';
import { localizedPath, matchAcceptLanguage, splitLocalePrefix } from '@/features/i18n/locale-detection';
import { TERMS_PATH, shouldRedirectToTerms } from '@/features/content/terms-redirect';
import { filtersFromSearchParams, filtersToSegments, FILTER_KEYS } from '@/features/fleet/fleet-filters';

/**
 * Every page request passes here: terms redirect, locale choice (prefix, remembered cookie, browser language),
 * locale cookies, and the internal rewrite to `/{locale}/...` (fleet filters become path segments so each
 * combination is a cached page).
 */
export function proxy(request: NextRequest) {
  const { pathname, search, searchParams } = request.nextUrl;
  const { prefix, path } = splitLocalePrefix(pathname);

  if (shouldRedirectToTerms(path)) {
    const target = new URL(request.url);
    target.pathname = prefix ? `/${prefix}${TERMS_PATH}` : TERMS_PATH;
    target.search = '';
    return NextResponse.redirect(target, 308);
  }

  const remembered = request.cookies.get(LOCALE_COOKIE.name)?.value;
  let locale: Locale;
  if (prefix) {
    locale = prefix;
  } else {
    const detected = isLocale(remembered) ? remembered : matchAcceptLanguage(request.headers.get('accept-language'));
    if (detected && detected !== DEFAULT_LOCALE) {
      const target = new URL(request.url);
      target.pathname = localizedPath(detected, path);
      const response = NextResponse.redirect(target, 307);
      rememberLocale(response, detected, remembered, request);
      return response;
    }
    locale = DEFAULT_LOCALE;
  }

  // Built from request.url, which keeps the address the server was reached on (skipProxyUrlNormalize in
  // next.config.ts): Next's own URL object renames loopback hosts to 'localhost', and a rewrite to another host is
  // proxied over HTTP instead of served in place.
  const internal = new URL(request.url);
  internal.pathname = `/${locale}${path === '/' ? '' : path}`;
  if (path === '/flota' || path === '/flota/') {
    const segments = filtersToSegments(filtersFromSearchParams(searchParams));
    if (segments.length > 0) {
      internal.pathname = `/${locale}/flota/${segments.join('/')}`;
      const rest = new URLSearchParams(search);
      for (const key of FILTER_KEYS) rest.delete(key);
      internal.search = rest.toString() ? `?${rest.toString()}` : '';
    }
  }

  const response =
    internal.pathname === pathname && internal.search === search
      ? NextResponse.next()
      : NextResponse.rewrite(internal);
  rememberLocale(response, locale, remembered, request);
  return response;
}

function rememberLocale(response: NextResponse, locale: Locale, remembered: string | undefined, request: NextRequest) {
  // Only a page the renter opens records the language: a prefetch still in flight from the previous page must not
  // undo a language switch.
  if (remembered === locale || request.headers.has('rsc') || request.headers.has('next-router-prefetch')) return;
  response.cookies.set(LOCALE_COOKIE.name, locale, {
    maxAge: LOCALE_COOKIE.maxAge,
    path: LOCALE_COOKIE.path,
    sameSite: LOCALE_COOKIE.sameSite,
  });
  response.cookies.set(LANGUAGE_COOKIE.name, locale, {
    maxAge: LANGUAGE_COOKIE.maxAge,
    path: LANGUAGE_COOKIE.path,
    sameSite: LANGUAGE_COOKIE.sameSite,
  });
}

export const config = {
  // Pages only: not the API, Next's assets, the sitemap, robots or files with an extension.
  matcher: ['/((?!api/|_next/|sitemap\\.xml|robots\\.txt|.*\\.[a-zA-Z0-9]{2,5}$).*)'],
};
