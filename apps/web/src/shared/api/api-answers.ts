import 'server-only';
import { Readable } from 'node:stream';
import { NextResponse, type NextRequest } from 'next/server';
import type { z } from 'zod';
import type { Locale } from '@/i18n/routing';
import { ContentServiceError, hitRateLimit, type RateLimitRule } from '@/content';
import { issue, translateIssues, type BookingIssue, type IssueMessage } from '@/lib/issues';
import { clientAddress } from '@/lib/client-address';
import { edgeRequestOfWeb, requestLocale } from '@/lib/edge';
import { logFor } from '@/lib/log';

const log = logFor('api');

/**
 * The public booking API's edges: language from Accept-Language (Spanish by default), JSON bodies validated with zod,
 * errors as `{ "errors": [{ "field", "code", "message" }] }` (422 invalid input, 409 sold out or no longer possible, 429
 * too many attempts, 503 content service down), and never a 500 for a caller's mistake.
 */

/** The language of an API answer, as the edge reads it for every request that is not a page (lib/edge). */
export function apiLocale(request: Request): Locale {
  return requestLocale(edgeRequestOfWeb(request));
}

export function errorResponse(status: number, issues: readonly BookingIssue[], locale: Locale, headers?: HeadersInit): NextResponse {
  return NextResponse.json({ errors: translateIssues(issues, locale) }, { status, headers });
}

/**
 * Any `/api/...` address no route answers: 404 in the API's error shape.
 * Without it Next would answer with the storefront's HTML "Page Not Found", and take a multipart POST for a server
 * action of that page (a 500 when its body does not parse).
 */
export function unknownApiPath(request: Request): NextResponse {
  return errorResponse(404, [issue('path', 'booking.errors.unknownApiPath')], apiLocale(request));
}

const ZOD_MESSAGES: Record<string, IssueMessage> = {
  required: 'validation.required',
  terms_required: 'validation.termsRequired',
};

/** A zod failure as issues on the caller's field names (`client.birthday`). */
export function issuesOfZod(error: z.ZodError): BookingIssue[] {
  return error.issues.map((entry) => {
    const field = entry.path.map(String).join('.') || 'body';
    const missing = entry.code === 'invalid_type' && entry.input === undefined;
    const message = missing ? 'validation.required' : (ZOD_MESSAGES[entry.message] ?? 'booking.errors.invalidValue');
    return issue(field, message);
  });
}

export type ParsedBody<T> = { ok: true; value: T } | { ok: false; response: NextResponse };

/**
 * The most of a JSON body the API reads (the quote's fast path included): its bodies are under a kilobyte. Past this
 * the body is cut off, so it does not parse (400), and the rest is read and dropped so the answer can still be sent.
 */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

/** A web request's body as the chunks readJsonBody takes (a Node request is already such chunks). */
export async function* bodyChunks(request: Request): AsyncIterable<Uint8Array> {
  if (!request.body) return;
  const reader = request.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) yield read.value;
}

/** A body's first `limit` bytes, every chunk counted; its JSON once the body has ended. */
class KeptBody {
  private readonly kept: Buffer[] = [];
  private size = 0;

  constructor(private readonly limit: number) {}

  add(chunk: Uint8Array | string): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.size < this.limit) this.kept.push(bytes.subarray(0, this.limit - this.size));
    this.size += bytes.length;
  }

  /** Read as Request.json() reads a body: UTF-8, a byte-order mark ignored; throws when it is not JSON. */
  json(): unknown {
    const text = (this.kept.length === 1 ? this.kept[0] : Buffer.concat(this.kept))?.toString('utf8') ?? '';
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  }
}

/**
 * The body as JSON, read as Request.json() reads it (UTF-8, a byte-order mark ignored); throws when it is not JSON,
 * or when the stream fails or closes before its end. A Node stream (the quote's fast path reads the Node request) is
 * read through its events: an async iterator over it cost the fast path a twentieth of a quote.
 */
export async function readJsonBody(chunks: AsyncIterable<Uint8Array | string> | Readable, limit = JSON_BODY_LIMIT_BYTES): Promise<unknown> {
  const body = new KeptBody(limit);
  if (chunks instanceof Readable) {
    // A stream already gone would never end: refused at once rather than left waiting.
    if (chunks.destroyed) throw new Error('the body was cut off: its stream was closed before it was read');
    await new Promise<void>((ended, failed) => {
      let done = false;
      chunks.on('data', (chunk: Buffer | string) => body.add(chunk));
      chunks.once('end', () => {
        done = true;
        ended();
      });
      chunks.once('error', failed);
      chunks.once('close', () => {
        if (!done) failed(new Error('the body was cut off: its stream closed before it ended'));
      });
    });
    return body.json();
  }
  for await (const chunk of chunks) body.add(chunk);
  return body.json();
}

/** Reads and validates a JSON body: 400 when it is not JSON (or was cut off), 422 naming each wrong field. */
export async function parseBody<Schema extends z.ZodType>(request: Request, schema: Schema, locale: Locale): Promise<ParsedBody<z.output<Schema>>> {
  return parseJsonBody(() => readJsonBody(bodyChunks(request)), schema, locale);
}

/** parseBody for a body read some other way: `readJson` gives it parsed, or throws when it is not JSON. */
export async function parseJsonBody<Schema extends z.ZodType>(readJson: () => Promise<unknown>, schema: Schema, locale: Locale): Promise<ParsedBody<z.output<Schema>>> {
  let body: unknown;
  try {
    body = await readJson();
  } catch {
    return { ok: false, response: errorResponse(400, [issue('body', 'booking.errors.invalidJson')], locale) };
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { ok: false, response: errorResponse(422, issuesOfZod(parsed.error), locale) };
  return { ok: true, value: parsed.data };
}

/** 429 with Retry-After when the client has used up `rule`, else undefined. */
export async function rateLimited(request: NextRequest, rule: RateLimitRule, locale: Locale): Promise<NextResponse | undefined> {
  const outcome = await hitRateLimit(rule, clientAddress(request.headers));
  if (outcome.allowed) return undefined;
  const seconds = outcome.retryAfterSeconds;
  return errorResponse(429, [issue('client', 'booking.errors.rateLimited', { seconds }, 'rate_limited')], locale, { 'Retry-After': String(seconds) });
}

/**
 * Runs a handler; the content service being down or refusing answers 503 (the booking is not recorded), anything else
 * unexpected is logged and answers 500 without details.
 */
export async function withBookingErrors<Result = NextResponse>(locale: Locale, handler: () => Promise<Result>): Promise<Result | NextResponse> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof ContentServiceError) {
      return errorResponse(503, [issue('service', 'booking.errors.serviceUnavailable', undefined, 'service_unavailable')], locale, { 'Retry-After': '30' });
    }
    log.error({ err: error }, 'unexpected error');
    return NextResponse.json({ errors: [{ field: 'service', code: 'internal_error', message: 'Internal error' }] }, { status: 500 });
  }
}
