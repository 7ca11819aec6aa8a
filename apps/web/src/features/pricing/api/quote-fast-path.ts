import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NextRequest } from 'next/server';
import { serverEnv } from '@/lib/env';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { matchAcceptLanguage } from '@/i18n/locale-detection';
import { applyDeploymentHeaders, stampDeploymentHeaders } from '@/lib/deployment-headers';
import { pathOfTarget } from '@/lib/request-target';
import { readJsonBody } from '@/shared/api';
import { crossSiteRefusal, isCrossSiteMutation } from '@/features/accounts';
import { cachedPricingContent, type PricingContent } from '../pricing';
import { quoteOutcome } from './quote-endpoint';
import { logFor } from '@/lib/log';

const log = logFor('quote-fast-path');

/**
 * `POST /api/quote` answered before Next's request pipeline. A route handler that does nothing already costs about
 * 2 ms of one Node thread per request here (routing, the proxy, the route runtime), so at 20 connections its p99 alone
 * is past the quote's 30 ms budget; the whole quote here takes about 0.1 ms of CPU. The production server (apps/web/server.mjs)
 * offers each request to the fast path first and hands every other request, and a quote it cannot take yet, to Next.
 *
 * It answers with the route's own code (quoteAnswer: the body reader and its limit, validation, priceSelection) and
 * what the proxy would add (the same cross-site check, the deployment's headers). It prices from a copy of the tagged
 * cache held in this process: read in process through the same cached reads as every page, renewed in the background
 * once a second old and at once when this instance receives the revalidation webhook. The once-a-second renewal is
 * how the other instances of a cluster learn of an edit: the webhook reaches one of them, the shared cache all.
 */

export const QUOTE_PATH = '/api/quote';

/** How long a copy is used as it is; after that a request still gets it while the next copy is read. */
export const COPY_FRESH_MS = 1000;
/** The oldest copy ever used: past this (the reads keep failing) quotes go to Next's route again. */
export const COPY_MAX_STALE_MS = 30_000;

export type QuoteFastPath = {
  /**
   * The fast path's answer to this request, or undefined when it leaves the request to Next (not a quote, or no copy
   * of the content yet). Nothing of the request has been read when it is left.
   */
  take(request: IncomingMessage): ((response: ServerResponse) => Promise<void>) | undefined;
  /** Reads the content again now, when it holds a copy (the revalidation webhook has expired some of it). */
  renew(): void;
};

/**
 * Next bundles the app (and src/instrumentation.ts, which installs the fast path) apart from server.mjs that starts
 * it, and its route modules apart from the instrumentation: they meet on one process-wide slot, as Next's own cache
 * does. server.mjs reads the fast path from it; the revalidation route asks it to renew its copy.
 */
const SLOT = Symbol.for('rentacar.storefront.quoteFastPath');

function slot(): { fastPath?: QuoteFastPath } {
  const holder = globalThis as typeof globalThis & { [SLOT]?: { fastPath?: QuoteFastPath } };
  holder[SLOT] ??= {};
  return holder[SLOT];
}

/** Called once by src/instrumentation.ts in a production server. */
export function installQuoteFastPath(): void {
  slot().fastPath = createQuoteFastPath(new PricingContentCopy(cachedPricingContent));
}

/** After the revalidation webhook expired tags: the fast path's copy is read again (nothing when none runs here). */
export function renewQuoteContent(): void {
  slot().fastPath?.renew();
}

/** Whether `method` and `url` (a request line's target) ask for a quote. */
export function isQuoteRequest(method: string | undefined, url: string | undefined): boolean {
  return method === 'POST' && url !== undefined && pathOfTarget(url) === QUOTE_PATH;
}

export function createQuoteFastPath(copy: PricingContentCopy): QuoteFastPath {
  return {
    renew: () => copy.refresh(),
    take(request) {
      if (!isQuoteRequest(request.method, request.url)) return undefined;
      const content = copy.current();
      if (content === undefined) return undefined;
      return async (response) => {
        try {
          const startedAt = performance.now();
          const refusal = refusalAsCrossSite(request);
          const outcome = refusal
            ? { answer: refusal }
            : await quoteOutcome({ locale: matchAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE, readJson: () => readJsonBody(request) }, content);
          // Which way the quote came, and what it cost here: shown by browsers' tools, read by the tests.
          const timing = () => `quote;desc="fast path";dur=${(performance.now() - startedAt).toFixed(2)}`;
          if ('priced' in outcome) {
            writeJson(response, outcome.priced, timing());
            return;
          }
          const { answer } = outcome;
          applyDeploymentHeaders(answer.headers, QUOTE_PATH);
          answer.headers.set('Server-Timing', timing());
          await writeResponse(response, answer);
        } catch (error) {
          // The caller went away mid-request: there is no one to answer.
          log.error({ err: error }, 'request not answered');
          response.destroy();
        }
      };
    },
  };
}

/** The proxy's cross-site check (features/accounts); only a request with cookies can carry a session. */
function refusalAsCrossSite(request: IncomingMessage): Response | undefined {
  if (request.headers.cookie === undefined) return undefined;
  return isCrossSiteMutation(requestOfNode(request), serverEnv().siteUrl) ? crossSiteRefusal() : undefined;
}

/**
 * The content a quote reads, copied from the tagged cache and renewed in the background once older than
 * `freshForMs` (or when asked): no request waits for the copy, and a failed read keeps the last copy (up to
 * `maxStaleMs`). Until the server has served its first request Next's cache is not ready, and the first read fails:
 * quotes go to the route until one succeeds.
 */
export class PricingContentCopy {
  private copy: { content: PricingContent; readAt: number } | undefined;
  private reading: Promise<void> | undefined;

  constructor(
    private readonly read: () => Promise<PricingContent>,
    private readonly clock: () => number = Date.now,
    private readonly freshForMs = COPY_FRESH_MS,
    private readonly maxStaleMs = COPY_MAX_STALE_MS,
  ) {}

  /** The copy to price with now, or undefined while there is none young enough (a read is then started). */
  current(): PricingContent | undefined {
    const age = this.copy ? this.clock() - this.copy.readAt : Infinity;
    if (age > this.freshForMs) this.renew();
    return age <= this.maxStaleMs ? this.copy?.content : undefined;
  }

  /** Resolves when the read under way, if any, is over. */
  async settled(): Promise<void> {
    await this.reading;
  }

  /** Reads again now when there is a copy to renew: before the first quote nothing is read ahead of the pages. */
  refresh(): void {
    if (this.copy) this.renew();
  }

  private renew(): void {
    if (this.reading) return;
    const startedAt = this.clock();
    this.reading = this.read()
      .then(
        (content) => {
          this.copy = { content, readAt: startedAt };
        },
        (error: unknown) => {
          // Expected until the first request has prepared Next's cache; said once a copy existed.
          if (this.copy) log.error({ err: error }, 'the pricing content could not be read; the last copy is used meanwhile');
        },
      )
      .finally(() => {
        this.reading = undefined;
      });
  }
}

/**
 * The Node request as a Web request, for the checks written for the proxy. Its address is this server's own: the Host
 * header is the caller's to write, and the checks read it as a header.
 */
export function requestOfNode(request: Pick<IncomingMessage, 'method' | 'url' | 'rawHeaders'>): NextRequest {
  const headers = new Headers();
  for (let index = 0; index + 1 < request.rawHeaders.length; index += 2) {
    const name = request.rawHeaders[index];
    const value = request.rawHeaders[index + 1];
    if (name !== undefined && value !== undefined) headers.append(name, value);
  }
  const url = new URL(request.url ?? QUOTE_PATH, 'http://127.0.0.1');
  return new NextRequest(url, { method: request.method ?? 'POST', headers });
}

/**
 * A quote's JSON, as NextResponse.json would answer it, with the deployment's headers. Ended as a string: Node then
 * sends the headers and the body (a kilobyte or two) in one write, where bytes take a second, gathered one.
 */
function writeJson(response: ServerResponse, body: unknown, serverTiming: string): void {
  const json = JSON.stringify(body);
  response.statusCode = 200;
  stampDeploymentHeaders(response, QUOTE_PATH);
  response.setHeader('content-type', 'application/json');
  response.setHeader('Server-Timing', serverTiming);
  response.setHeader('content-length', Buffer.byteLength(json));
  response.end(json);
}

async function writeResponse(response: ServerResponse, answer: Response): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  response.statusCode = answer.status;
  answer.headers.forEach((value, name) => {
    if (name !== 'set-cookie') response.setHeader(name, value);
  });
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) response.setHeader('set-cookie', cookies);
  response.setHeader('content-length', body.length);
  response.end(body);
}
