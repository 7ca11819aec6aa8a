import 'server-only';
import type { ServerResponse } from 'node:http';
import { handover, type QuoteFastPath } from '../../../../handover.mjs';
import { crossSiteRefusal, edgeRequestOfNode, requestLocale } from '@/lib/edge';
import { pathOfTarget } from '@/lib/request-target';
import { readJsonBody } from '@/shared/api';
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
 * It answers with the route's own code (quoteAnswer: the body reader and its limit, validation, priceSelection) after
 * the edge's work (lib/edge), as a quote that reaches the route gets it: the production server has stamped the
 * client's address, the request's id and the deployment's headers before offering the request here, and this asks
 * the edge for the cross-site check the proxy makes and for the answer's language. It prices from a copy of the tagged
 * cache held in this process: read in process through the same cached reads as every page, renewed in the background
 * once a second old and at once when this instance receives the revalidation webhook. The once-a-second renewal is
 * how the other instances of a cluster learn of an edit: the webhook reaches one of them, the shared cache all.
 */

export const QUOTE_PATH = '/api/quote';

/** How long a copy is used as it is; after that a request still gets it while the next copy is read. */
export const COPY_FRESH_MS = 1000;
/** The oldest copy ever used: past this (the reads keep failing) quotes go to Next's route again. */
export const COPY_MAX_STALE_MS = 30_000;

/** What server.mjs calls (the type is the hand-over's, handover.d.mts). */
export type { QuoteFastPath };

/** Called once by src/instrumentation.ts in a production server. */
export function installQuoteFastPath(): void {
  handover.quoteFastPath = createQuoteFastPath(new PricingContentCopy(cachedPricingContent));
}

/** After the revalidation webhook expired tags: the fast path's copy is read again (nothing when none runs here). */
export function renewQuoteContent(): void {
  handover.quoteFastPath?.renew();
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
          const edgeRequest = edgeRequestOfNode(request);
          const refusal = crossSiteRefusal(edgeRequest);
          const outcome = refusal ? { answer: refusal } : await quoteOutcome({ locale: requestLocale(edgeRequest), readJson: () => readJsonBody(request) }, content);
          // Which way the quote came, and what it cost here: shown by browsers' tools, read by the tests.
          const timing = () => `quote;desc="fast path";dur=${(performance.now() - startedAt).toFixed(2)}`;
          if ('priced' in outcome) {
            writeJson(response, outcome.priced, timing());
            return;
          }
          const { answer } = outcome;
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
 * A quote's JSON, as NextResponse.json would answer it (the deployment's headers are already on the response: the
 * edge's). Ended as a string: Node then sends the headers and the body (a kilobyte or two) in one write, where bytes
 * take a second, gathered one.
 */
function writeJson(response: ServerResponse, body: unknown, serverTiming: string): void {
  const json = JSON.stringify(body);
  response.statusCode = 200;
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
