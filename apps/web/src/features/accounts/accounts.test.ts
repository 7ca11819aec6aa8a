import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@/lib/env', () => ({ serverEnv: () => ({ siteUrl: 'https://firefly.test', httpsSite: true }) }));

const refreshTokens = vi.fn<(token: string) => Promise<unknown>>();
vi.mock('@/content/accounts', () => ({ refreshTokens: (token: string) => refreshTokens(token), fetchAgent: vi.fn() }));

const { isProtectedAccountPath, loginPathFor, safeNextPath } = await import('./account-routes');
const { isAccessExpired } = await import('./session');
const { applyToRequest, applyToResponse, keepSessionFresh } = await import('./session-refresh');
const { emailLocale, linkProblem } = await import('./account-emails');
const { NextResponse } = await import('next/server');
const { ContentServiceError } = await import('@/content');

const NOW = Date.parse('2026-11-23T12:00:00Z');

function request(url: string, { method = 'GET', cookies = {}, headers = {} }: { method?: string; cookies?: Record<string, string>; headers?: Record<string, string> } = {}) {
  const cookie = Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');
  return new NextRequest(url, { method, headers: { ...headers, ...(cookie ? { cookie } : {}) } });
}

const session = { auth_access_token: 'access-1', auth_refresh_token: 'refresh-1', auth_expires: String(NOW - 1000) };

describe('where login sends the agent afterwards', () => {
  it('keeps paths of this site and refuses anything that leaves it', () => {
    expect(safeNextPath('/corporativo/reservas/FF-7K3M9Q')).toBe('/corporativo/reservas/FF-7K3M9Q');
    for (const outside of ['//evil.example/x', 'https://evil.example', '/\\evil.example', 'corporativo', '', undefined, '/a\nb', 1, ['/corporativo'], null]) {
      expect(safeNextPath(outside)).toBe('/corporativo');
    }
  });

  it('builds the login link in the page language, with where to return and why', () => {
    expect(loginPathFor('es', '/corporativo/reservas/1', 'expired')).toBe('/corporativo/ingresar?next=%2Fcorporativo%2Freservas%2F1&motivo=expired');
    expect(loginPathFor('en', '/corporativo')).toBe('/en/corporativo/ingresar');
    expect(isProtectedAccountPath('/corporativo')).toBe(true);
    expect(isProtectedAccountPath('/corporativo/reservas/FF-1')).toBe(true);
    expect(isProtectedAccountPath('/corporativo/ingresar')).toBe(false);
  });
});

describe('the session', () => {
  it('counts the access token expired when absent or past its expiry (ten seconds early)', () => {
    expect(isAccessExpired({ accessToken: undefined, refreshToken: 'r', expiresAt: NOW + 60_000 }, NOW)).toBe(true);
    expect(isAccessExpired({ accessToken: 'a', refreshToken: 'r', expiresAt: undefined }, NOW)).toBe(true);
    expect(isAccessExpired({ accessToken: 'a', refreshToken: 'r', expiresAt: NOW + 5_000 }, NOW)).toBe(true);
    expect(isAccessExpired({ accessToken: 'a', refreshToken: 'r', expiresAt: NOW + 60_000 }, NOW)).toBe(false);
  });

  beforeEach(() => {
    refreshTokens.mockReset();
    vi.setSystemTime(NOW);
  });

  it('refreshes an expired session before the page runs: the page sees the new tokens, the browser gets them http-only', async () => {
    refreshTokens.mockResolvedValue({ accessToken: 'access-2', refreshToken: 'refresh-2', expiresAt: NOW + 300_000 });
    const incoming = request('https://firefly.test/corporativo', { cookies: session });
    const outcome = await keepSessionFresh(incoming, { autoRefresh: true });
    expect(refreshTokens).toHaveBeenCalledWith('refresh-1');
    expect(outcome.kind).toBe('refreshed');
    const forwarded = applyToRequest(incoming, outcome);
    expect(forwarded?.get('cookie')).toContain('auth_access_token=access-2');
    const response = NextResponse.next();
    applyToResponse(response, outcome);
    const set = response.headers.getSetCookie().join('\n');
    expect(set).toMatch(/auth_refresh_token=refresh-2;.*HttpOnly/i);
    expect(set).toMatch(/auth_access_token=access-2;.*Secure/i);
    expect(set).toContain(`auth_expires=${NOW + 300_000}`);
  });

  it('clears the three values when the refresh token is refused, and leaves a live or absent session alone', async () => {
    refreshTokens.mockResolvedValue(undefined);
    const revoked = { ...session, auth_refresh_token: 'refresh-revoked' };
    const outcome = await keepSessionFresh(request('https://firefly.test/', { cookies: revoked }), { autoRefresh: true });
    expect(outcome).toEqual({ kind: 'failed' });
    const response = NextResponse.next();
    applyToResponse(response, outcome);
    const set = response.headers.getSetCookie();
    for (const name of ['auth_access_token', 'auth_refresh_token', 'auth_expires']) expect(set.find((line) => line.startsWith(`${name}=;`))).toMatch(/Max-Age=0/);

    expect(await keepSessionFresh(request('https://firefly.test/', { cookies: { ...session, auth_expires: String(NOW + 600_000) } }), { autoRefresh: true })).toEqual({ kind: 'unchanged' });
    expect(await keepSessionFresh(request('https://firefly.test/'), { autoRefresh: true })).toEqual({ kind: 'unchanged' });
    expect(await keepSessionFresh(request('https://firefly.test/', { cookies: session }), { autoRefresh: false })).toEqual({ kind: 'unchanged' });
    expect(refreshTokens).toHaveBeenCalledTimes(1);
  });

  it('refreshes a token once for requests that come together, which all get the same new tokens', async () => {
    // The content service would refuse the token the second time: it is replaced when used.
    refreshTokens.mockResolvedValueOnce({ accessToken: 'access-3', refreshToken: 'refresh-3', expiresAt: NOW + 300_000 }).mockResolvedValue(undefined);
    const together = { ...session, auth_refresh_token: 'refresh-together' };
    const outcomes = await Promise.all([keepSessionFresh(request('https://firefly.test/corporativo', { cookies: together }), { autoRefresh: true }), keepSessionFresh(request('https://firefly.test/corporativo/reservas', { cookies: together }), { autoRefresh: true })]);
    vi.setSystemTime(NOW + 5_000);
    const soonAfter = await keepSessionFresh(request('https://firefly.test/flota', { cookies: together }), { autoRefresh: true });
    for (const outcome of [...outcomes, soonAfter]) expect(outcome).toEqual({ kind: 'refreshed', tokens: { accessToken: 'access-3', refreshToken: 'refresh-3', expiresAt: NOW + 300_000 } });
    expect(refreshTokens).toHaveBeenCalledTimes(1);

    // Long after, the old token is asked about again (and refused, as the content service would).
    vi.setSystemTime(NOW + 11_000);
    expect(await keepSessionFresh(request('https://firefly.test/corporativo', { cookies: together }), { autoRefresh: true })).toEqual({ kind: 'failed' });
    expect(refreshTokens).toHaveBeenCalledTimes(2);
  });

  it('asks again after the content service did not answer', async () => {
    refreshTokens.mockRejectedValueOnce(new ContentServiceError('down', 503, 'Service Unavailable', undefined)).mockResolvedValue({ accessToken: 'access-4', refreshToken: 'refresh-4', expiresAt: NOW + 300_000 });
    const cookies = { ...session, auth_refresh_token: 'refresh-while-down' };
    expect(await keepSessionFresh(request('https://firefly.test/corporativo', { cookies }), { autoRefresh: true })).toEqual({ kind: 'unchanged' });
    expect((await keepSessionFresh(request('https://firefly.test/corporativo', { cookies }), { autoRefresh: true })).kind).toBe('refreshed');
    expect(refreshTokens).toHaveBeenCalledTimes(2);
  });
});

describe('account emails handed over by the content service', () => {
  const email = (kind: 'password-reset' | 'invitation' | 'registration', url: string, language?: string) => ({ kind, to: 'ana@example.com', url, language });

  it('only mails links to this site’s page for that kind of email, with a token', () => {
    expect(linkProblem(email('password-reset', 'https://firefly.test/corporativo/restablecer?token=abc'), 'https://firefly.test')).toBeUndefined();
    expect(linkProblem(email('invitation', 'https://firefly.test/en/corporativo/invitacion?token=abc'), 'https://firefly.test')).toBeUndefined();
    expect(linkProblem(email('password-reset', 'https://evil.example/corporativo/restablecer?token=abc'), 'https://firefly.test')).toMatch(/firefly\.test/);
    expect(linkProblem(email('password-reset', 'https://firefly.test/corporativo/invitacion?token=abc'), 'https://firefly.test')).toMatch(/restablecer/);
    expect(linkProblem(email('registration', 'https://firefly.test/corporativo/verificar'), 'https://firefly.test')).toMatch(/token/);
  });

  it('writes in the language of the page the link opens, else the user’s, else Spanish', () => {
    expect(emailLocale(email('invitation', 'https://firefly.test/en/corporativo/invitacion?token=a', 'es-ES'))).toBe('en');
    expect(emailLocale(email('invitation', 'https://firefly.test/corporativo/invitacion?token=a', 'en-US'))).toBe('en');
    expect(emailLocale(email('invitation', 'https://firefly.test/corporativo/invitacion?token=a'))).toBe('es');
  });
});
