import type { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CacheHandler } from '@fortedigital/nextjs-cache-handler';
import type { Logger } from 'pino';
import type { MetricsRecorder } from './src/lib/metrics';

/**
 * What the production server does to each request before Next or the quote's fast path sees it, where the socket is
 * known (src/lib/edge/server-edge.ts makes it; server.mjs calls it):
 * - `stamp`: writes the client's address and the request's id in the request's headers (replacing what the client
 *   sent under those names) and answers the id;
 * - `stampHeaders`: sets the deployment's response headers for the request's path; answers true when it answered the
 *   request itself (a build file asked with a method it does not serve), which then goes no further.
 */
export type ServerEdge = {
  stamp(request: IncomingMessage): string;
  stampHeaders(request: IncomingMessage, response: ServerResponse): boolean;
};

/** `POST /api/quote` answered before Next's request pipeline (src/features/pricing/api/quote-fast-path.ts). */
export type QuoteFastPath = {
  /**
   * The fast path's answer to this request, or undefined when it leaves the request to Next (not a quote, or no copy
   * of the content yet). Nothing of the request has been read when it is left.
   */
  take(request: IncomingMessage): ((response: ServerResponse) => Promise<void>) | undefined;
  /** Reads the content again now, when it holds a copy (the revalidation webhook has expired some of it). */
  renew(): void;
};

/** What Next's cache handler is made of when the page cache is in Redis (cache-handler.mjs). */
export type CacheHandlerSetup = Awaited<ReturnType<Parameters<(typeof CacheHandler)['onCreation']>[0]>>;

/**
 * The hand-over: one object per process (handover.mjs), a slot per thing handed over. Each slot is written by one
 * party, once, and read by the others; an empty slot means its writer does not run in this process (no production
 * server under `next dev`, metrics off) and every reader then does without it.
 */
export type Handover = {
  /**
   * Written by server.mjs before it loads the app. `origin`: where the server listens (src/instrumentation.ts gives it
   * to the start-up recheck). `receiveEdge`: src/instrumentation.ts hands the edge over through it once Next has
   * prepared the app; server.mjs listens only then.
   */
  server?: { readonly origin: string; receiveEdge(edge: ServerEdge): void };
  /** Written by src/instrumentation.ts in a production server; read by server.mjs for each request, and by the revalidation route (renew). */
  quoteFastPath?: QuoteFastPath;
  /** Written by src/lib/metrics-server.ts when metrics are on (METRICS_PORT); read by server.mjs, server-response.mjs and src/lib/metrics.ts. */
  metrics?: MetricsRecorder;
  /** Written by the first copy of logger.mjs to load: the process's one logger and its store of the current request's id. */
  logging?: { readonly logger: Logger; readonly requests: AsyncLocalStorage<string> };
  /** Written by cache-handler.mjs on Next's first cache: one Redis connection per process, whatever Next's request contexts. */
  cacheHandlers?: CacheHandlerSetup;
};

export const handover: Handover;
