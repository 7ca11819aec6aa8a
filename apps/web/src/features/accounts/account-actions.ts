'use server';

import { cookies, headers } from 'next/headers';
import * as z from 'zod/mini';
import { FAILED_LOGIN_POLICY, failedLoginPauseMs, loginSchema, newPasswordSchema, passwordRequestSchema, registrationSchema } from '@rentacar/domain/accounts';
import { type Locale, localeOrDefault } from '@/i18n/routing';
import { serverEnv } from '@/lib/env';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, readCookie } from '@/lib/cookies';
import {
  acceptInvitation,
  ContentServiceError,
  endAllSessions,
  endSession,
  hitRateLimit,
  loginWithPassword,
  register,
  requestPasswordReset,
  resetPassword,
  type RateLimitRule,
} from '@/content';
import { issuesByField, type FormResult } from '@/shared/forms';
import { clientAddress } from '@/lib/client-address';
import { ACCOUNT_PATHS, safeNextPath } from './account-routes';
import { clearSession, writeSession } from './session';
import { getPathname, redirect } from '@/i18n/navigation';
import { logFor } from '@/lib/log';

const log = logFor('accounts');

/**
 * The corporate area's forms: each value is checked again here with the domain's schema, then handed to the content
 * service's auth. Cookies are written only here (and by the proxy's refresh), never by a page.
 */

export type AccountFormResult = FormResult;

const SERVICE_DOWN: AccountFormResult = { ok: false, errors: {}, formError: { message: 'accounts.unavailable' } };

/** Attempts per account in the failed-login window; past it the account's logins are refused until the window ends. */
const LOGIN_PER_ACCOUNT: RateLimitRule = { name: 'login-account', limit: FAILED_LOGIN_POLICY.lockAfter, windowSeconds: FAILED_LOGIN_POLICY.windowSeconds };
/** Attempts per client address, across accounts: one office behind one address still logs in comfortably. */
const LOGIN_PER_CLIENT: RateLimitRule = { name: 'login-client', limit: 30, windowSeconds: FAILED_LOGIN_POLICY.windowSeconds };
/** Registrations and reset emails per client address: they send mail, so a script must not use them to spam. */
const MAIL_PER_CLIENT: RateLimitRule = { name: 'account-mail', limit: 5, windowSeconds: 10 * 60 };

function tooMany(retryAfterSeconds: number): AccountFormResult {
  return { ok: false, errors: {}, formError: { message: 'accounts.login.tooMany', params: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) } } };
}

async function withService(run: () => Promise<AccountFormResult>): Promise<AccountFormResult> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ContentServiceError) return SERVICE_DOWN;
    throw error;
  }
}

/**
 * Password login. Every attempt counts against the account and the client address; a failed one is answered after a
 * pause that grows with the failures (FAILED_LOGIN_POLICY), and past the limit the login is refused unasked.
 */
export async function logIn(locale: string, next: string, values: unknown): Promise<AccountFormResult> {
  const parsed = z.safeParse(loginSchema, values);
  if (!parsed.success) return { ok: false, errors: issuesByField(parsed.error) };
  const { email, password } = parsed.data;
  const result = await withService(async () => {
    const client = await hitRateLimit(LOGIN_PER_CLIENT, clientAddress(await headers()));
    if (!client.allowed) return tooMany(client.retryAfterSeconds);
    const account = await hitRateLimit(LOGIN_PER_ACCOUNT, email.toLowerCase());
    if (!account.allowed) return tooMany(account.retryAfterSeconds);
    const tokens = await loginWithPassword(email, password);
    if (!tokens) {
      const attempts = LOGIN_PER_ACCOUNT.limit - account.remaining;
      await new Promise((done) => setTimeout(done, failedLoginPauseMs(attempts)));
      return { ok: false, errors: {}, formError: { message: 'accounts.login.failed' } };
    }
    writeSession(await cookies(), tokens);
    return { ok: true };
  });
  if (result.ok) redirect({ href: safeNextPath(next), locale: localeOrDefault(locale) });
  return result;
}

/** Logout: the content service forgets the refresh token, the three cookies go, and the login page says so. */
export async function logOut(locale: string): Promise<void> {
  const jar = await cookies();
  const refreshToken = readCookie(jar, REFRESH_TOKEN_COOKIE);
  if (refreshToken) {
    try {
      await endSession(refreshToken);
    } catch (error) {
      // Already expired or unknown there, or the service is down: the browser is signed out either way.
      log.warn(`logout: the content service did not end the session (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  clearSession(jar);
  redirect({ href: { pathname: ACCOUNT_PATHS.login, query: { motivo: 'logout' } }, locale: localeOrDefault(locale) });
}

/**
 * Log out on every device: the content service ends every session of the agent (the one on this device included),
 * then this browser's cookies go and the login page says so. The other devices are signed out when their access
 * token expires (5 minutes at most), since their refresh is then refused. Should the content service not end them,
 * this device is still logged out, and the login page says the others may not be. The proxy has refreshed an expired
 * access token before this action runs, so the token sent is live.
 */
export async function logOutEverywhere(locale: string): Promise<void> {
  const jar = await cookies();
  const accessToken = readCookie(jar, ACCESS_TOKEN_COOKIE);
  const refreshToken = readCookie(jar, REFRESH_TOKEN_COOKIE);
  let ended = false;
  if (accessToken) {
    try {
      await endAllSessions(accessToken);
      ended = true;
    } catch (error) {
      log.warn(`logout everywhere: the content service did not end the sessions (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  if (!ended && refreshToken) await endSession(refreshToken).catch(() => undefined);
  clearSession(jar);
  redirect({ href: { pathname: ACCOUNT_PATHS.login, query: { motivo: ended ? 'logout-everywhere' : 'logout-everywhere-failed' } }, locale: localeOrDefault(locale) });
}

function pageUrl(locale: Locale, path: string): string {
  return `${serverEnv().siteUrl}${getPathname({ href: path, locale })}`;
}

export async function registerAccount(locale: string, values: unknown): Promise<AccountFormResult> {
  const parsed = z.safeParse(registrationSchema, values);
  if (!parsed.success) return { ok: false, errors: issuesByField(parsed.error) };
  return withService(async () => {
    const limit = await hitRateLimit(MAIL_PER_CLIENT, clientAddress(await headers()));
    if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
    const outcome = await register(parsed.data, pageUrl(localeOrDefault(locale), ACCOUNT_PATHS.verify));
    return outcome === 'registered' ? { ok: true } : { ok: false, errors: {}, formError: { message: 'accounts.register.closed' } };
  });
}

/** The answer is the same whether an account exists for the address or not. */
export async function requestPasswordEmail(locale: string, values: unknown): Promise<AccountFormResult> {
  const parsed = z.safeParse(passwordRequestSchema, values);
  if (!parsed.success) return { ok: false, errors: issuesByField(parsed.error) };
  return withService(async () => {
    const limit = await hitRateLimit(MAIL_PER_CLIENT, clientAddress(await headers()));
    if (!limit.allowed) return tooMany(limit.retryAfterSeconds);
    await requestPasswordReset(parsed.data.email, pageUrl(localeOrDefault(locale), ACCOUNT_PATHS.passwordReset));
    return { ok: true };
  });
}

const tokenSchema = z.string().check(z.minLength(10), z.maxLength(2000));

async function choosePassword(token: string, values: unknown, apply: (token: string, password: string) => Promise<boolean>, invalidKey: string): Promise<AccountFormResult> {
  const parsed = z.safeParse(newPasswordSchema, values);
  if (!parsed.success) return { ok: false, errors: issuesByField(parsed.error) };
  if (!z.safeParse(tokenSchema, token).success) return { ok: false, errors: {}, formError: { message: invalidKey } };
  return withService(async () => ((await apply(token, parsed.data.password)) ? { ok: true } : { ok: false, errors: {}, formError: { message: invalidKey } }));
}

export async function resetForgottenPassword(token: string, values: unknown): Promise<AccountFormResult> {
  return choosePassword(token, values, resetPassword, 'accounts.passwordReset.invalid');
}

export async function acceptAccountInvitation(token: string, values: unknown): Promise<AccountFormResult> {
  return choosePassword(token, values, acceptInvitation, 'accounts.invitation.invalid');
}
