import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CACHE_CONTROL, cacheControlFor, contentSecurityPolicy, crossOriginReaderFor, createScriptNonce, isMediaPath, isPagePath, isPerRequestPage, PICTURE_CONTENT_SECURITY_POLICY, securityHeaders } from './response-headers';

const local = { directusPublicUrl: 'http://127.0.0.1:8055', httpsSite: false, development: false };
const deployed = { directusPublicUrl: 'https://cms.firefly.com.pa/directus', httpsSite: true, development: false };

const directives = (policy: string) => new Map(policy.split('; ').map((directive) => {
  const [name = '', ...values] = directive.split(' ');
  return [name, values];
}));

describe('Cache-Control by path', () => {
  it('lets shared caches keep public pages in /es and /en form a minute, then serve them stale while they refetch', () => {
    for (const path of ['/es', '/en', '/es/flota', '/en/flota/tipo-suv', '/es/info/preguntas-frecuentes', '/en/jobs', '/sitemap.xml', '/robots.txt']) {
      expect(cacheControlFor(path), path).toBe('s-maxage=60, stale-while-revalidate=300');
    }
  });

  it('leaves /media’s pictures their own: a year for a current version, minutes for an old one (shared/media)', () => {
    expect(cacheControlFor('/media/3b9f4c1e-6d2a-4f0b-9c8e-1a2b3c4d5e6f/mi2x8c0g/480.avif')).toBeUndefined();
    expect(isMediaPath('/media/x')).toBe(true);
    expect(isMediaPath('/es/media')).toBe(false);
    // A picture opened on its own runs nothing, an SVG's script included.
    expect(PICTURE_CONTENT_SECURITY_POLICY).toMatch(/default-src 'none'.*sandbox/);
    expect(PICTURE_CONTENT_SECURITY_POLICY).not.toMatch(/script-src/);
  });

  it('keeps pages without a language prefix out of shared caches: their answer depends on the visitor’s language', () => {
    for (const path of ['/', '/flota', '/info/preguntas-frecuentes', '/terminos']) expect(cacheControlFor(path), path).toBe(CACHE_CONTROL.perVisitor);
    expect(CACHE_CONTROL.perVisitor).toMatch(/^private\b/);
  });

  it('never stores guarded routes or the API', () => {
    for (const path of ['/reserva', '/reserva/checkout', '/en/reserva/thanks', '/precheckin', '/es/precheckin/verify', '/api/content-callbacks/revalidate', '/mostrador', '/en/mostrador/FF-7K3M9Q', '/api/counter/reservations/FF-7K3M9Q']) {
      expect(cacheControlFor(path), path).toBe('private, no-store');
    }
    // A page whose name only starts like a guarded one is public.
    expect(cacheControlFor('/es/reservas-corporativas')).toBe(CACHE_CONTROL.shared);
  });

  it('leaves Next’s own Cache-Control on its assets (immutable) and their 404s (no-store)', () => {
    for (const path of ['/_next/static/chunks/main.js', '/_next/static/media/inter.woff2']) expect(cacheControlFor(path), path).toBeUndefined();
  });

  it('lets a shared cache keep the 404 of any other file only a minute', () => {
    expect(cacheControlFor('/favicon.ico')).toBe(CACHE_CONTROL.shared);
  });

  it('tells pages from files and Next’s own paths', () => {
    expect(isPagePath('/')).toBe(true);
    expect(isPagePath('/en/info/terminos-y-condiciones')).toBe(true);
    expect(isPagePath('/api/content-callbacks/revalidate')).toBe(false);
    expect(isPagePath('/_next/static/x.js')).toBe(false);
    expect(isPagePath('/sitemap.xml')).toBe(false);
  });
});

describe('who else may read a response', () => {
  const gateway = 'http://127.0.0.1:8070';

  it("lets the card gateway's fields read the page's font files, and nothing else", () => {
    expect(crossOriginReaderFor('/_next/static/media/e4af272ccee01ff0-s.p.woff2', [gateway])).toBe(gateway);
    for (const path of ['/_next/static/chunks/main.js', '/_next/static/css/app.css', '/', '/api/quote', '/_next/static/media/../../secret.woff2']) {
      expect(crossOriginReaderFor(path, [gateway]), path).toBeUndefined();
    }
  });

  it('lets no one when no card fields are framed', () => {
    expect(crossOriginReaderFor('/_next/static/media/e4af272ccee01ff0-s.p.woff2', [])).toBeUndefined();
  });
});

describe('Content-Security-Policy', () => {
  it('allows only this site, the content service’s images and the tag manager', () => {
    const policy = directives(contentSecurityPolicy(deployed));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'https://cms.firefly.com.pa', 'https://*.google-analytics.com', 'https://*.googletagmanager.com']);
    expect(policy.get('script-src')).toEqual(["'self'", "'unsafe-inline'", 'https://*.googletagmanager.com']);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('font-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(true);
  });

  it('has no nonce without one, so one policy serves every cached page', () => {
    expect(contentSecurityPolicy(local)).not.toMatch(/nonce-|strict-dynamic/);
    expect(contentSecurityPolicy(local)).toBe(contentSecurityPolicy({ ...local }));
  });

  it('with a nonce, runs only the scripts that carry it or that they load, never inline script without it', () => {
    const policy = directives(contentSecurityPolicy({ ...deployed, nonce: 'bm9uY2UtMTIzNDU2Nzg5MA==' }));
    expect(policy.get('script-src')).toEqual(["'self'", "'nonce-bm9uY2UtMTIzNDU2Nzg5MA=='", "'strict-dynamic'", 'https://*.googletagmanager.com']);
    // Everything else is the cached pages' policy.
    const cached = directives(contentSecurityPolicy(deployed));
    for (const [name, values] of cached) if (name !== 'script-src') expect(policy.get(name), name).toEqual(values);
    expect(directives(contentSecurityPolicy({ ...local, development: true, nonce: 'abc=' })).get('script-src')).toEqual([
      "'self'",
      "'nonce-abc='",
      "'strict-dynamic'",
      "'unsafe-eval'",
      'https://*.googletagmanager.com',
    ]);
  });

  it('makes a fresh nonce each time, of 128 bits in the characters Next reads from the policy', () => {
    const nonces = new Set(Array.from({ length: 100 }, () => createScriptNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    }
  });

  it('does not upgrade requests on a local http site, and allows eval only under next dev', () => {
    expect(directives(contentSecurityPolicy(local)).has('upgrade-insecure-requests')).toBe(false);
    expect(directives(contentSecurityPolicy(local)).get('img-src')).toContain('http://127.0.0.1:8055');
    expect(contentSecurityPolicy(local)).not.toContain("'unsafe-eval'");
    expect(directives(contentSecurityPolicy({ ...local, development: true })).get('script-src')).toContain("'unsafe-eval'");
  });
});

describe('security headers', () => {
  it('are sent on every response, with HSTS only on an https site', () => {
    const headers = securityHeaders(deployed);
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Strict-Transport-Security': 'max-age=31536000',
    });
    expect(headers['Permissions-Policy']).toContain('camera=()');
    expect(securityHeaders(local)).not.toHaveProperty('Strict-Transport-Security');
  });
});

/** Every page route of the app and whether it is rendered per request (`dynamic = 'force-dynamic'`). */
function pageRoutes(): { route: string; perRequest: boolean }[] {
  const appDir = join(import.meta.dirname, '../app/[locale]');
  const found: { route: string; perRequest: boolean }[] = [];
  for (const entry of readdirSync(appDir, { recursive: true, encoding: 'utf8' })) {
    if (!entry.endsWith(`${sep}page.tsx`) && entry !== 'page.tsx') continue;
    const segments = relative(appDir, join(appDir, entry)).split(sep).slice(0, -1).filter((segment) => !/^\(.*\)$/.test(segment));
    const source = readFileSync(join(appDir, entry), 'utf8');
    found.push({ route: `/${segments.join('/')}`, perRequest: /export const dynamic = 'force-dynamic'/.test(source) });
  }
  return found;
}

/** A request path for a route: each dynamic segment filled with a sample value. */
const samplePath = (route: string) => route.replace(/\[\[?\.{0,3}[^\]]+\]\]?/g, 'muestra');

describe('pages that get a script nonce', () => {
  it('are exactly the pages rendered per request, in every language form', () => {
    const routes = pageRoutes();
    expect(routes.filter((page) => page.perRequest).length).toBeGreaterThanOrEqual(18);
    for (const { route, perRequest } of routes) {
      for (const prefix of ['', '/es', '/en']) {
        const path = `${prefix}${samplePath(route)}`.replace(/\/$/, '') || '/';
        expect(isPerRequestPage(path), `${path} (${route})`).toBe(perRequest);
      }
    }
  });

  it('never include a cached page, a page-not-found under a guarded address, the API or files', () => {
    for (const path of ['/', '/es', '/flota', '/en/flota/tipo-suv', '/info/terminos-y-condiciones', '/reserva/otra-cosa', '/es/corporativo/nada', '/api/quote', '/reserva.txt']) {
      expect(isPerRequestPage(path), path).toBe(false);
    }
    expect(isPerRequestPage('/en/corporativo/reservas/RC-1234')).toBe(true);
    expect(isPerRequestPage('/en/mostrador/FF-7K3M9Q')).toBe(true);
    expect(isPerRequestPage('/es/mostrador/FF-7K3M9Q/otra')).toBe(false);
  });
});
