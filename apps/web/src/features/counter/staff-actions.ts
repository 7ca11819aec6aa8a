'use server';

import { cookies, headers } from 'next/headers';
import * as z from 'zod/mini';
import { FAILED_LOGIN_POLICY, failedLoginPauseMs, loginSchema } from '@rentacar/domain/accounts';
import { ContentServiceError, endSession, fetchCounterUser, hitRateLimit, loginWithPassword, type RateLimitRule } from '@/content';
import { clearSession, writeSession } from '@/features/accounts';
import { issuesByField, type FormResult } from '@/shared/forms';
import { redirect } from '@/i18n/navigation';
import { localeOrDefault } from '@/i18n/routing';
import { clientAddress } from '@/lib/client-address';
import { ACCESS_TOKEN_COOKIE, readCookie, REFRESH_TOKEN_COOKIE } from '@/lib/cookies';
import { logFor } from '@/lib/log';
import { COUNTER_PATH } from './counter-routes';

const log = logFor('counter');

/**
 * The counter's sign-in and sign-out: the corporate login's session (the same three cookies, refreshed by the proxy),
 * given only to a content-service user the content service says is counter staff (`GET /counter/me`). Anyone else (a
 * corporate agent, a renter who has an account) is refused with a message, and the session the content service opened
 * for them is ended at once. Failed attempts count against the account and the address, as the corporate login's do
 * (the same windows, so both doors share them).
 */

const LOGIN_PER_ACCOUNT: RateLimitRule = { name: 'login-account', limit: FAILED_LOGIN_POLICY.lockAfter, windowSeconds: FAILED_LOGIN_POLICY.windowSeconds };
const LOGIN_PER_CLIENT: RateLimitRule = { name: 'login-client', limit: 30, windowSeconds: FAILED_LOGIN_POLICY.windowSeconds };

function formError(message: string, params?: Record<string, string | number>): FormResult {
  return { ok: false, errors: {}, formError: { message, ...(params ? { params } : {}) } };
}

async function quietlyEnd(refreshToken: string): Promise<void> {
  try {
    await endSession(refreshToken);
  } catch (error) {
    log.warn(`counter sign-in: the content service did not end a refused session (${error instanceof Error ? error.message : String(error)})`);
  }
}

export async function signInStaff(locale: string, values: unknown): Promise<FormResult> {
  const parsed = z.safeParse(loginSchema, values);
  if (!parsed.success) return { ok: false, errors: issuesByField(parsed.error) };
  const { email, password } = parsed.data;
  let result: FormResult;
  try {
    const client = await hitRateLimit(LOGIN_PER_CLIENT, clientAddress(await headers()));
    const account = client.allowed ? await hitRateLimit(LOGIN_PER_ACCOUNT, email.toLowerCase()) : client;
    if (!account.allowed) return formError('counter.signIn.tooMany', { minutes: Math.max(1, Math.ceil(account.retryAfterSeconds / 60)) });
    const tokens = await loginWithPassword(email, password);
    if (!tokens) {
      await new Promise((done) => setTimeout(done, failedLoginPauseMs(LOGIN_PER_ACCOUNT.limit - account.remaining)));
      return formError('counter.signIn.failed');
    }
    const user = await fetchCounterUser(tokens.accessToken);
    if ('refused' in user) {
      await quietlyEnd(tokens.refreshToken);
      return formError('counter.signIn.notStaff');
    }
    writeSession(await cookies(), tokens);
    result = { ok: true };
  } catch (error) {
    if (error instanceof ContentServiceError) return formError('counter.signIn.unavailable');
    throw error;
  }
  if (result.ok) redirect({ href: COUNTER_PATH, locale: localeOrDefault(locale) });
  return result;
}

/** Sign-out: the content service forgets the refresh token, the session cookies go, and the sign-in form says so. */
export async function signOutStaff(locale: string): Promise<void> {
  const jar = await cookies();
  const refreshToken = readCookie(jar, REFRESH_TOKEN_COOKIE);
  if (refreshToken) await quietlyEnd(refreshToken);
  if (readCookie(jar, ACCESS_TOKEN_COOKIE) !== undefined || refreshToken) clearSession(jar);
  redirect({ href: { pathname: COUNTER_PATH, query: { motivo: 'salida' } }, locale: localeOrDefault(locale) });
}
