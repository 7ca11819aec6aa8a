import 'server-only';
import { cookies } from 'next/headers';
import { cache } from 'react';
import { fetchCounterUser, type CounterBranch } from '@/content';
import { isAccessExpired, readStoredSession } from '@/features/accounts';
import type { CookieReader } from '@/lib/cookies';

/**
 * Who is at the counter: a content-service user of the Counter staff role (or an administrator), signed in with the
 * corporate agents' session machinery (the same three session cookies, refreshed by the proxy), or calling the API
 * with their content-service access token (`Authorization: Bearer`). The content service says who they are
 * (`GET /counter/me`): the storefront keeps no list of its own.
 */
export type CounterStaff = {
  id: string | null;
  name: string;
  email: string | null;
  branch: CounterBranch | null;
  admin: boolean;
  /** The content-service access token every counter read and action is made with. */
  token: string;
};

/** 401: no credentials, or not valid (expired, unknown); 403: a valid user who is not counter staff (a renter's, an agent's). */
export type StaffOutcome = { ok: true; staff: CounterStaff } | { ok: false; status: 401 | 403 };

const NO_CREDENTIALS: StaffOutcome = { ok: false, status: 401 };

async function staffOfToken(token: string): Promise<StaffOutcome> {
  const user = await fetchCounterUser(token);
  if ('refused' in user) return { ok: false, status: user.refused };
  return { ok: true, staff: { id: user.id, name: user.name, email: user.email, branch: user.branch, admin: user.admin, token } };
}

/** The session's access token, when it is live (the proxy refreshed it before a page or action ran). */
function sessionToken(source: CookieReader): string | undefined {
  const session = readStoredSession(source);
  return session.accessToken === undefined || isAccessExpired(session) ? undefined : session.accessToken;
}

/** The counter staff member of this request's session (pages and server actions), read once per request. */
export const currentStaff = cache(async (): Promise<StaffOutcome> => {
  const token = sessionToken(await cookies());
  return token === undefined ? NO_CREDENTIALS : staffOfToken(token);
});

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Route handlers: `Authorization: Bearer <content-service access token>` first, else the session cookies. */
export async function staffFromRequest(request: { headers: Headers; cookies: CookieReader }): Promise<StaffOutcome> {
  const authorization = request.headers.get('authorization');
  if (authorization !== null) {
    const token = BEARER.exec(authorization)?.[1];
    return token === undefined ? NO_CREDENTIALS : staffOfToken(token);
  }
  const token = sessionToken(request.cookies);
  return token === undefined ? NO_CREDENTIALS : staffOfToken(token);
}
