import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextRequest, type NextResponse } from 'next/server';
import { getRedirectUrl, getRewrittenUrl } from 'next/experimental/testing/server';

// The proxy's language rules for pages, through next-intl's middleware: which page a request gets (a redirect, or the
// internal `/{locale}/...` page it is rewritten to) and which locale cookies it carries back.

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The proxy as a server with this SITE_URL runs it (the environment is read once per process). */
async function proxyFor(siteUrl = 'http://127.0.0.1:3000') {
  vi.resetModules();
  vi.stubEnv('BRAND', 'firefly');
  vi.stubEnv('SITE_URL', siteUrl);
  return (await import('./proxy')).proxy;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

type Visit = { language?: string; remembered?: string; headers?: Record<string, string> };

async function visit(path: string, { language, remembered, headers = {} }: Visit = {}, siteUrl?: string): Promise<NextResponse> {
  const proxy = await proxyFor(siteUrl);
  const request = new NextRequest(`${siteUrl ?? 'http://127.0.0.1:3000'}${path}`, {
    headers: {
      ...(language ? { 'accept-language': language } : {}),
      ...(remembered ? { cookie: `i18n_redirected=${remembered}; language=${remembered}` } : {}),
      ...headers,
    },
  });
  return proxy(request);
}

/** The page a response serves: the internal path it was rewritten to, or the path itself. */
function served(response: NextResponse, path: string): string {
  const rewritten = getRewrittenUrl(response);
  return rewritten ? new URL(rewritten).pathname + new URL(rewritten).search : path;
}

function redirectPath(response: NextResponse): string | undefined {
  const location = getRedirectUrl(response);
  return location ? new URL(location).pathname + new URL(location).search : undefined;
}

function localeCookies(response: NextResponse): Record<string, string> {
  return Object.fromEntries(response.cookies.getAll().filter(({ name }) => name === 'i18n_redirected' || name === 'language').map(({ name, value }) => [name, value]));
}

describe('an unprefixed page', () => {
  it('is served in Spanish to a Spanish browser, and the language is remembered', async () => {
    const response = await visit('/flota', { language: 'es-ES,es;q=0.9' });
    expect(response.status).toBe(200);
    expect(served(response, '/flota')).toBe('/es/flota');
    expect(localeCookies(response)).toEqual({ i18n_redirected: 'es', language: 'es' });
  });

  it('sends an English browser to the English page (307), keeping the search, and remembers it for a year', async () => {
    const response = await visit('/flota?pickup_branch=PTY', { language: 'en-US,en;q=0.9' });
    expect(response.status).toBe(307);
    expect(redirectPath(response)).toBe('/en/flota?pickup_branch=PTY');
    expect(localeCookies(response)).toEqual({ i18n_redirected: 'en', language: 'en' });
    for (const name of ['i18n_redirected', 'language']) {
      expect(response.cookies.get(name), name).toMatchObject({ maxAge: YEAR_SECONDS, path: '/', sameSite: 'lax', httpOnly: false, secure: false });
    }
  });

  it('follows the remembered language over the browser’s', async () => {
    const english = await visit('/sucursales', { language: 'es-ES', remembered: 'en' });
    expect(redirectPath(english)).toBe('/en/sucursales');
    const spanish = await visit('/promos', { language: 'en-US', remembered: 'es' });
    expect(spanish.status).toBe(200);
    expect(served(spanish, '/promos')).toBe('/es/promos');
    // Unchanged: nothing written.
    expect(localeCookies(spanish)).toEqual({});
  });

  it('is Spanish when the browser ranks a regional Spanish first, or names no language the site has', async () => {
    for (const language of ['es-PA,en;q=0.9', 'es-419,en', 'de-DE,de;q=0.9', '*', '']) {
      const response = await visit('/', { language });
      expect(response.status, language).toBe(200);
      expect(served(response, '/'), language).toBe('/es');
    }
  });

  it('takes a prefix typed in another case to its page', async () => {
    expect(redirectPath(await visit('/EN/flota', { language: 'es' }))).toBe('/en/flota');
    expect(redirectPath(await visit('/Es', { language: 'en' }))).toBe('/es');
  });

  it('keeps an address taken literally (`%25`) as it is when redirected', async () => {
    expect(redirectPath(await visit('/flota/%25ff', { language: 'en' }))).toBe('/en/flota/%25ff');
    expect(served(await visit('/info/100%25', { language: 'es' }), '/info/100%25')).toBe('/es/info/100%25');
  });
});

describe('a prefixed page', () => {
  it('is served in its language whatever the browser and the remembered language, without a cookie (one cached copy for all)', async () => {
    const spanish = await visit('/es/flota', { language: 'en-US', remembered: 'en' });
    expect(spanish.status).toBe(200);
    expect(served(spanish, '/es/flota')).toBe('/es/flota');
    expect(spanish.headers.get('set-cookie')).toBeNull();

    const english = await visit('/en', { language: 'es-ES' });
    expect(english.status).toBe(200);
    expect(served(english, '/en')).toBe('/en');
    expect(english.headers.get('set-cookie')).toBeNull();
    expect(english.headers.get('cache-control')).toBe('s-maxage=60, stale-while-revalidate=300');
  });
});

describe('the locale cookies', () => {
  it('are not written by the router’s own requests (a prefetch must not undo a language switch)', async () => {
    for (const headers of [{ rsc: '1' }, { 'next-router-prefetch': '1' }] as Array<Record<string, string>>) {
      expect(localeCookies(await visit('/es/flota', { remembered: 'en', headers }))).toEqual({});
      expect(localeCookies(await visit('/flota', { language: 'en', headers }))).toEqual({});
    }
  });

  it('are secure on an https site', async () => {
    const response = await visit('/flota', { language: 'en' }, 'https://www.firefly.com.pa');
    expect(response.status).toBe(307);
    expect(response.cookies.get('i18n_redirected')?.secure).toBe(true);
    expect(response.cookies.get('language')?.secure).toBe(true);
  });
});

it('adds no Link header (the pages name their alternates)', async () => {
  for (const path of ['/', '/flota', '/en/flota', '/es']) expect((await visit(path, { language: 'en' })).headers.get('link'), path).toBeNull();
});

describe('the camera (Permissions-Policy)', () => {
  const COUNTER_PAGES = ['/mostrador', '/es/mostrador', '/en/mostrador', '/mostrador/FF-7K3M9Q', '/es/mostrador/FF-7K3M9Q', '/en/mostrador/FF-7K3M9Q'];
  const OTHER_PATHS = ['/', '/es', '/en', '/es/flota', '/flota', '/mi-reserva', '/en/corporativo/ingresar', '/mostradores', '/es/info/mostrador', '/api/counter/reservations/FF-7K3M9Q', '/mostrador/logo.png'];

  /** The policy the production server stamps on a response before Next answers it (lib/edge/server-edge.ts). */
  async function stamped(path: string): Promise<string | undefined> {
    await proxyFor();
    const { createServerEdge } = await import('./lib/edge');
    const headers = new Map<string, string>();
    const response = { setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value) } as unknown as ServerResponse;
    createServerEdge([]).stampHeaders({ method: 'GET', url: path, headers: {} } as IncomingMessage, response);
    return headers.get('permissions-policy');
  }

  it('is allowed to the site itself on the counter\'s pages, in every language form, where its QR scanner uses it', async () => {
    for (const path of COUNTER_PAGES) {
      const policy = (await visit(path, { language: 'es' })).headers.get('permissions-policy');
      expect(policy, path).toBe('camera=(self), microphone=(), geolocation=(), browsing-topics=()');
      expect(await stamped(path), path).toBe(policy);
    }
  });

  it('stays turned off on every other page, the API and the files', async () => {
    for (const path of OTHER_PATHS) {
      const policy = (await visit(path, { language: 'es' })).headers.get('permissions-policy');
      expect(policy, path).toBe('camera=(), microphone=(), geolocation=(), browsing-topics=()');
      expect(await stamped(path), path).toBe(policy);
    }
  });
});
