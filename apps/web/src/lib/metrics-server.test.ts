import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../../scripts/lib/processes.mjs';
import { sampleSum } from '../../test/prometheus';
import { StorefrontResponse } from '../../server-response.mjs';
import { countBooking, countContentServiceError, countGatewayError, countPayment, countQuote, countRateLimitRefusal } from './metrics';
import { createStorefrontMetrics, startMetricsServer } from './metrics-server';

const route = (url: string) => (url.startsWith('/api/') ? url.split('?')[0] ?? url : '/[locale]/flota/[[...filter]]');

describe("a storefront's request metrics", () => {
  const { registry, recorder } = createStorefrontMetrics({ label: route, instance: 'web-1', brand: 'firefly', build: 'b1' });
  let server: Server;
  let origin: string;
  const closed: Promise<void>[] = [];

  beforeAll(async () => {
    // A server observed as server.mjs observes the storefront's: each request before anything answers it.
    server = createServer((request, response) => {
      recorder.observeRequest(request, response);
      closed.push(new Promise((done) => response.once('close', done)));
      if (request.url === '/es/never-answered') return;
      if (request.url?.startsWith('/api/')) return void response.writeHead(422).end('{}');
      response.setHeader('x-nextjs-cache', request.url === '/es/flota' ? 'HIT' : 'MISS');
      response.end('<html></html>');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('no port');
    origin = `http://127.0.0.1:${address.port}`;
  });

  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('counts each request by route, method and status, with its latency and what the page cache said', async () => {
    await fetch(`${origin}/es/flota`);
    await fetch(`${origin}/es/flota`);
    await fetch(`${origin}/flota?tipo=suv`);
    await fetch(`${origin}/api/quote`, { method: 'POST', body: '{}' });
    // A client that leaves before its answer.
    await new Promise<void>((done) => {
      const leaving = httpRequest(`${origin}/es/never-answered`);
      leaving.on('error', () => done());
      leaving.end();
      server.once('request', () => setImmediate(() => leaving.destroy()));
    });
    await Promise.all(closed);

    const text = await registry.metrics();
    const fleet = { route: '/[locale]/flota/[[...filter]]', method: 'GET' };
    expect(sampleSum(text, 'storefront_http_requests_total', { ...fleet, status: '200' })).toBe(3);
    expect(sampleSum(text, 'storefront_http_requests_total', { ...fleet, status: 'aborted' })).toBe(1);
    expect(sampleSum(text, 'storefront_http_requests_total', { route: '/api/quote', method: 'POST', status: '422' })).toBe(1);
    expect(sampleSum(text, 'storefront_http_request_duration_seconds_count', fleet)).toBe(4);
    expect(sampleSum(text, 'storefront_http_request_duration_seconds_bucket', { ...fleet, le: '+Inf' })).toBe(4);
    expect(sampleSum(text, 'storefront_http_request_duration_seconds_sum', fleet)).toBeGreaterThan(0);
    expect(sampleSum(text, 'storefront_page_cache_total', { route: fleet.route, result: 'hit' })).toBe(2);
    expect(sampleSum(text, 'storefront_page_cache_total', { route: fleet.route, result: 'miss' })).toBe(1);
    // An API answer says nothing of the page cache.
    expect(sampleSum(text, 'storefront_page_cache_total', { route: '/api/quote' })).toBeUndefined();
    expect(sampleSum(text, 'storefront_info', { instance: 'web-1', brand: 'firefly', build: 'b1' })).toBe(1);
  });
});

describe("the app's own counters and GET /metrics", () => {
  const distDir = mkdtempSync(join(tmpdir(), 'metrics-test-'));
  let port: number;
  let metricsServer: ReturnType<typeof startMetricsServer>;

  beforeAll(async () => {
    writeFileSync(join(distDir, 'routes-manifest.json'), JSON.stringify({ staticRoutes: [{ page: '/api/quote', regex: '^/api/quote(?:/)?$' }], dynamicRoutes: [] }));
    port = await freePort();
    metricsServer = startMetricsServer({ port, distDir, brand: 'firefly', build: 'b2' });
    await new Promise<void>((done) => (metricsServer.listening ? done() : metricsServer.once('listening', () => done())));
  });

  afterAll(async () => {
    await new Promise<void>((done) => metricsServer.close(() => done()));
    rmSync(distDir, { recursive: true, force: true });
  });

  const scrape = async () => {
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it('shows each series from the start, at zero, then what the app counted', async () => {
    const before = await scrape();
    expect(sampleSum(before, 'storefront_quotes_total', { via: 'fast_path', outcome: 'priced' })).toBe(0);
    expect(sampleSum(before, 'storefront_bookings_total', { type: 'prepaid', outcome: 'booked' })).toBe(0);
    expect(sampleSum(before, 'storefront_payments_total', { provider: 'metrobank', status: 'succeeded' })).toBe(0);
    expect(sampleSum(before, 'storefront_gateway_errors_total', { provider: 'paypal', reason: 'timeout' })).toBe(0);
    // The process's own figures, as prom-client collects them.
    expect(sampleSum(before, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sampleSum(before, 'nodejs_eventloop_lag_p99_seconds')).toBeDefined();

    countQuote('fast_path', 200);
    countQuote('route', 422);
    countQuote('route', 503);
    countBooking('prepaid', 'booked');
    countBooking('postpaid', 'sold_out');
    countPayment('charge', 'metrobank', 'pending');
    countPayment('charge', 'metrobank', 'succeeded');
    countPayment('refund', 'paypal', 'succeeded');
    countContentServiceError(503);
    countContentServiceError('unreachable');
    countGatewayError('metrobank', 'timeout');
    countRateLimitRefusal('coupon');

    const after = await scrape();
    expect(sampleSum(after, 'storefront_quotes_total', { via: 'fast_path', outcome: 'priced' })).toBe(1);
    expect(sampleSum(after, 'storefront_quotes_total', { via: 'route', outcome: 'refused' })).toBe(1);
    expect(sampleSum(after, 'storefront_quotes_total', { via: 'route', outcome: 'failed' })).toBe(1);
    expect(sampleSum(after, 'storefront_bookings_total', { type: 'prepaid', outcome: 'booked' })).toBe(1);
    expect(sampleSum(after, 'storefront_bookings_total', { type: 'postpaid', outcome: 'sold_out' })).toBe(1);
    expect(sampleSum(after, 'storefront_payments_total', { provider: 'metrobank', status: 'pending' })).toBe(1);
    expect(sampleSum(after, 'storefront_payments_total', { provider: 'metrobank', status: 'succeeded' })).toBe(1);
    expect(sampleSum(after, 'storefront_refunds_total', { provider: 'paypal', status: 'succeeded' })).toBe(1);
    expect(sampleSum(after, 'storefront_content_service_errors_total', { status: '503' })).toBe(1);
    expect(sampleSum(after, 'storefront_content_service_errors_total', { status: 'unreachable' })).toBe(1);
    expect(sampleSum(after, 'storefront_gateway_errors_total', { provider: 'metrobank', reason: 'timeout' })).toBe(1);
    expect(sampleSum(after, 'storefront_rate_limit_refusals_total', { rule: 'coupon' })).toBe(1);
  });

  it('counts the cached pages the production server writes as bytes, through the hand-over', async () => {
    const count = async (bytes: string) => sampleSum(await scrape(), 'storefront_string_answers_total', { bytes }) ?? Number.NaN;
    const [kept, encoded] = [await count('kept'), await count('encoded')];
    // A page as Next answers it from its cache, twice, through the production server's response class.
    const page = `<!DOCTYPE html><html><body>${'metrics '.repeat(1000)}${Math.random()}</body></html>`;
    const pages = createServer({ ServerResponse: StorefrontResponse }, (_request, response) => response.end(page));
    await new Promise<void>((done) => pages.listen(0, '127.0.0.1', done));
    try {
      const address = pages.address();
      if (!address || typeof address !== 'object') throw new Error('no port');
      for (let view = 0; view < 2; view++) expect(await (await fetch(`http://127.0.0.1:${address.port}/`)).text()).toBe(page);
    } finally {
      await new Promise<void>((done) => pages.close(() => done()));
    }
    expect([await count('kept'), await count('encoded')]).toEqual([kept + 1, encoded + 1]);
  });

  it('answers nothing but GET /metrics', async () => {
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status).toBe(404);
  });
});
