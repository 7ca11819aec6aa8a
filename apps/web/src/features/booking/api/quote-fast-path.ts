import 'server-only';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { NextRequest } from 'next/server';
import { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { matchAcceptLanguage } from '@/i18n/locale-detection';
import { applyDeploymentHeaders } from '@/lib/deployment-headers';
import { crossSiteRefusal, isCrossSiteMutation } from '@/features/accounts';
import type { PricingContent } from '../pricing';
import { quoteAnswer } from './quote-endpoint';

/**
 * `POST /api/quote` answered before Next's request pipeline. A route handler that does nothing already costs about
 * 2 ms of one Node thread per request here (routing, the proxy, the route runtime), so at 20 connections its p99 alone
 * is near the quote's 30 ms budget; the quote's own work is about 0.3 ms. The production server (apps/web/server.mjs)
 * asks this fast path first and hands every other request, and a quote it cannot take yet, to Next.
 *
 * It prices with the same function as the route (quoteAnswer, priceSelection) and applies what the proxy would (the
 * cross-site check, the deployment's headers). Its content is a copy of the tagged cache, read through the storefront's
 * own internal route (app/api/internal/pricing-content): so staff edits reach it as they reach the route (the
 * webhook expires the tags, in Redis for several instances), a second or two later (COPY_FRESH_MS and the read). A
 * coupon is read fresh from the content service, as on the route.
 */

export const QUOTE_PATH = '/api/quote';
export const PRICING_CONTENT_PATH = '/api/internal/pricing-content';
export const PRICING_CONTENT_TOKEN_HEADER = 'x-pricing-content-token';

/** How long a copy is used as it is; after that a request still gets it while the next copy is read. */
export const COPY_FRESH_MS = 1000;
/** The oldest copy ever used: past this (the internal route keeps failing) quotes go to Next's route again. */
export const COPY_MAX_STALE_MS = 30_000;
/** A quote's body is under a kilobyte; past this it is cut off, as Next cuts off a body past its limit (400). */
export const QUOTE_BODY_LIMIT_BYTES = 64 * 1024;

export type QuoteFastPath = {
  /**
   * The fast path's answer to this request, or undefined when it leaves the request to Next (not a quote, or no copy
   * of the content yet). Nothing of the request has been read when it is left.
   */
  take(request: IncomingMessage): ((response: ServerResponse) => Promise<void>) | undefined;
};

type Handoff = { fastPath?: QuoteFastPath; token?: string };

/**
 * Next bundles the app (and src/instrumentation.ts, which installs the fast path) apart from the server that starts
 * it, so they meet on one process-wide object: the server reads the fast path from it, the internal route its token.
 */
const HANDOFF_KEY = Symbol.for('rentacar.storefront.quoteFastPath');

function handoff(): Handoff {
  const holder = globalThis as typeof globalThis & { [HANDOFF_KEY]?: Handoff };
  holder[HANDOFF_KEY] ??= {};
  return holder[HANDOFF_KEY];
}

/** The token the internal route asks for, or undefined when no fast path runs in this process (the route then 404s). */
export function pricingContentToken(): string | undefined {
  return handoff().token;
}

/** Called once by src/instrumentation.ts in a production server; `origin` is where this server listens. */
export function installQuoteFastPath({ origin }: { origin: string }): void {
  const token = randomBytes(32).toString('hex');
  const copy = new PricingContentCopy(() => readPricingContent(origin, token));
  handoff().token = token;
  handoff().fastPath = createQuoteFastPath(copy);
}

/** Whether `method` and `url` (a request line's target) ask for a quote. */
export function isQuoteRequest(method: string | undefined, url: string | undefined): boolean {
  if (method !== 'POST' || url === undefined) return false;
  const query = url.indexOf('?');
  return (query === -1 ? url : url.slice(0, query)) === QUOTE_PATH;
}

export function createQuoteFastPath(copy: PricingContentCopy): QuoteFastPath {
  return {
    take(request) {
      if (!isQuoteRequest(request.method, request.url)) return undefined;
      const content = copy.current();
      if (content === undefined) return undefined;
      return async (response) => {
        try {
          const body = await readBody(request);
          const startedAt = performance.now();
          const answer =
            refusalAsCrossSite(request) ??
            (await quoteAnswer(
              { locale: matchAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LOCALE, readJson: () => Promise.resolve(parseJson(body)) },
              content,
            ));
          applyDeploymentHeaders(answer.headers, QUOTE_PATH);
          // Which way the quote came, and what it cost here: shown by browsers' tools, read by the tests.
          answer.headers.set('Server-Timing', `quote;desc="fast path";dur=${(performance.now() - startedAt).toFixed(2)}`);
          await writeResponse(response, answer);
        } catch (error) {
          // The caller went away mid-request: there is no one to answer.
          console.error('[quote fast path] request not answered', error);
          response.destroy();
        }
      };
    },
  };
}

/** The proxy's cross-site check (features/accounts/csrf.ts); only a request with cookies can carry a session. */
function refusalAsCrossSite(request: IncomingMessage): Response | undefined {
  if (request.headers.cookie === undefined) return undefined;
  return isCrossSiteMutation(requestOfNode(request), serverEnv().siteUrl) ? crossSiteRefusal() : undefined;
}

/** The body as JSON, as Request.json() reads it (UTF-8, a byte-order mark ignored); throws when it is not JSON. */
export function parseJson(body: Buffer): unknown {
  const text = body.toString('utf8');
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
}

/**
 * The content a quote reads, copied from the tagged cache and renewed in the background once older than
 * `freshForMs`: no request waits for the copy, and a failed read keeps the last copy (up to `maxStaleMs`).
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

  private renew(): void {
    if (this.reading) return;
    const startedAt = this.clock();
    this.reading = this.read()
      .then(
        (content) => {
          this.copy = { content, readAt: startedAt };
        },
        (error: unknown) => console.error('[quote fast path] the pricing content could not be read; quotes go to the route meanwhile', error),
      )
      .finally(() => {
        this.reading = undefined;
      });
  }
}

// The internal route sends PricingContent as this build serializes it; checked here only for its outline.
const pricingContentOutline = z.object({
  appData: z.object({ site: z.object({}).loose(), fleet: z.object({ cars: z.array(z.unknown()), failed: z.boolean() }) }),
  branches: z.array(z.unknown()),
  catalog: z.object({ coverages: z.array(z.unknown()), extras: z.array(z.unknown()), deliveryOptions: z.array(z.unknown()), dropoffFees: z.array(z.unknown()) }),
});

async function readPricingContent(origin: string, token: string): Promise<PricingContent> {
  const response = await fetch(new URL(PRICING_CONTENT_PATH, origin), {
    headers: { [PRICING_CONTENT_TOKEN_HEADER]: token },
    cache: 'no-store',
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`${PRICING_CONTENT_PATH} answered ${response.status}`);
  const body: unknown = await response.json();
  pricingContentOutline.parse(body);
  return body as PricingContent;
}

/** The request's body, cut off past QUOTE_BODY_LIMIT_BYTES (the rest is read and dropped, so the reply can be sent). */
export async function readBody(request: AsyncIterable<Buffer | string>, limit = QUOTE_BODY_LIMIT_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (size < limit) chunks.push(bytes.subarray(0, limit - size));
    size += bytes.length;
  }
  return Buffer.concat(chunks);
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
