// A storefront with its metrics and traces on (README, "Metrics and traces"), over real HTTP: it is scraped on its
// metrics port after page views, a quote, bookings, a card payment, a payment whose gateway cannot be reached and a
// run of coupon guesses past their limit; and a paid booking sent as one trace reaches a local OTLP receiver with the
// storefront's calls to the content service and the card gateway inside it.
//
// The storefront uses the harness's content service and payment sandbox, each behind a small proxy of this test that
// notes the `traceparent` of every call; PayPal points at a port nothing listens on (a gateway that cannot be reached).
import { randomBytes } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { threeDaySelection } from '../integration-clients';
import { seedRow } from '../content-admin';
import { sampleSum } from '../prometheus';
import { cloneBuild, freePort, requireEnv, startStorefront, storefrontEnv, type StorefrontProcess } from './storefront-process';

type Json = Record<string, unknown>;
type Row = Json & { id: number };

/** A pass-through proxy on 127.0.0.1 in front of `target`, keeping the `traceparent` header of each request it forwards. */
async function startRecordingProxy(target: string) {
  const upstream = new URL(target);
  const traceparents: string[] = [];
  const server = createServer((request, response) => {
    const traceparent = request.headers.traceparent;
    if (typeof traceparent === 'string') traceparents.push(traceparent);
    const forward = httpRequest({ host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers: { ...request.headers, host: upstream.host } }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    });
    forward.on('error', () => {
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forward);
  });
  return { url: await listen(server), traceparents, stop: () => close(server) };
}

type Span = { traceId: string; spanId: string; parentSpanId: string; name: string; kind: number; attributes: Record<string, unknown> };

/** A local OTLP receiver: POST /v1/traces in OTLP/JSON (the exporter is told http/json), every span kept. */
async function startOtlpReceiver() {
  const spans: Span[] = [];
  const server = createServer((request, response) => {
    void body(request).then((raw) => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const text = (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
      spans.push(...spansOf(JSON.parse(text) as Json));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { url: await listen(server), spans, stop: () => close(server) };
}

/** OTLP/JSON ids are hex; a base64 one (protobuf's JSON mapping) is read as such. */
const hexId = (id: unknown) => (typeof id !== 'string' || id === '' ? '' : /^[0-9a-f]+$/i.test(id) ? id.toLowerCase() : Buffer.from(id, 'base64').toString('hex'));

function spansOf(request: Json): Span[] {
  type Attribute = { key: string; value: Record<string, unknown> };
  type RawSpan = { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes?: Attribute[] };
  const resourceSpans = (request.resourceSpans ?? []) as { scopeSpans?: { spans?: RawSpan[] }[] }[];
  return resourceSpans.flatMap((resource) =>
    (resource.scopeSpans ?? []).flatMap((scope) =>
      (scope.spans ?? []).map((span) => ({
        traceId: hexId(span.traceId),
        spanId: hexId(span.spanId),
        parentSpanId: hexId(span.parentSpanId),
        name: span.name,
        kind: span.kind,
        attributes: Object.fromEntries((span.attributes ?? []).map((attribute) => [attribute.key, Object.values(attribute.value)[0]])),
      })),
    ),
  );
}

async function body(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

function close(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}

/** Resolves once `check` holds, asking every 250 ms; fails saying `what` (then) did not happen after `seconds`. */
async function eventually(check: () => boolean | Promise<boolean>, what: () => string, seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened within ${seconds} s: ${what()}`);
    await new Promise((done) => setTimeout(done, 250));
  }
}

const contentUrl = requireEnv('CONTENT_URL');
const sandboxUrl = requireEnv('GATEWAY_SANDBOX_URL');
const publishableKey = requireEnv('METROBANK_PUBLISHABLE_KEY');
/** Days of this file's bookings: far from the integration tests' bands (200 to about 2,400 days ahead). */
const RUN_OFFSET = 3000 + (Date.now() % 500);
let nextOffset = 0;

describe('a storefront with metrics and traces on', () => {
  const build = cloneBuild('observability');
  const renterAddress = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  let storefront: StorefrontProcess | undefined;
  let metricsUrl: string;
  let contentProxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  let gatewayProxy: Awaited<ReturnType<typeof startRecordingProxy>>;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let branch: Row;
  let car: Row;
  let coverage: Row;

  beforeAll(async () => {
    const one = (path: string) => seedRow<Row>(contentUrl, path);
    [branch, car, coverage] = await Promise.all([one('/items/branches?filter[code][_eq]=OBA'), one('/items/flota?filter[modelo][_eq]=Accent'), one('/items/coverages?filter[code][_eq]=BASIC')]);
    contentProxy = await startRecordingProxy(contentUrl);
    gatewayProxy = await startRecordingProxy(sandboxUrl);
    receiver = await startOtlpReceiver();
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    storefront = await startStorefront(build.distDir, {
      ...storefrontEnv(contentUrl),
      DIRECTUS_URL: contentProxy.url,
      METRICS_PORT: String(metricsPort),
      INSTANCE_NAME: 'web-observed',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      // Spans leave in batches; a short delay keeps the test short.
      OTEL_BSP_SCHEDULE_DELAY: '100',
      // The test stands where the load balancer would: the renter's address comes in X-Forwarded-For.
      TRUSTED_PROXIES: '127.0.0.1',
      METROBANK_API_URL: `${gatewayProxy.url}/metrobank`,
      METROBANK_FIELDS_URL: requireEnv('METROBANK_FIELDS_URL'),
      METROBANK_PUBLISHABLE_KEY: publishableKey,
      METROBANK_SECRET_KEY: requireEnv('METROBANK_SECRET_KEY'),
      METROBANK_WEBHOOK_SECRET: requireEnv('METROBANK_WEBHOOK_SECRET'),
      PAYPAL_BASE_URL: `http://127.0.0.1:${await freePort()}/paypal`,
      PAYPAL_CLIENT_ID: requireEnv('PAYPAL_CLIENT_ID'),
      PAYPAL_CLIENT_SECRET: requireEnv('PAYPAL_CLIENT_SECRET'),
      PAYPAL_WEBHOOK_ID: requireEnv('PAYPAL_WEBHOOK_ID'),
      PAYMENT_GATEWAY_TIMEOUT_MS: '3000',
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '3600',
    });
  });

  afterAll(async () => {
    await storefront?.stop();
    await Promise.all([contentProxy?.stop(), gatewayProxy?.stop(), receiver?.stop()]);
    build.remove();
  });

  function started(): StorefrontProcess {
    if (!storefront) throw new Error('the storefront did not start');
    return storefront;
  }

  async function post(path: string, payload: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${started().url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'es-ES', 'x-forwarded-for': renterAddress, ...headers },
      body: JSON.stringify(payload),
    });
    return { status: response.status, json: (await response.json()) as Json };
  }

  function selection(reservationType: 'prepaid' | 'postpaid') {
    nextOffset += 4;
    const start = addDaysToLocalDate(formatPanamaDate(new Date()), RUN_OFFSET + nextOffset);
    return threeDaySelection({ car, branch, coverage }, start, reservationType);
  }

  const renter = { name: 'Olga', last_name: 'Observada', email: 'olga.observada@example.com', license: 'PA-4455', birthday: '1984-03-02', phone_number: '6123-4567' };

  async function book(headers: Record<string, string> = {}): Promise<string> {
    const booked = await post('/api/reservations', { ...selection('prepaid'), client: renter, terms_accepted: true }, { 'idempotency-key': `observability-${randomBytes(8).toString('hex')}`, ...headers });
    expect(booked.status, JSON.stringify(booked.json)).toBe(201);
    return String(booked.json.reservation_number);
  }

  async function cardToken(): Promise<string> {
    const answer = await fetch(`${sandboxUrl}/metrobank/v1/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '739' } }),
    });
    return ((await answer.json()) as { id: string }).id;
  }

  async function scrape(): Promise<string> {
    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    return response.text();
  }

  it('counts pages, quotes, bookings, payments, gateway errors and refusals on its metrics port', async () => {
    const { url } = started();
    // A page rendered on its first view, then served from Next's cache.
    for (let view = 0; view < 2; view += 1) {
      const page = await fetch(`${url}/es/flota`);
      expect(page.status).toBe(200);
      await page.text();
    }
    expect((await post('/api/quote', selection('postpaid'))).status).toBe(200);
    const paid = await book();
    const payment = await post(`/api/reservations/${paid}/payments`, { email: renter.email, method: 'card', token: await cardToken() });
    expect(payment.status, JSON.stringify(payment.json)).toBe(201);
    // PayPal cannot be reached: the attempt is left pending, the renter told to try later.
    const unpaid = await book();
    expect((await post(`/api/reservations/${unpaid}/payments`, { email: renter.email, method: 'paypal' })).status).toBe(503);
    // Coupon guesses past their limit (10 per client): the eleventh is refused.
    const guesses: number[] = [];
    for (let index = 0; index < 11; index += 1) guesses.push((await post('/api/coupons/validate', { code: `GUESS${index}` })).status);
    expect(guesses.at(-1)).toBe(429);

    const text = await scrape();
    const fleet = { route: '/[locale]/flota/[[...filter]]', method: 'GET' };
    expect(sampleSum(text, 'storefront_info', { instance: 'web-observed', brand: 'firefly' })).toBe(1);
    expect(sampleSum(text, 'storefront_http_requests_total', { ...fleet, status: '200' })).toBe(2);
    expect(sampleSum(text, 'storefront_http_request_duration_seconds_count', fleet)).toBe(2);
    expect(sampleSum(text, 'storefront_page_cache_total', { route: fleet.route })).toBe(2);
    expect(sampleSum(text, 'storefront_page_cache_total', { route: fleet.route, result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(text, 'storefront_http_requests_total', { route: '/api/quote', method: 'POST', status: '200' })).toBe(1);
    expect(sampleSum(text, 'storefront_http_requests_total', { route: '/api/reservations/[number]/payments', method: 'POST', status: '201' })).toBe(1);
    expect(sampleSum(text, 'storefront_http_requests_total', { route: '/api/reservations/[number]/payments', method: 'POST', status: '503' })).toBe(1);
    expect(sampleSum(text, 'storefront_quotes_total', { outcome: 'priced' })).toBe(1);
    expect(sampleSum(text, 'storefront_bookings_total', { type: 'prepaid', outcome: 'booked' })).toBe(2);
    // At least: this storefront's start-up reconciliation may settle payments other tests left open.
    expect(sampleSum(text, 'storefront_payments_total', { provider: 'metrobank', status: 'succeeded' })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(text, 'storefront_payments_total', { provider: 'paypal', status: 'pending' })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(text, 'storefront_gateway_errors_total', { provider: 'paypal', reason: 'unreachable' })).toBeGreaterThanOrEqual(1);
    expect(sampleSum(text, 'storefront_rate_limit_refusals_total', { rule: 'coupon' })).toBe(1);
    // Its storefront port does not serve them.
    expect((await fetch(`${url}/metrics`)).status).toBe(404);
  });

  it('sends a paid booking as one trace to the OTLP receiver, its calls to the content service and the gateway inside it', async () => {
    // The caller's trace (as a load balancer or a browser with tracing would send it): both requests join it.
    const traceId = randomBytes(16).toString('hex');
    const callerSpanId = randomBytes(8).toString('hex');
    const traceparent = `00-${traceId}-${callerSpanId}-01`;
    const number = await book({ traceparent });
    const payment = await post(`/api/reservations/${number}/payments`, { email: renter.email, method: 'card', token: await cardToken() }, { traceparent });
    expect(payment.status, JSON.stringify(payment.json)).toBe(201);

    const trace = () => receiver.spans.filter((span) => span.traceId === traceId);
    const url = (span: Span) => {
      const value = span.attributes['http.url'] ?? span.attributes['url.full'];
      return typeof value === 'string' ? value : '';
    };
    const calls = (origin: string) => trace().filter((span) => span.kind === 3 && url(span).startsWith(origin));
    /** The routes (Next's `http.route`) of the spans from `span` up to the caller's; undefined when the chain breaks. */
    const routesAbove = (span: Span): string[] | undefined => {
      const byId = new Map(trace().map((each) => [each.spanId, each]));
      const routes: string[] = [];
      for (let current: Span | undefined = span; current; current = byId.get(current.parentSpanId)) {
        const route = current.attributes['http.route'];
        if (typeof route === 'string') routes.push(route);
        if (current.parentSpanId === callerSpanId) return current.kind === 2 ? routes : undefined;
      }
      return undefined;
    };
    const booking = '/api/reservations';
    const paying = '/api/reservations/[number]/payments';
    const charges = () => calls(`${gatewayProxy.url}/metrobank/`).filter((span) => url(span).endsWith('/v1/payment_intents'));
    const contentCalls = () => calls(contentProxy.url);
    // Spans leave in batches: wait until the whole of both requests has arrived.
    await eventually(
      () => charges().length === 1 && contentCalls().length > 0 && [...charges(), ...contentCalls()].every((span) => routesAbove(span) !== undefined),
      () => `the booking's and the payment's spans (so far: ${trace().map((span) => span.name).join(', ')})`,
    );

    // The storefront's two requests are server spans under the caller's; every call hangs from one of them, span by
    // span, the charge from the payment's route, the content service's from both.
    expect(trace().filter((span) => span.kind === 2 && span.parentSpanId === callerSpanId)).toHaveLength(2);
    expect(charges().map(routesAbove)).toEqual([[paying]]);
    const contentRoutes = contentCalls().map((call) => routesAbove(call)?.join());
    expect(new Set(contentRoutes)).toEqual(new Set([booking, paying]));
    // The content service and the gateway were told the trace, so their own spans could join it.
    expect(contentProxy.traceparents.filter((header) => header.includes(traceId)).length).toBeGreaterThan(0);
    expect(gatewayProxy.traceparents.filter((header) => header.includes(traceId)).length).toBeGreaterThan(0);
  });
});
