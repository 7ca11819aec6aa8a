import { describe, expect, it } from 'vitest';

// Response headers of the storefront the harness started (WEB_URL), as a browser or a cache in front sees them.
const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3100';
// Where browsers load content-service images from (the storefront's DIRECTUS_PUBLIC_URL in the harness).
const contentOrigin = new URL(process.env.DIRECTUS_PUBLIC_URL ?? process.env.CONTENT_URL ?? 'http://127.0.0.1:8155').origin;

const SHARED = 's-maxage=60, stale-while-revalidate=300';
const PER_VISITOR = 'private, no-cache';
const NEVER = 'private, no-store';

async function get(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${webUrl}${path}`, { redirect: 'manual', ...init });
  await response.arrayBuffer();
  return response;
}

/** The sources of the policy's script-src. */
function scriptSources(response: Response): string[] {
  const policy = response.headers.get('content-security-policy') ?? '';
  const directive = policy.split('; ').find((part) => part.startsWith('script-src '));
  return directive ? directive.split(' ').slice(1) : [];
}

/** `perRequest`: a page rendered per request, whose scripts run by a nonce; every other response has the static policy. */
function expectSecurityHeaders(response: Response, what: string, { perRequest = false } = {}) {
  const headers = response.headers;
  expect(headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(headers.get('x-frame-options'), what).toBe('DENY');
  expect(headers.get('permissions-policy'), what).toMatch(/camera=\(\), microphone=\(\), geolocation=\(\)/);
  const policy = headers.get('content-security-policy') ?? '';
  expect(policy, what).toContain("default-src 'self'");
  expect(policy, what).toContain("frame-ancestors 'none'");
  expect(policy, what).toContain("object-src 'none'");
  expect(policy, what).toMatch(new RegExp(`img-src 'self' ${contentOrigin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |;|$)`));
  if (perRequest) {
    expect(scriptSources(response), what).toEqual(["'self'", expect.stringMatching(/^'nonce-[A-Za-z0-9+/]{22}=='$/), "'strict-dynamic'", 'https://*.googletagmanager.com']);
  } else {
    expect(scriptSources(response), what).toEqual(["'self'", "'unsafe-inline'", 'https://*.googletagmanager.com']);
  }
  // The harness serves SITE_URL over plain http on 127.0.0.1: no HSTS there (unit tests cover https).
  expect(headers.get('strict-transport-security'), what).toBeNull();
}

describe('response headers', () => {
  it('public pages in /es and /en form: a short shared-cache lifetime, still served from the app’s cache', async () => {
    // Most are answered without the proxy (its matcher): the production server stamps their headers.
    for (const path of ['/es', '/en', '/es/flota', '/en/flota', '/es/sucursales', '/es/info/terminos-y-condiciones', '/en/info/terminos-y-condiciones']) {
      await get(path);
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(SHARED);
      // Rendered once, then served from the full-route cache: never rendered per request.
      expect(response.headers.get('x-nextjs-cache'), path).toMatch(/^(HIT|STALE)$/);
      expectSecurityHeaders(response, path);
    }
  });

  it('public pages without a prefix: only the browser may keep them, since their language depends on the visitor', async () => {
    for (const path of ['/', '/flota', '/info/terminos-y-condiciones']) {
      await get(path);
      const response = await get(path, { headers: { 'accept-language': 'es' } });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(PER_VISITOR);
      expect(response.headers.get('x-nextjs-cache'), path).toMatch(/^(HIT|STALE)$/);
      expectSecurityHeaders(response, path);
    }
  });

  it('guarded routes are never stored, and their scripts run by a nonce of each response, never inline without it', async () => {
    const nonces = new Set<string>();
    for (const path of ['/reserva', '/en/reserva/checkout', '/precheckin', '/es/precheckin/verify', '/mi-reserva', '/en/corporativo/ingresar']) {
      const response = await get(path);
      expect(response.headers.get('cache-control'), path).toBe(NEVER);
      expectSecurityHeaders(response, path, { perRequest: true });
      for (const source of scriptSources(response)) if (source.startsWith("'nonce-")) nonces.add(source);
    }
    expect(nonces.size).toBe(6);
  });

  it('the API is never stored, whatever it answers', async () => {
    const refused = await get('/api/content-callbacks/revalidate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"collection":"flota"}' });
    expect(refused.status).toBe(401);
    const wrongMethod = await get('/api/content-callbacks/revalidate');
    expect(wrongMethod.status).toBe(405);
    for (const response of [refused, wrongMethod]) {
      expect(response.headers.get('cache-control')).toBe(NEVER);
      expectSecurityHeaders(response, `/api/content-callbacks/revalidate ${response.status}`);
    }
  });

  it('a 404 carries the security headers and is not kept a year', async () => {
    for (const path of ['/es/no-existe', '/no-existe', '/favicon.ico', '/_next/static/chunks/no-existe.js']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('cache-control'), path).not.toMatch(/s-maxage=31536000|immutable/);
      expectSecurityHeaders(response, path);
    }
  });

  it('a static asset keeps Next’s immutable caching and carries the security headers', async () => {
    const html = await (await fetch(`${webUrl}/es`)).text();
    const asset = /\/_next\/static\/[^"']+\.(js|css)/.exec(html)?.[0];
    expect(asset).toBeDefined();
    const response = await get(asset ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectSecurityHeaders(response, asset ?? '');
  });

  it('a static asset asked with another method than GET or HEAD: 204 to a preflight, 405 otherwise, never a 500', async () => {
    const html = await (await fetch(`${webUrl}/es`)).text();
    const asset = /\/_next\/static\/[^"']+\.(js|css)/.exec(html)?.[0] ?? '';
    const preflight = await fetch(`${webUrl}${asset}`, { method: 'OPTIONS', headers: { origin: 'http://127.0.0.1:1', 'access-control-request-method': 'GET' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const posted = await fetch(`${webUrl}${asset}`, { method: 'POST', body: 'x' });
    expect(posted.status).toBe(405);
    expect(posted.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expectSecurityHeaders(posted, asset);
  });

  it('the sitemap and robots.txt: the same short shared-cache lifetime', async () => {
    for (const path of ['/sitemap.xml', '/robots.txt']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe(SHARED);
      expectSecurityHeaders(response, path);
    }
  });

  it('redirects carry the security headers too', async () => {
    const toEnglish = await get('/flota', { headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(toEnglish.status).toBe(307);
    expect(toEnglish.headers.get('location')).toMatch(/\/en\/flota$/);
    expect(toEnglish.headers.get('cache-control')).toBe(PER_VISITOR);
    const toTerms = await get('/terminos-condiciones');
    expect(toTerms.status).toBe(308);
    const withoutSlash = await get('/es/flota/');
    expect(withoutSlash.status).toBe(308);
    expect(withoutSlash.headers.get('location')).toMatch(/\/es\/flota$/);
    for (const response of [toEnglish, toTerms, withoutSlash]) expectSecurityHeaders(response, `redirect to ${response.headers.get('location')}`);
  });

  it('cookies are not marked secure on an http site, and keep their attributes', async () => {
    // An unprefixed address records the language it was answered in (a prefixed page sets no cookie).
    const response = await get('/', { headers: { 'accept-language': 'en-US' } });
    const cookies = response.headers.getSetCookie();
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).toMatch(/; SameSite=lax/i);
      expect(cookie).not.toMatch(/; Secure/i);
    }
  });
});
