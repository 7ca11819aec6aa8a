import 'server-only';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { PAYMENT_STATUSES } from '@rentacar/domain/payments';
import { RESERVATION_TYPES } from '@rentacar/domain/quote';
import { DEFAULT_LOCALE, LOCALES } from '@/i18n/routing';
import { BOOKING_OUTCOMES, GATEWAY_ERROR_REASONS, installMetricsRecorder, type MetricsRecorder, type StringAnswerBytes } from './metrics';
import { routeLabeller, routesManifestSchema, UNMATCHED_ROUTE, type RouteLabeller } from './route-labels';

/**
 * The storefront's Prometheus metrics (prom-client) and the listener that serves them, on 127.0.0.1:METRICS_PORT, apart
 * from the storefront's own port: only the machine's scraper reaches it, never a renter through the load balancer.
 * Loaded by src/instrumentation.ts only when METRICS_PORT is set. The names, labels and meanings are listed in the
 * README ("Metrics and traces").
 *
 * Every request is observed by server.mjs through `observeRequest`: a few map lookups, one histogram observation and
 * one counter increment when it closes, no promise and no label object made per request (each route, method and status
 * gets its prom-client series once, then it is reused).
 */

/** Latency buckets in seconds, with the storefront's own targets among them (a quote's 40 ms, a page's 150 ms). */
export const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.04, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5, 5, 10];

/** What Next says of an ISR page's answer in `x-nextjs-cache`, as label values; anything else is `other`. */
const CACHE_RESULTS: Record<string, string> = { HIT: 'hit', STALE: 'stale', MISS: 'miss', REVALIDATED: 'revalidated' };

/** A request that ended before its answer was complete: the client went away, or the connection broke. */
export const ABORTED_STATUS = 'aborted';

type CounterChild = { inc(value?: number): void };
type HistogramChild = { observe(value: number): void };

/** One route and method: its latency series, and its counters by status, made once each. */
type RequestSeries = { duration: HistogramChild; byStatus: Map<number | typeof ABORTED_STATUS, CounterChild>; route: string; method: string };
type RouteSeries = { byMethod: Map<string, RequestSeries>; cache: Map<string, CounterChild> };

const STARTED = Symbol('metrics.started');
const SERIES = Symbol('metrics.series');
type ObservedResponse = ServerResponse & { [STARTED]?: number; [SERIES]?: RequestSeries };

export type StorefrontMetrics = { registry: Registry; recorder: MetricsRecorder };

/** The registry with every metric, and the recorder that updates them; `label` names a request's route. */
export function createStorefrontMetrics({ label, instance, brand, build }: { label: (url: string) => string; instance?: string; brand: string; build: string }): StorefrontMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  new Gauge({ name: 'storefront_info', help: 'Always 1: this instance, its brand and its build', labelNames: ['instance', 'brand', 'build'], registers }).set(
    { instance: instance ?? '', brand, build },
    1,
  );
  const requests = new Counter({ name: 'storefront_http_requests_total', help: 'Requests answered, by route pattern, method and status (aborted: the client left first)', labelNames: ['route', 'method', 'status'], registers });
  const durations = new Histogram({ name: 'storefront_http_request_duration_seconds', help: 'Time from the request to the end of its answer, by route pattern and method', labelNames: ['route', 'method'], buckets: LATENCY_BUCKETS, registers });
  const pageCache = new Counter({ name: 'storefront_page_cache_total', help: "Pages answered from Next's cache (x-nextjs-cache): hit, stale (served, rendered again behind), miss (rendered now), revalidated", labelNames: ['route', 'result'], registers });
  const stringAnswers = new Counter({
    name: 'storefront_string_answers_total',
    help: "Answers Next ended with one long string (a cached page's HTML), written as UTF-8 bytes: kept (those of an earlier answer of the same text) or encoded (for this one)",
    labelNames: ['bytes'],
    registers,
  });
  const quotes = new Counter({ name: 'storefront_quotes_total', help: 'Quotes (POST /api/quote) by way (fast_path, route) and outcome (priced, refused, failed)', labelNames: ['via', 'outcome'], registers });
  const bookings = new Counter({ name: 'storefront_bookings_total', help: 'New bookings by reservation type and outcome', labelNames: ['type', 'outcome'], registers });
  const payments = new Counter({ name: 'storefront_payments_total', help: 'Charges moved into a status (pending: an attempt began; succeeded, failed, canceled, requires_action), by provider', labelNames: ['provider', 'status'], registers });
  const refunds = new Counter({ name: 'storefront_refunds_total', help: 'Refunds moved into a status, by provider', labelNames: ['provider', 'status'], registers });
  const contentErrors = new Counter({ name: 'storefront_content_service_errors_total', help: 'Content-service requests it failed, by 5xx status code (unreachable: no answer); its 4xx answers are not counted', labelNames: ['status'], registers });
  const gatewayErrors = new Counter({ name: 'storefront_gateway_errors_total', help: 'Payment-gateway calls left without an answer, by provider and reason (timeout, unreachable, server_error)', labelNames: ['provider', 'reason'], registers });
  const rateLimited = new Counter({ name: 'storefront_rate_limit_refusals_total', help: 'Requests refused by a per-client limit, by rule', labelNames: ['rule'], registers });

  // The series every dashboard looks for exist from the start, at 0, so a rate is defined before the first event.
  for (const via of ['fast_path', 'route']) for (const outcome of ['priced', 'refused', 'failed']) quotes.inc({ via, outcome }, 0);
  const stringAnswerCounters: Record<StringAnswerBytes, CounterChild> = { kept: stringAnswers.labels({ bytes: 'kept' }), encoded: stringAnswers.labels({ bytes: 'encoded' }) };
  for (const counter of Object.values(stringAnswerCounters)) counter.inc(0);
  for (const type of RESERVATION_TYPES) for (const outcome of BOOKING_OUTCOMES) bookings.inc({ type, outcome }, 0);
  for (const provider of ['metrobank', 'paypal']) {
    for (const status of PAYMENT_STATUSES) payments.inc({ provider, status }, 0);
    for (const status of ['pending', 'succeeded', 'failed']) refunds.inc({ provider, status }, 0);
    for (const reason of GATEWAY_ERROR_REASONS) gatewayErrors.inc({ provider, reason }, 0);
  }

  const routes = new Map<string, RouteSeries>();
  function routeSeries(route: string): RouteSeries {
    let series = routes.get(route);
    if (!series) {
      series = { byMethod: new Map(), cache: new Map() };
      routes.set(route, series);
    }
    return series;
  }
  function requestSeries(route: string, method: string): RequestSeries {
    const byMethod = routeSeries(route).byMethod;
    let series = byMethod.get(method);
    if (!series) {
      series = { duration: durations.labels({ route, method }), byStatus: new Map(), route, method };
      byMethod.set(method, series);
    }
    return series;
  }

  /** Shared by every response (no closure per request): `this` is the response that closed. */
  function onClose(this: ObservedResponse): void {
    const series = this[SERIES];
    const started = this[STARTED];
    if (!series || started === undefined) return;
    series.duration.observe((performance.now() - started) / 1000);
    const status = this.writableFinished ? this.statusCode : ABORTED_STATUS;
    let counter = series.byStatus.get(status);
    if (!counter) {
      counter = requests.labels({ route: series.route, method: series.method, status: String(status) });
      series.byStatus.set(status, counter);
    }
    counter.inc();
    const cache = this.getHeader('x-nextjs-cache');
    if (typeof cache === 'string') {
      const result = CACHE_RESULTS[cache] ?? 'other';
      const routeCache = routeSeries(series.route).cache;
      let cacheCounter = routeCache.get(result);
      if (!cacheCounter) {
        cacheCounter = pageCache.labels({ route: series.route, result });
        routeCache.set(result, cacheCounter);
      }
      cacheCounter.inc();
    }
  }

  const recorder: MetricsRecorder = {
    observeRequest(request: IncomingMessage, response: ObservedResponse) {
      response[STARTED] = performance.now();
      response[SERIES] = requestSeries(label(request.url ?? '/'), request.method ?? 'GET');
      response.once('close', onClose);
    },
    stringAnswer: (bytes) => stringAnswerCounters[bytes].inc(),
    quote: (via, outcome) => quotes.inc({ via, outcome }),
    booking: (type, outcome) => bookings.inc({ type, outcome }),
    payment: (kind, provider, status) => (kind === 'refund' ? refunds : payments).inc({ provider, status }),
    contentServiceError: (status) => contentErrors.inc({ status: String(status) }),
    gatewayError: (provider, reason) => gatewayErrors.inc({ provider, reason }),
    rateLimitRefusal: (rule) => rateLimited.inc({ rule }),
  };
  return { registry, recorder };
}

/**
 * The build's routes, for the request metrics' route label. Without a readable manifest (a build of another Next),
 * every request is `unmatched`, and the log says why.
 */
export function buildRouteLabeller(distDir: string): RouteLabeller {
  const file = resolve(process.cwd(), distDir, 'routes-manifest.json');
  try {
    const manifest = routesManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
    return routeLabeller(manifest, { locales: LOCALES, defaultLocale: DEFAULT_LOCALE });
  } catch (error) {
    console.error(`[metrics] the routes manifest ${file} could not be read: requests are labelled ${UNMATCHED_ROUTE}`, error);
    return { label: () => UNMATCHED_ROUTE };
  }
}

/**
 * Turns metrics on: the recorder goes where the app's counters and server.mjs find it, and GET /metrics is served on
 * 127.0.0.1:`port`. A port that cannot be taken is logged and the storefront serves on without metrics: renters are
 * not turned away for it, and the scraper sees the instance as down.
 */
export function startMetricsServer({ port, distDir, instance, brand, build }: { port: number; distDir: string; instance?: string; brand: string; build: string }) {
  const { registry, recorder } = createStorefrontMetrics({ label: buildRouteLabeller(distDir).label, instance, brand, build });
  installMetricsRecorder(recorder);
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?', 1)[0];
    if (path !== '/metrics' || (request.method !== 'GET' && request.method !== 'HEAD')) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    registry.metrics().then(
      (body) => response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(request.method === 'HEAD' ? undefined : body),
      (error: unknown) => {
        console.error('[metrics] the metrics could not be collected', error);
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('The metrics could not be collected\n');
      },
    );
  });
  server.on('error', (error) => console.error(`[metrics] could not serve the metrics on 127.0.0.1:${port}; the storefront serves on without them`, error));
  // It must not keep the process alive once the storefront stops.
  server.unref();
  server.listen(port, '127.0.0.1', () => console.log(`[metrics] Prometheus metrics on http://127.0.0.1:${port}/metrics`));
  return server;
}
