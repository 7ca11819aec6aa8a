#!/usr/bin/env node
// The storefront's production server: `next start` with two additions. Every request first passes the edge
// (src/lib/edge: made by the app, handed over to this server by src/instrumentation.ts), where the socket is known:
// the client's address (the peer, or what a trusted proxy forwarded, TRUSTED_PROXIES) written in a header the app
// owns, whatever the client sent under that name; the request's id (the trusted proxy's X-Request-Id, else a new one);
// and the deployment's response headers (src/proxy.ts does not run for every page). Then a request `POST /api/quote`
// is offered to the quote's fast path (src/features/pricing/api/quote-fast-path.ts, installed by src/instrumentation.ts
// when the app is prepared), which answers it without Next's request pipeline; everything else, and a quote the fast
// path leaves, goes to Next exactly as under `next start`.
// The request's id is answered in X-Request-Id and kept for the whole of the request's work (logger.mjs), so every log
// line of the request and every call it makes to the content service or a payment gateway carry it, and the
// request's own line says how it ended.
// What passes between this server and the app Next bundles passes through the hand-over (handover.mjs): nothing else
// is shared. docs/architecture.md, "The edge and the hand-over", lists the Next internals this file relies on.
// Usage: node server.mjs [--hostname 127.0.0.1] [--port 3000]
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import next from 'next';
import { handover } from './handover.mjs';
import { logger, runWithRequestId } from './logger.mjs';
import { StorefrontResponse } from './server-response.mjs';

const log = logger.child({ area: 'server' });

// As under `next start`: React and Next run their production builds.
process.env.NODE_ENV ??= 'production';

// Started by scripts/lib/web-server.mjs or the image, Node runs with async context frames (STOREFRONT_NODE_OPTIONS):
// without them the request-scoped stores put a hook on every promise, and the server is slower, not wrong.
if (!process.execArgv.includes('--experimental-async-context-frame')) {
  log.warn('started without --experimental-async-context-frame (scripts/lib/web-server.mjs): every request costs more CPU');
}

const { values } = parseArgs({
  options: { hostname: { type: 'string', default: '127.0.0.1' }, port: { type: 'string', default: process.env.PORT ?? '3000' } },
});
const hostname = values.hostname;
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  log.fatal(`--port must be a port number, not "${values.port}"`);
  process.exit(1);
}

// Where this server listens, a wildcard address (a container's 0.0.0.0) named as this machine: for the app's start-up
// recheck (src/instrumentation.ts) through the hand-over, and for Next itself, which reads __NEXT_PRIVATE_ORIGIN (set
// by `next start`) to fetch the page a server action redirects to from this server rather than from the address the
// browser used (docs/architecture.md, "The edge and the hand-over").
const originHost = hostname === '0.0.0.0' ? 'localhost' : hostname === '::' ? '[::1]' : hostname.includes(':') ? `[${hostname}]` : hostname;
const origin = `http://${originHost}:${port}`;
process.env.__NEXT_PRIVATE_ORIGIN = origin;
// The edge (src/lib/edge) is handed over by src/instrumentation.ts, whose register() Next runs once the app is
// prepared (it does not await it): the server listens only once it has it.
const edgeReceived = new Promise((receiveEdge) => {
  handover.server = { origin, receiveEdge };
});
const app = next({ dev: false, hostname, port, dir: import.meta.dirname });
try {
  await app.prepare();
} catch (error) {
  // An invalid environment (next.config.ts refuses it, naming the variable) or a missing build: exit 1, as next start.
  log.fatal({ err: error }, 'the storefront could not start');
  process.exit(1);
}
const handleWithNext = app.getRequestHandler();

// Without it the app would read a client address the client chose and serve pages without their security headers,
// so the server does not start.
const edge = await Promise.race([
  edgeReceived,
  new Promise((giveUp) => setTimeout(giveUp, 60_000).unref()),
]);
if (typeof edge?.stamp !== 'function' || typeof edge.stampHeaders !== 'function') {
  log.fatal('the app did not hand over its edge (client address, request id, response headers) within 60 s (src/instrumentation.ts, src/lib/edge/server-edge.ts)');
  process.exit(1);
}

// Once serving, like `next start`: an error nobody awaited is logged and the server keeps answering.
process.on('uncaughtException', (error) => log.error({ err: error }, 'uncaught exception'));
process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled rejection'));

const requests = logger.child({ area: 'request' });

/**
 * One line per request once its answer is sent (or the client went away): method, path without the query (which may
 * name a renter: manage booking's e-mail), status and time. 5xx answers are errors.
 */
function logWhenDone(request, response, reqId) {
  const started = performance.now();
  response.once('close', () => {
    const url = request.url ?? '/';
    const query = url.indexOf('?');
    const line = {
      reqId,
      method: request.method,
      path: query === -1 ? url : url.slice(0, query),
      status: response.statusCode,
      ms: Math.round(performance.now() - started),
      ...(response.writableFinished ? {} : { aborted: true }),
    };
    if (response.statusCode >= 500) requests.error(line, 'request failed');
    else requests.info(line, 'request completed');
  });
}

// Answers go out through StorefrontResponse: a cached page's HTML is written as bytes (server-response.mjs). The
// metrics recorder (when METRICS_PORT is set) and the quote's fast path are read from the hand-over on each request:
// the app puts them there while it starts.
const server = createServer({ ServerResponse: StorefrontResponse }, (request, response) => {
  handover.metrics?.observeRequest(request, response);
  const reqId = edge.stamp(request);
  response.setHeader('X-Request-Id', reqId);
  logWhenDone(request, response, reqId);
  runWithRequestId(reqId, () => {
    // True when the edge answered itself (a build file asked with a method it does not serve).
    if (edge.stampHeaders(request, response)) return;
    const answer = handover.quoteFastPath?.take(request);
    if (answer) void answer(response);
    else void handleWithNext(request, response);
  });
});
server.on('error', (error) => {
  log.fatal({ err: error }, 'could not listen');
  process.exit(1);
});
server.listen(port, hostname, () => log.info(`storefront ready on ${origin}`));

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  // Stop taking connections, let the requests under way finish, then let Next finish its own work (after()).
  const closed = new Promise((done) => server.close(() => done()));
  // A client holding its connection open does not keep the server from stopping for more than a few seconds.
  setTimeout(() => server.closeAllConnections(), 5000).unref();
  await closed;
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
