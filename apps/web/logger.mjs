// The storefront's one logger: JSON lines on standard output (pino), shared by the production server (server.mjs) and
// the app (src/lib/log.ts), which Next bundles apart from it. Each request's id is kept for the whole of its work
// (AsyncLocalStorage, set by server.mjs where the request arrives) and every line written meanwhile carries it as
// `reqId`. docs/operations.md says how to follow a request by it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomFillSync } from 'node:crypto';
import { hostname } from 'node:os';
import { pino } from 'pino';
import { handover } from './handover.mjs';

/**
 * The levels LOG_LEVEL may name; src/lib/env-schema.ts refuses any other (next.config.ts and src/instrumentation.ts
 * validate the environment before the server serves).
 */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/**
 * A request id as the storefront accepts it from a trusted proxy and passes it on: nginx's `$request_id` is 32
 * hexadecimal digits; other balancers use UUIDs or similar. Nothing that could break a log line or a header.
 */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{8,128}$/;

// Request ids are cut from a block of random bytes filled in bulk: reading the system's random source for each
// request (or dashing and undashing a UUID) was a visible share of a quote's CPU.
const ID_BYTES = 16;
const idBlock = Buffer.alloc(ID_BYTES * 256);
let idOffset = idBlock.length;

/** A new request id, in nginx's shape: 32 hexadecimal digits, 128 random bits. */
export function newRequestId() {
  if (idOffset === idBlock.length) {
    randomFillSync(idBlock);
    idOffset = 0;
  }
  const id = idBlock.toString('hex', idOffset, idOffset + ID_BYTES);
  idOffset += ID_BYTES;
  return id;
}

/**
 * Keys never written, wherever a line's fields or an error's properties would carry them (a second guard: the code
 * logs no personal data). `err.body` is the content service's answer to a failed request, which may quote the values
 * it refused.
 */
const REDACTED = ['err.body', 'email', '*.email', 'phone', '*.phone', 'password', '*.password', 'token', '*.token', 'authorization', '*.authorization', 'cookie', '*.cookie'];

// Next bundles the app's server code in several chunks, each of which may load its own copy of this module: the
// logger and the request store live once per process, in the hand-over (handover.mjs, its `logging` slot).

function create() {
  /** @type {AsyncLocalStorage<string>} */
  const requests = new AsyncLocalStorage();
  const level = process.env.LOG_LEVEL && LOG_LEVELS.includes(process.env.LOG_LEVEL) ? process.env.LOG_LEVEL : 'info';
  const logger = pino({
    name: 'storefront',
    level,
    // INSTANCE_NAME names the instance (X-Served-By) among several behind the balancer.
    base: { pid: process.pid, hostname: hostname(), ...(process.env.INSTANCE_NAME ? { instance: process.env.INSTANCE_NAME } : {}) },
    redact: { paths: REDACTED, censor: '[redacted]' },
    mixin: () => {
      const reqId = requests.getStore();
      return reqId === undefined ? {} : { reqId };
    },
  });
  return { logger, requests };
}

/** The process's one logger and request store, made by the first copy of this module to load. */
function shared() {
  return (handover.logging ??= create());
}

/** The root logger (`name: storefront`); areas of the code log through a child, `logger.child({ area })`. */
export const logger = shared().logger;

/** Runs `work` as the handling of the request `id`: every line logged during it, and after it, carries `reqId`. */
export function runWithRequestId(id, work) {
  return shared().requests.run(id, work);
}

/** The id of the request being handled, if any. */
export function currentRequestId() {
  return shared().requests.getStore();
}

/**
 * Runs `work` outside any request: for what outlives the request that happened to start it (a timer, a connection),
 * whose lines must not carry that request's id.
 */
export function outsideRequests(work) {
  return shared().requests.exit(work);
}
