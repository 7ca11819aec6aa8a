import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CookieAttributes } from './cookies';

type Written = { name: string; value: string; attributes: CookieAttributes };

function recordingJar() {
  const written: Written[] = [];
  return { written, set: (name: string, value: string, attributes: CookieAttributes) => written.push({ name, value, attributes }) };
}

/** The cookie module as a server with this SITE_URL sees it (the environment is read once per process). */
async function cookiesFor(siteUrl: string) {
  vi.resetModules();
  vi.stubEnv('BRAND', 'firefly');
  vi.stubEnv('SITE_URL', siteUrl);
  return import('./cookies');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('cookie accessors', () => {
  it('write a cookie with its attributes, not secure on an http site', async () => {
    const { writeCookie, LOCALE_COOKIE } = await cookiesFor('http://127.0.0.1:3000');
    const jar = recordingJar();
    writeCookie(jar, LOCALE_COOKIE, 'en');
    expect(jar.written).toEqual([
      { name: 'i18n_redirected', value: 'en', attributes: { maxAge: 365 * 24 * 60 * 60, path: '/', sameSite: 'lax', httpOnly: false, secure: false } },
    ]);
  });

  it('mark every cookie secure when SITE_URL is https', async () => {
    const cookies = await cookiesFor('https://www.firefly.com.pa');
    const jar = recordingJar();
    for (const cookie of [cookies.LOCALE_COOKIE, cookies.LANGUAGE_COOKIE, cookies.RESERVATION_DRAFT_COOKIE, cookies.PRECHECKIN_SESSION_COOKIE, cookies.FLOW_STEP_COOKIE]) {
      cookies.writeCookie(jar, cookie, 'x');
    }
    expect(jar.written).toHaveLength(5);
    for (const { name, attributes } of jar.written) expect(attributes.secure, name).toBe(true);
  });

  it('keep the renter’s flow cookies out of reach of page scripts, and the language cookies readable', async () => {
    const cookies = await cookiesFor('https://www.firefly.com.pa');
    const jar = recordingJar();
    cookies.writeCookie(jar, cookies.RESERVATION_DRAFT_COOKIE, '{}');
    cookies.writeCookie(jar, cookies.PRECHECKIN_SESSION_COOKIE, '{}');
    cookies.writeCookie(jar, cookies.FLOW_STEP_COOKIE, 'precheckin-checkout');
    cookies.writeCookie(jar, cookies.LANGUAGE_COOKIE, 'es');
    expect(jar.written.map(({ name, attributes }) => [name, attributes.httpOnly, attributes.maxAge])).toEqual([
      ['reservation_draft', true, 2 * 24 * 60 * 60],
      ['precheckin_session', true, 2 * 60 * 60],
      ['flow_step', true, 30 * 60],
      ['language', false, 365 * 24 * 60 * 60],
    ]);
  });

  it('clear a cookie with the same path and attributes, expired', async () => {
    const { clearCookie, FLOW_STEP_COOKIE } = await cookiesFor('https://www.firefly.com.pa');
    const jar = recordingJar();
    clearCookie(jar, FLOW_STEP_COOKIE);
    expect(jar.written).toEqual([{ name: 'flow_step', value: '', attributes: { maxAge: 0, path: '/', sameSite: 'lax', httpOnly: true, secure: true } }]);
  });

  it('read a cookie by its spec', async () => {
    const { readCookie, RESERVATION_DRAFT_COOKIE } = await cookiesFor('http://127.0.0.1:3000');
    const store = new Map([['reservation_draft', { value: '{"carId":"7"}' }]]);
    expect(readCookie(store, RESERVATION_DRAFT_COOKIE)).toBe('{"carId":"7"}');
    expect(readCookie(new Map(), RESERVATION_DRAFT_COOKIE)).toBeUndefined();
  });
});
