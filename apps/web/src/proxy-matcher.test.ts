import { afterEach, describe, expect, it, vi } from 'vitest';
import { NextRequest, type NextResponse } from 'next/server';
import { getRedirectUrl, getRewrittenUrl } from 'next/experimental/testing/server';
import * as pageStaticInfo from 'next/dist/build/analysis/get-page-static-info';
import { getMiddlewareRouteMatcher } from 'next/dist/shared/lib/router/utils/middleware-route-matcher';
import { config } from './proxy';
import { GUARDED_SECTIONS } from '@/lib/response-headers';
import { ACCESS_TOKEN_COOKIE, CHECKOUT_ATTEMPT_COOKIE, REFRESH_TOKEN_COOKIE } from '@/lib/cookies';
import { TERMS_TEXTS } from '@/features/info';
import { FILTER_PARAMS } from '@/features/fleet';

// Where the proxy runs, as Next decides it from `config.matcher` (compiled with Next's own functions, as at build),
// and what it would have done where it does not run: nothing but the headers the production server stamps itself.

type Visit = { method?: string; headers?: Record<string, string> };

// The build's own compilation of a proxy's matcher (exported by Next's module, absent from its type declarations).
type MatcherCompiler = (matcher: typeof config.matcher, nextConfig: object) => Parameters<typeof getMiddlewareRouteMatcher>[0];
const { getMiddlewareMatchers } = pageStaticInfo as unknown as { getMiddlewareMatchers: MatcherCompiler };
const runsProxy = getMiddlewareRouteMatcher(getMiddlewareMatchers(config.matcher, {}));
type MatchedRequest = Parameters<typeof runsProxy>[1];

function proxyRunsFor(address: string, { headers = {} }: Visit = {}): boolean {
  const url = new URL(address, 'http://127.0.0.1:3000');
  // The matcher reads only the request's headers (and cookies from them), as Next's server hands them over.
  const request = { headers } as unknown as MatchedRequest;
  return runsProxy(url.pathname, request, Object.fromEntries(url.searchParams));
}

async function loadProxy() {
  vi.resetModules();
  vi.stubEnv('BRAND', 'firefly');
  vi.stubEnv('SITE_URL', 'http://127.0.0.1:3000');
  return (await import('./proxy')).proxy;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

/** Public pages in their /es and /en forms, as visitors ask for them: the proxy is not needed for these. */
const PUBLIC_PAGES = ['/es', '/en', '/es/flota', '/en/flota', '/es/flota/suv', '/es/sucursales', '/en/sucursales/panama', '/es/promos', '/en/jobs', '/es/info/privacidad', '/es/no-existe'];

/** What visitors send that changes nothing on such a page. */
const VISITS: Visit[] = [
  {},
  { headers: { 'accept-language': 'en-US,en;q=0.9' } },
  { headers: { cookie: 'i18n_redirected=en; language=en' } },
  { headers: { rsc: '1', 'next-router-state-tree': '%5B%22%22%5D' } },
  { method: 'HEAD' },
  { method: 'POST', headers: { 'content-type': 'text/plain' } },
];

describe('the proxy', () => {
  it('does not run for a public page in its /es or /en form, whoever asks', () => {
    for (const page of PUBLIC_PAGES) {
      for (const visit of VISITS) expect(proxyRunsFor(page, visit), `${page} ${JSON.stringify(visit)}`).toBe(false);
      expect(proxyRunsFor(`${page}?utm_source=newsletter`), page).toBe(false);
    }
  });

  it('runs for the unprefixed addresses, the flows and areas rendered per request, files and the API', () => {
    const addresses = ['/', '/flota', '/sucursales', '/info/privacidad', '/robots.txt', '/sitemap.xml', '/api/quote', '/api/health', '/builds/current', '/_next/static/chunks/app.js'];
    for (const section of GUARDED_SECTIONS) addresses.push(`/es/${section}`, `/en/${section}/checkout`, `/${section}`);
    for (const address of addresses) expect(proxyRunsFor(address), address).toBe(true);
    // A section whose name only begins like a guarded one is a public page.
    expect(proxyRunsFor('/es/reservas-corporativas')).toBe(false);
  });

  it('runs for every address it may redirect or refuse', () => {
    const addresses = [
      '/es/flota/', // trailing slash
      '/EN/flota', // next-intl's redirect of a prefix in another case
      '/es/Flota',
      '/es/info/%E0%A4%A', // an address that cannot be decoded
      '/es/info/t%C3%A9rminos-y-condiciones',
      '/es//flota',
      '/es/flota.rsc',
      '/es/info/terminos_y_condiciones',
    ];
    for (const text of TERMS_TEXTS) addresses.push(`/es/${text}`, `/en/info/${text}-2026`);
    for (const address of addresses) expect(proxyRunsFor(address), address).toBe(true);
  });

  it('runs for a signed-in agent and for a server action, on any page', () => {
    for (const cookie of [ACCESS_TOKEN_COOKIE.name, REFRESH_TOKEN_COOKIE.name]) {
      for (const page of PUBLIC_PAGES) expect(proxyRunsFor(page, { headers: { cookie: `i18n_redirected=es; ${cookie}=token` } }), `${page} ${cookie}`).toBe(true);
    }
    expect(proxyRunsFor('/es/info/empresas', { method: 'POST', headers: { 'next-action': '40abc' } })).toBe(true);
  });

  it('runs for a renter with a checkout attempt in progress, on any page (leaving the checkout ends it)', () => {
    for (const page of PUBLIC_PAGES) {
      expect(proxyRunsFor(page, { headers: { cookie: `i18n_redirected=es; ${CHECKOUT_ATTEMPT_COOKIE.name}=FF-ABC123.signature` } }), page).toBe(true);
      expect(proxyRunsFor(page, { headers: { cookie: `i18n_redirected=es; ${CHECKOUT_ATTEMPT_COOKIE.name}=FF-ABC123.signature`, rsc: '1' } }), page).toBe(true);
    }
  });

  it('runs for the fleet with a filter or dates in its query', () => {
    for (const param of FILTER_PARAMS) {
      expect(proxyRunsFor(`/es/flota?${param}=suv`), param).toBe(true);
      expect(proxyRunsFor(`/en/flota?${param}=suv`), param).toBe(true);
    }
    // A dated search needs both dates (isDatedFleetSearch): the pickup date alone decides.
    expect(proxyRunsFor('/es/flota?pickup_branch=PTY&pickup_date=2027-01-04&return_date=2027-01-08')).toBe(true);
    expect(proxyRunsFor('/es/flota?pickup_branch=PTY')).toBe(false);
  });

  it('changes nothing but the response headers where it does not run', async () => {
    const proxy = await loadProxy();
    const { setDeploymentHeaders } = await import('@/lib/edge');
    for (const page of PUBLIC_PAGES) {
      for (const { method = 'GET', headers = {} } of [...VISITS, {}]) {
        const address = `${page}${method === 'GET' ? '?utm_source=newsletter' : ''}`;
        const response: NextResponse = await proxy(new NextRequest(`http://127.0.0.1:3000${address}`, { method, headers }));
        const label = `${method} ${address} ${JSON.stringify(headers)}`;
        expect(response.status, label).toBe(200);
        expect(getRewrittenUrl(response), label).toBeNull();
        expect(getRedirectUrl(response), label).toBeNull();
        expect(response.headers.get('set-cookie'), label).toBeNull();
        // No request header was changed for the page (a refreshed session, a nonce).
        expect(response.headers.get('x-middleware-override-headers'), label).toBeNull();
        const stamped = new Headers();
        setDeploymentHeaders(stamped, page);
        const sent = Object.fromEntries([...response.headers].filter(([name]) => name !== 'x-middleware-next'));
        expect(sent, label).toEqual(Object.fromEntries(stamped));
      }
    }
  });
});
