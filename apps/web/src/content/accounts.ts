import 'server-only';
import { acceptUserInvite, customEndpoint, login, logout, passwordRequest, passwordReset, refresh, registerUser } from '@directus/sdk';
import { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { logFor } from '@/lib/log';
import { withRequestId } from '@/lib/request-id';
import { contentRequest, endpointData } from './client';
import { ContentServiceError } from './errors';
import { companySchema, toCompany, type Company } from './corporate';

const log = logFor('accounts');

/**
 * The content service's auth calls, reshaped: the only code that knows Directus' auth endpoints and its user fields.
 * Every call but `fetchAgent` runs without a token, as a visitor's would; the content service decides who may do what.
 */

/** What a login or a refresh gives: the tokens, and when the access token expires (epoch ms, server lifetime + now). */
export type SessionTokens = { accessToken: string; refreshToken: string; expiresAt: number };

const authenticationSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires: z.number().int().positive(),
});

function toTokens(data: unknown, now: number): SessionTokens | undefined {
  const parsed = authenticationSchema.safeParse(data);
  return parsed.success ? { accessToken: parsed.data.access_token, refreshToken: parsed.data.refresh_token, expiresAt: now + parsed.data.expires } : undefined;
}

/** Password login: the tokens, or undefined for wrong credentials (and for a response without an access token). */
export async function loginWithPassword(email: string, password: string, now = Date.now()): Promise<SessionTokens | undefined> {
  try {
    return toTokens(await contentRequest('POST /auth/login', login({ email, password }, { mode: 'json' }), 'public'), now);
  } catch (error) {
    if (error instanceof ContentServiceError && (error.statusCode === 401 || error.statusCode === 400)) return undefined;
    throw error;
  }
}

/** New tokens for a refresh token; undefined when the content service refuses it (expired, revoked, unknown). */
export async function refreshTokens(refreshToken: string, now = Date.now()): Promise<SessionTokens | undefined> {
  try {
    return toTokens(await contentRequest('POST /auth/refresh', refresh({ mode: 'json', refresh_token: refreshToken }), 'public'), now);
  } catch (error) {
    if (error instanceof ContentServiceError && (error.statusCode === 401 || error.statusCode === 400 || error.statusCode === 403)) return undefined;
    throw error;
  }
}

/** Ends the session on the content service (its refresh token stops working). */
export async function endSession(refreshToken: string): Promise<void> {
  await contentRequest('POST /auth/logout', logout({ mode: 'json', refresh_token: refreshToken }), 'public');
}

/**
 * "Log out on every device": the content service ends every session of the agent whose access token this is
 * (its `account-sessions` extension), the current one included. No refresh token of theirs refreshes again, so every
 * device is signed out once its access token expires (ACCESS_TOKEN_TTL, 5 minutes).
 */
export async function endAllSessions(accessToken: string): Promise<void> {
  await contentRequest('POST /account-sessions/end-all', customEndpoint<unknown>({ path: '/account-sessions/end-all', method: 'POST' }), { user: accessToken });
}

/** A signed-in corporate agent as the storefront sees them. */
export type Agent = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  /** `es` or `en`, from the content service's user language; undefined when not set. */
  language: 'es' | 'en' | undefined;
  /** The company they book for; undefined until staff link one (a new registration), or when it is unpublished. */
  company: Company | undefined;
};

const id = z.union([z.string(), z.number()]).transform(String);
const userSchema = z.object({
  id: z.string(),
  email: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  language: z.string().nullish(),
  corporate_account: z.union([companySchema, id]).nullish(),
});

export function languageOf(value: string | null | undefined): 'es' | 'en' | undefined {
  if (!value) return undefined;
  return value.toLowerCase().startsWith('en') ? 'en' : value.toLowerCase().startsWith('es') ? 'es' : undefined;
}

/** `/users/me` with the agent's own token, and their company as the content service lets them read it. */
export async function fetchAgent(accessToken: string): Promise<Agent> {
  const raw = await contentRequest(
    'GET /users/me',
    // A custom endpoint call because the SDK's readMe types know only Directus' own user fields.
    customEndpoint<unknown>({
      path: '/users/me',
      method: 'GET',
      params: { fields: 'id,email,first_name,last_name,language,corporate_account.id,corporate_account.name,corporate_account.discount_percent,corporate_account.status' },
    }),
    { user: accessToken },
  );
  const user = userSchema.parse(endpointData(raw));
  const company = user.corporate_account === null || user.corporate_account === undefined || typeof user.corporate_account === 'string' ? undefined : toCompany(user.corporate_account);
  return {
    id: user.id,
    email: user.email ?? '',
    firstName: user.first_name ?? '',
    lastName: user.last_name ?? '',
    language: languageOf(user.language),
    company,
  };
}

/** Asks for a reset email; the content service answers alike whether the account exists or not. */
export async function requestPasswordReset(email: string, resetUrl: string): Promise<void> {
  try {
    await contentRequest('POST /auth/password/request', passwordRequest(email, resetUrl), 'public');
  } catch (error) {
    // Unknown or inactive account: Directus says 403 — not something to tell whoever typed the address.
    if (error instanceof ContentServiceError && error.statusCode === 403) return;
    throw error;
  }
}

/** Sets a new password with a reset link's token; false when the token is invalid or expired. */
export async function resetPassword(token: string, password: string): Promise<boolean> {
  return tokenCall('POST /auth/password/reset', () => contentRequest('POST /auth/password/reset', passwordReset(token, password), 'public'));
}

/** Accepts an invitation by choosing a password; false when the token is invalid, expired or already used. */
export async function acceptInvitation(token: string, password: string): Promise<boolean> {
  return tokenCall('POST /users/invite/accept', () => contentRequest('POST /users/invite/accept', acceptUserInvite(token, password), 'public'));
}

async function tokenCall(what: string, call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    if (error instanceof ContentServiceError && [400, 401, 403].includes(error.statusCode)) {
      log.warn(`${what}: token refused (${error.statusCode})`);
      return false;
    }
    throw error;
  }
}

export type RegistrationOutcome = 'registered' | 'closed';

/** Registers an unverified account (the content service emails the verification link); `closed` when registration is off. */
export async function register(input: { email: string; password: string; firstName: string; lastName: string }, verificationUrl: string): Promise<RegistrationOutcome> {
  try {
    await contentRequest(
      'POST /users/register',
      registerUser(input.email, input.password, { first_name: input.firstName, last_name: input.lastName, verification_url: verificationUrl }),
      'public',
    );
    return 'registered';
  } catch (error) {
    if (error instanceof ContentServiceError && error.statusCode === 403) return 'closed';
    throw error;
  }
}

/**
 * Confirms a registration's email with the link's token. Directus answers a good token with a redirect into its admin
 * (not followed here) and a bad one with an error.
 */
export async function verifyRegistration(token: string): Promise<boolean> {
  const url = new URL('/users/register/verify-email', serverEnv().directusUrl);
  url.searchParams.set('token', token);
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'manual', headers: withRequestId(undefined), signal: AbortSignal.timeout(8000) });
  } catch (error) {
    throw new ContentServiceError(`GET /users/register/verify-email failed: ${String(error)}`, 503, 'Content service unreachable', null);
  }
  if (response.status >= 300 && response.status < 400) return (response.headers.get('location') ?? '').includes('/admin/users/');
  if (response.status >= 500) throw new ContentServiceError(`GET /users/register/verify-email failed: ${response.status}`, response.status, response.statusText, null);
  return false;
}
