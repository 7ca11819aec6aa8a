// What the production server takes from Next without Next promising it (docs/architecture.md, "The edge and the
// hand-over"), checked against the real built app under apps/web/server.mjs: that each of its shortcuts is taken, not
// only that the answers are right (Next's own pipeline would give the same answers, more slowly, so a Next upgrade
// that stops a shortcut would otherwise go unnoticed).
// - A cached page's HTML, answered uncompressed, reaches server-response.mjs as one string (Next's sendRenderResult
//   ends it with `res.end(string)`), whose kept bytes are then written: counted in storefront_string_answers_total.
//   The deployment's Cache-Control, stamped on it before Next handled it, is kept.
// - `POST /api/quote` is answered by the quote's fast path (installed by src/instrumentation.ts through the hand-over,
//   pricing from a copy read with `unstable_cache` outside any request): counted in storefront_quotes_total by way,
//   and said in its Server-Timing header.
// - The edge the app hands over (handover.mjs) stamps every answer, the fast path's and the pages the proxy skips:
//   the request's id and the deployment's headers; the address the server listens on reaches the start-up recheck.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { seedRow } from '../content-admin';
import { threeDaySelection } from '../integration-clients';
import { sampleSum } from '../prometheus';
import { cloneBuild, freePort, requireEnv, startStorefront, storefrontEnv, type StorefrontProcess } from './storefront-process';

type Row = { id: number };

/** A public page in its /es form: served without the proxy (its matcher), from Next's cache after its first view. */
const CACHED_PAGE = '/es';
const VIEWS = 6;
const QUOTES = 10;

/** Resolves once `check` holds, asking every 250 ms; fails saying what did not happen after `seconds`. */
async function eventually(check: () => Promise<boolean>, what: string, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened within ${seconds} s: ${what}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

describe('the shortcuts of the production server, on the built app', () => {
  const build = cloneBuild('next-internals');
  const contentUrl = requireEnv('CONTENT_URL');
  let storefront: StorefrontProcess | undefined;
  let metricsUrl: string;
  let selection: ReturnType<typeof threeDaySelection>;

  beforeAll(async () => {
    const one = (path: string) => seedRow<Row>(contentUrl, path);
    const [branch, car, coverage] = await Promise.all([one('/items/branches?filter[code][_eq]=OBA'), one('/items/flota?filter[modelo][_eq]=Accent'), one('/items/coverages?filter[code][_eq]=BASIC')]);
    selection = threeDaySelection({ car, branch, coverage }, addDaysToLocalDate(formatPanamaDate(new Date()), 60));
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    storefront = await startStorefront(build.distDir, { ...storefrontEnv(contentUrl), METRICS_PORT: String(metricsPort), INSTANCE_NAME: 'web-internals' });
  });

  afterAll(async () => {
    await storefront?.stop();
    build.remove();
  });

  function started(): StorefrontProcess {
    if (!storefront) throw new Error('the storefront did not start');
    return storefront;
  }

  const metric = async (name: string, labels: Record<string, string>) => sampleSum(await (await fetch(metricsUrl)).text(), name, labels) ?? Number.NaN;
  // Uncompressed, as nginx asks for a client that takes no gzip (and as every view is with COMPRESS_RESPONSES=false):
  // a compressed answer is Next's compression writing gzip bytes, which server-response.mjs leaves as they are.
  const view = () => fetch(`${started().url}${CACHED_PAGE}`, { headers: { 'accept-encoding': 'identity' } });
  const quote = () => fetch(`${started().url}/api/quote`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-language': 'en' }, body: JSON.stringify(selection) });
  /** A header of an answer read to its end. */
  const headerOf = async (answer: Promise<Response>, name: string) => {
    const response = await answer;
    await response.arrayBuffer();
    return response.headers.get(name);
  };

  /** The headers the edge stamps on every answer (src/lib/edge/deployment-headers.ts), with the request's id. */
  function expectStamped(response: Response, label: string) {
    expect(response.headers.get('x-request-id'), label).toMatch(/^[0-9a-f]{32}$/);
    expect(response.headers.get('x-served-by'), label).toBe('web-internals');
    expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
    expect(response.headers.get('content-security-policy'), label).toContain("frame-ancestors 'none'");
  }

  it('hands the edge and the address it listens on to the app (src/instrumentation.ts, through the hand-over)', () => {
    // startStorefront waited for the start-up recheck's outcome: it ran, at the address server.mjs handed over.
    expect(started().output()).toMatch(/\[content\] start-up recheck: /);
    expect(started().output()).not.toMatch(/no start-up recheck/);
    expect(started().output()).not.toMatch(/did not hand over its edge/);
  });

  it('writes a cached page from the bytes kept of its earlier views (server-response.mjs), every view', async () => {
    // The first view renders the page; once Next answers it from its cache, one more view keeps its bytes.
    await eventually(async () => (await headerOf(view(), 'x-nextjs-cache')) === 'HIT', `${CACHED_PAGE} answered from Next's cache`);
    await headerOf(view(), 'x-nextjs-cache');
    const [keptBefore, encodedBefore] = [await metric('storefront_string_answers_total', { bytes: 'kept' }), await metric('storefront_string_answers_total', { bytes: 'encoded' })];

    for (let index = 0; index < VIEWS; index++) {
      const response = await view();
      const body = Buffer.from(await response.arrayBuffer());
      expect(response.status).toBe(200);
      expect(response.headers.get('x-nextjs-cache')).toBe('HIT');
      // The deployment's Cache-Control, stamped before Next handled the request, kept by Next.
      expect(response.headers.get('cache-control')).toBe('s-maxage=60, stale-while-revalidate=300');
      expect(Number(response.headers.get('content-length'))).toBe(body.length);
      expect(body.toString('utf8')).toContain('<html lang="es"');
      // A page the proxy does not run for gets the deployment's headers from the edge in server.mjs.
      expectStamped(response, `view ${index}`);
    }

    const [kept, encoded] = [await metric('storefront_string_answers_total', { bytes: 'kept' }), await metric('storefront_string_answers_total', { bytes: 'encoded' })];
    // If Next stops ending a cached page with one string (a stream, a Buffer, another method), neither counts; if it
    // hands a new text on each view, the bytes are encoded again each time. Either way the views are no longer written
    // from kept bytes (bench/README.md, "A cached page written as bytes").
    expect({ kept: kept - keptBefore, encoded: encoded - encodedBefore }).toEqual({ kept: VIEWS, encoded: 0 });
  });

  it('answers quotes on the fast path (src/features/pricing/api/quote-fast-path.ts), not through Next’s route', async () => {
    // The first quotes go to the route while the fast path reads its first copy of the content.
    await eventually(async () => (await headerOf(quote(), 'server-timing'))?.includes('fast path') ?? false, 'a quote answered by the fast path');
    const [fastBefore, routeBefore] = [await metric('storefront_quotes_total', { via: 'fast_path', outcome: 'priced' }), await metric('storefront_quotes_total', { via: 'route' })];

    for (let index = 0; index < QUOTES; index++) {
      const response = await quote();
      const body = (await response.json()) as { days?: unknown; totals?: { total?: unknown } };
      expect(response.status, JSON.stringify(body)).toBe(200);
      expect(body.days).toBe(3);
      expect(body.totals?.total).toEqual(expect.any(Number));
      expect(response.headers.get('server-timing')).toMatch(/^quote;desc="fast path";dur=\d+\.\d+$/);
      // The edge stamped it before the fast path answered: the proxy never sees it.
      expectStamped(response, `quote ${index}`);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
    }

    const [fast, route] = [await metric('storefront_quotes_total', { via: 'fast_path', outcome: 'priced' }), await metric('storefront_quotes_total', { via: 'route' })];
    expect({ fastPath: fast - fastBefore, route: route - routeBefore }).toEqual({ fastPath: QUOTES, route: 0 });
  });
});
