// The sandbox's HTTP server: routing, the test controls under /__sandbox, one log line per request (method, path,
// status, time, and the caller's X-Request-Id as reqId; never a body nor a query string), and the simulated latency
// and outage of the provider APIs.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Config } from './config.ts';
import type { Context, Log } from './context.ts';
import { MAX_BODY_BYTES, json, parseJsonObject, text, type Reply, type Request } from './http.ts';
import { createMetrobank } from './metrobank/api.ts';
import { createPaypal, paypalError } from './paypal/api.ts';
import { Store } from './store.ts';
import { WebhookDispatcher, type WebhookMode } from './webhooks.ts';

export interface Controls {
  latency_ms: number;
  down: boolean;
  webhooks: WebhookMode;
  capture_amount_delta_cents: number;
}

export interface Sandbox {
  url: string;
  server: Server;
  close(): Promise<void>;
}

const MAX_LATENCY_MS = 120_000;

/** A caller's request id as it may be logged: letters, digits and `._:-`, 8 to 128 of them (nginx's are 32 hex digits). */
function requestIdOf(sent: string | string[] | undefined): string | undefined {
  return typeof sent === 'string' && /^[A-Za-z0-9._:-]{8,128}$/.test(sent) ? sent : undefined;
}
const WEBHOOK_MODES: readonly WebhookMode[] = ['send', 'hold', 'drop'];

/** The provider APIs: what the latency and outage controls act on (pages and the card fields are not APIs). */
function isApi(path: string): boolean {
  return /^\/metrobank\/v1\//.test(path) || /^\/paypal\/v[12]\//.test(path);
}

export function createSandbox(config: Config, log: Log) {
  const store = new Store(config.dataDir);
  const webhooks = new WebhookDispatcher({ retryMs: config.webhookRetryMs, log });
  const context: Context = { config, store, webhooks, log, faults: { captureAmountDeltaCents: 0 } };
  const metrobank = createMetrobank(context);
  const paypal = createPaypal(context);
  const controls = { latency_ms: 0, down: false };
  const currentControls = (): Controls => ({ latency_ms: controls.latency_ms, down: controls.down, webhooks: webhooks.mode, capture_amount_delta_cents: context.faults.captureAmountDeltaCents });

  function control(request: Request): Reply {
    const { method, path } = request;
    if (path === '/__sandbox/control' && method === 'GET') return json(200, currentControls());
    if (path === '/__sandbox/control' && method === 'POST') {
      const parsed = parseJsonObject(request.body);
      if (parsed === null) return json(400, { error: { type: 'invalid_request_error', message: 'The body must be a JSON object.' } });
      const body = parsed ?? {};
      const { latency_ms: latency, down, webhooks: mode, capture_amount_delta_cents: delta } = body;
      if (delta !== undefined && (typeof delta !== 'number' || !Number.isInteger(delta) || Math.abs(delta) > 1_000_000)) {
        return json(400, { error: { type: 'invalid_request_error', param: 'capture_amount_delta_cents', message: 'capture_amount_delta_cents must be an integer of at most 1000000 cents either way.' } });
      }
      if (latency !== undefined && (typeof latency !== 'number' || !Number.isFinite(latency) || latency < 0 || latency > MAX_LATENCY_MS)) {
        return json(400, { error: { type: 'invalid_request_error', param: 'latency_ms', message: `latency_ms must be a number from 0 to ${MAX_LATENCY_MS}.` } });
      }
      if (down !== undefined && typeof down !== 'boolean') return json(400, { error: { type: 'invalid_request_error', param: 'down', message: 'down must be a boolean.' } });
      if (mode !== undefined && !WEBHOOK_MODES.includes(mode as WebhookMode)) {
        return json(400, { error: { type: 'invalid_request_error', param: 'webhooks', message: "webhooks must be 'send', 'hold' or 'drop'." } });
      }
      if (typeof latency === 'number') controls.latency_ms = Math.round(latency);
      if (typeof down === 'boolean') controls.down = down;
      if (mode !== undefined) webhooks.setMode(mode as WebhookMode);
      if (typeof delta === 'number') context.faults.captureAmountDeltaCents = delta;
      log.info(`controls: latency ${controls.latency_ms} ms, ${controls.down ? 'down' : 'up'}, webhooks ${webhooks.mode}`);
      return json(200, currentControls());
    }
    if (path === '/__sandbox/reset' && method === 'POST') {
      controls.latency_ms = 0;
      controls.down = false;
      context.faults.captureAmountDeltaCents = 0;
      webhooks.setMode('send');
      log.info('controls: reset');
      return json(200, currentControls());
    }
    if (path === '/__sandbox/webhooks/flush' && method === 'POST') return json(200, { flushed: webhooks.flush() });
    if (path === '/__sandbox/webhooks' && method === 'GET') return json(200, { deliveries: webhooks.list() });
    return json(404, { error: { type: 'invalid_request_error', message: `No sandbox control at ${method} ${path}.` } });
  }

  async function route(request: Request): Promise<Reply> {
    const { method, path } = request;
    if (path === '/__sandbox/ping') return method === 'GET' || method === 'HEAD' ? text(200, 'pong') : text(405, 'method not allowed');
    if (path.startsWith('/__sandbox/')) return control(request);
    const api = isApi(path);
    let reply: Reply;
    if (api && controls.down) {
      reply = path.startsWith('/paypal/')
        ? paypalError(503, 'SERVICE_UNAVAILABLE', [], 'Service Unavailable (sandbox test control).')
        : json(503, { error: { type: 'api_error', message: 'Service unavailable' } });
    } else if (path.startsWith('/metrobank/')) {
      reply = metrobank.handle(request) ?? metrobank.notFound(request);
    } else if (path.startsWith('/paypal/')) {
      reply = paypal.handle(request) ?? paypal.notFound();
    } else {
      reply = json(404, { error: { type: 'invalid_request_error', message: 'Not found: the sandbox serves /metrobank, /paypal and /__sandbox.' } });
    }
    // The work is done first, the answer is late: like a slow network, where a client that gives up may retry.
    if (api && controls.latency_ms > 0) await new Promise((done) => setTimeout(done, controls.latency_ms));
    return reply;
  }

  function send(response: ServerResponse, reply: Reply): void {
    response.writeHead(reply.status, { ...reply.headers, 'content-length': Buffer.byteLength(reply.body) });
    response.end(reply.body);
  }

  function onRequest(incoming: IncomingMessage, response: ServerResponse): void {
    const started = Date.now();
    const url = new URL(incoming.url ?? '/', 'http://sandbox.invalid');
    const method = incoming.method ?? 'GET';
    // The storefront names the request a call serves (X-Request-Id): the line carries it, so one renter's request can be
    // followed from the storefront's lines to these.
    const reqId = requestIdOf(incoming.headers['x-request-id']);
    const tagged = reqId === undefined ? {} : { reqId };
    response.once('finish', () => {
      const ms = Date.now() - started;
      log.info({ ...tagged, method, path: url.pathname, status: response.statusCode, ms }, `${method} ${url.pathname} ${response.statusCode} ${ms}ms`);
    });
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    incoming.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    incoming.once('error', () => response.destroy());
    incoming.once('end', () => {
      if (tooLarge) {
        send(response, json(413, { error: { type: 'invalid_request_error', message: `The body is larger than ${MAX_BODY_BYTES} bytes.` } }));
        return;
      }
      const request: Request = { method, path: url.pathname, query: url.searchParams, headers: incoming.headers, body: Buffer.concat(chunks) };
      route(request).then(
        (reply) => send(response, reply),
        (error: unknown) => {
          // The stack names code, never a body: nothing here quotes request data.
          log.error({ ...tagged, err: error }, `internal error on ${method} ${url.pathname}`);
          if (!response.headersSent) send(response, json(500, { error: { type: 'api_error', message: 'Internal sandbox error' } }));
        },
      );
    });
  }

  return { context, onRequest, controls: currentControls, paypalCertUrl: paypal.certUrl };
}

/** Starts the sandbox on config.host:config.port. */
export async function startSandbox(config: Config, log: Log): Promise<Sandbox> {
  const sandbox = createSandbox(config, log);
  const server = createServer((request, response) => sandbox.onRequest(request, response));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return {
    url: `http://${host}:${config.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        sandbox.context.webhooks.close();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
