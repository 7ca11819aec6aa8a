import { NextResponse, type NextRequest } from 'next/server';
import { localeOrDefault } from '@/i18n/routing';
import { serverEnv } from '@/lib/env';
import { clearCookie, providerRefreshCookie, readCookie } from '@/lib/cookies';
import { ACCOUNT_PATHS, loginPathFor, writeSession } from '@/features/accounts';
import { ContentServiceError, refreshTokens } from '@/content';
import { getPathname } from '@/i18n/navigation';

type Context = { params: Promise<{ locale: string }> };

/**
 * Where a provider login (`/auth/login/{provider}` on the content service) comes back. The content service leaves its
 * refresh token in its own cookie (shared with this site: same host on a developer machine, a common parent domain
 * in a deployment, REFRESH_TOKEN_COOKIE_DOMAIN); it is exchanged here for the storefront's session cookies at once,
 * and removed. A failed provider login comes back with `?reason=` and lands on the login page, which says so.
 */
export async function GET(request: NextRequest, { params }: Context) {
  const { locale: given } = await params;
  const locale = localeOrDefault(given);
  const env = serverEnv();
  const providerCookie = providerRefreshCookie(env.accounts.ssoRefreshCookieName);
  const failed = () => {
    const response = NextResponse.redirect(new URL(loginPathFor(locale, undefined, 'provider'), env.siteUrl), 303);
    clearCookie(response.cookies, providerCookie);
    return response;
  };
  const refreshToken = readCookie(request.cookies, providerCookie);
  if (request.nextUrl.searchParams.has('reason') || !refreshToken) return failed();
  let tokens;
  try {
    tokens = await refreshTokens(refreshToken);
  } catch (error) {
    if (error instanceof ContentServiceError) return failed();
    throw error;
  }
  if (!tokens) return failed();
  const response = NextResponse.redirect(new URL(getPathname({ href: ACCOUNT_PATHS.home, locale }), env.siteUrl), 303);
  writeSession(response.cookies, tokens);
  clearCookie(response.cookies, providerCookie);
  return response;
}
