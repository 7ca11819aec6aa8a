import 'server-only';
import { LOCALE_COOKIE_SETTINGS } from '@/i18n/routing';
import { serverEnv } from './env';

/**
 * Every cookie the storefront sets, and the only code that reads or writes one: callers name the cookie, this module
 * applies its attributes (and `secure` when SITE_URL is https). Used by the proxy and by server code; holds no secrets.
 */
export type CookieSpec = {
  readonly name: string;
  readonly maxAge: number;
  readonly path: string;
  readonly sameSite: 'lax' | 'strict';
  /** Out of reach of the page's scripts: set for every cookie only the server reads. */
  readonly httpOnly: boolean;
};

/** The remembered language, as the routing names and ages it for next-intl (src/i18n/routing.ts). */
export const LOCALE_COOKIE: CookieSpec = { ...LOCALE_COOKIE_SETTINGS, httpOnly: false };

/** The remembered language under a second name, with the same attributes; the proxy writes both together. */
export const LANGUAGE_COOKIE: CookieSpec = { ...LOCALE_COOKIE, name: 'language' };

/**
 * The renter's booking draft: the signed id of the draft kept on the server (features/booking/booking-draft.ts), never its
 * contents. Survives refresh, the back button and a restart; read by the reservation guards.
 */
export const RESERVATION_DRAFT_COOKIE: CookieSpec = { name: 'reservation_draft', maxAge: 2 * 24 * 60 * 60, path: '/', sameSite: 'lax', httpOnly: true };

/**
 * A checkout attempt in progress: the number of the unpaid reservation the checkout is paying for, signed
 * (features/checkout/checkout-attempt.ts). Set by the checkout's pay actions when they save a reservation that awaits
 * its payment (3-D Secure, PayPal, a declined card), removed when it is paid or let go. The checkout resumes an
 * attempt only while this names it; a page other than the checkout, its thanks page and the 3-D Secure window's last
 * page ends it (src/proxy.ts, and nginx's cache is bypassed while it is sent). Readable by the page's scripts, which
 * look only at whether it is there: a page shown without a request (Next's router cache, the browser's back-forward
 * cache) ends the attempt from the browser. It names nothing secret (a reservation number, shown to the renter).
 */
export const CHECKOUT_ATTEMPT_COOKIE: CookieSpec = { name: 'checkout_attempt', maxAge: 2 * 24 * 60 * 60, path: '/', sameSite: 'lax', httpOnly: false };

/** Manage booking: the signed id of the reservation the renter found by number and email; short-lived. */
export const MANAGE_BOOKING_COOKIE: CookieSpec = { name: 'manage_booking', maxAge: 30 * 60, path: '/', sameSite: 'lax', httpOnly: true };

/**
 * The coupon code of a promotion whose "book with this code" button the renter pressed on /promos; each booking they
 * start while it lasts gets it (features/promos/promo-code.ts), so picking another car keeps it. Not signed: it is only
 * a hint, checked again against the brand's running promotions when read, so a forged value is ignored. An hour is
 * time enough to pick a car and dates.
 */
export const PROMO_CODE_COOKIE: CookieSpec = { name: 'promo_code', maxAge: 60 * 60, path: '/', sameSite: 'lax', httpOnly: true };

/**
 * Pre-check-in: the signed id of the reservation the renter found by number and email
 * (features/precheckin/precheckin-session.ts); read by the check-precheckin-data guard. Two hours to fill in the form.
 */
export const PRECHECKIN_SESSION_COOKIE: CookieSpec = { name: 'precheckin_session', maxAge: 2 * 60 * 60, path: '/', sameSite: 'lax', httpOnly: true };

/**
 * The furthest page of a flow the renter reached among those that must not be opened directly (prevent-direct-access,
 * features/guards/route-guards.ts). Not signed: it only opens a page whose own data is checked again.
 */
export const FLOW_STEP_COOKIE: CookieSpec = { name: 'flow_step', maxAge: 30 * 60, path: '/', sameSite: 'lax', httpOnly: true };

/**
 * A signed-in agent's session (features/accounts/session.ts): the content service's access token, its refresh token,
 * and when the access token expires (epoch milliseconds). Out of reach of scripts; they live as long as the content
 * service keeps a refresh token (REFRESH_TOKEN_TTL, 7 days by default), and the expiry decides when to refresh.
 */
const SESSION_MAX_AGE = 7 * 24 * 60 * 60;
export const ACCESS_TOKEN_COOKIE: CookieSpec = { name: 'auth_access_token', maxAge: SESSION_MAX_AGE, path: '/', sameSite: 'lax', httpOnly: true };
export const REFRESH_TOKEN_COOKIE: CookieSpec = { name: 'auth_refresh_token', maxAge: SESSION_MAX_AGE, path: '/', sameSite: 'lax', httpOnly: true };
export const TOKEN_EXPIRY_COOKIE: CookieSpec = { name: 'auth_expires', maxAge: SESSION_MAX_AGE, path: '/', sameSite: 'lax', httpOnly: true };

/**
 * The content service's own refresh-token cookie, which it sets when a provider login returns to the storefront
 * (`/corporativo/sso`); read once there, exchanged for the session above, then removed. Its name is the content
 * service's REFRESH_TOKEN_COOKIE_NAME (see SSO_REFRESH_COOKIE_NAME in the env).
 */
export function providerRefreshCookie(name: string): CookieSpec {
  return { name, maxAge: 0, path: '/', sameSite: 'lax', httpOnly: true };
}

export type CookieAttributes = {
  maxAge: number;
  path: string;
  sameSite: 'lax' | 'strict';
  httpOnly: boolean;
  secure: boolean;
};

/** What a cookie is written to: a response's cookies (proxy, route handler) or `cookies()` in a server action. */
export type CookieWriter = { set(name: string, value: string, attributes: CookieAttributes): unknown };

/** What a cookie is read from: a request's cookies (proxy) or `cookies()` (server components). */
export type CookieReader = { get(name: string): { value: string } | undefined };

/** The attributes a cookie is sent with; `secure` on an https site, so it never travels in clear. */
export function cookieAttributes(cookie: CookieSpec, { httpsSite }: { httpsSite: boolean }): CookieAttributes {
  return { maxAge: cookie.maxAge, path: cookie.path, sameSite: cookie.sameSite, httpOnly: cookie.httpOnly, secure: httpsSite };
}

export function writeCookie(target: CookieWriter, cookie: CookieSpec, value: string): void {
  target.set(cookie.name, value, cookieAttributes(cookie, serverEnv()));
}

/** Removes the cookie: the same name, path and attributes, expired. */
export function clearCookie(target: CookieWriter, cookie: CookieSpec): void {
  target.set(cookie.name, '', { ...cookieAttributes(cookie, serverEnv()), maxAge: 0 });
}

export function readCookie(source: CookieReader, cookie: CookieSpec): string | undefined {
  return source.get(cookie.name)?.value;
}
