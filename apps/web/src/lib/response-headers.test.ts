import { describe, expect, it } from 'vitest';
import { CACHE_CONTROL, cacheControlFor, contentSecurityPolicy, isPagePath, securityHeaders } from './response-headers';

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

  it('keeps pages without a language prefix out of shared caches: their answer depends on the visitor’s language', () => {
    for (const path of ['/', '/flota', '/info/preguntas-frecuentes', '/terminos']) expect(cacheControlFor(path), path).toBe(CACHE_CONTROL.perVisitor);
    expect(CACHE_CONTROL.perVisitor).toMatch(/^private\b/);
  });

  it('never stores guarded routes or the API', () => {
    for (const path of ['/reserva', '/reserva/checkout', '/en/reserva/thanks', '/precheckin', '/es/precheckin/verify', '/api/revalidate']) {
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
    expect(isPagePath('/api/revalidate')).toBe(false);
    expect(isPagePath('/_next/static/x.js')).toBe(false);
    expect(isPagePath('/sitemap.xml')).toBe(false);
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

  it('has no nonce, so one policy serves every cached page', () => {
    expect(contentSecurityPolicy(local)).not.toMatch(/nonce-|strict-dynamic/);
    expect(contentSecurityPolicy(local)).toBe(contentSecurityPolicy({ ...local }));
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
