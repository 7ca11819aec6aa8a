import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { NextResponse } from 'next/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_COOKIE } from '@/lib/cookies';
import { clearLogged, logged } from '../../../../test/log-capture';
import type { PricingContent } from '../pricing';

type QuoteCall = { locale: 'es' | 'en'; readJson: () => Promise<unknown> };
type Outcome = { priced: Record<string, unknown> } | { answer: NextResponse };
const quoteOutcome = vi.fn<(call: QuoteCall, content?: PricingContent) => Promise<Outcome>>();
vi.mock('./quote-endpoint', () => ({ quoteOutcome }));
vi.mock('@/lib/log', async () => (await import('../../../../test/log-capture')).fakeLogModule);
vi.mock('@/lib/env', () => ({ serverEnv: () => ({ siteUrl: 'https://www.firefly.com.pa' }) }));

const { PricingContentCopy, createQuoteFastPath, isQuoteRequest } = await import('./quote-fast-path');

/** Two copies told apart by their site name. */
const contentNamed = (siteName: string) => ({ appData: { site: { siteName } } }) as unknown as PricingContent;

function clockAt(start: number) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

afterEach(() => {
  quoteOutcome.mockReset();
  vi.restoreAllMocks();
});

describe('which requests the fast path takes', () => {
  it('takes POST /api/quote, with or without a query, and nothing else', () => {
    expect(isQuoteRequest('POST', '/api/quote')).toBe(true);
    expect(isQuoteRequest('POST', '/api/quote?lang=en')).toBe(true);
    expect(isQuoteRequest('GET', '/api/quote')).toBe(false);
    expect(isQuoteRequest('POST', '/api/quote/')).toBe(false);
    expect(isQuoteRequest('POST', '/api/quotes')).toBe(false);
    expect(isQuoteRequest('POST', '/api/reservations')).toBe(false);
    expect(isQuoteRequest('POST', '/es/api/quote')).toBe(false);
    expect(isQuoteRequest(undefined, undefined)).toBe(false);
  });
});

describe('the copy of the pricing content', () => {
  it('has nothing before its first read, and starts that read when asked', async () => {
    const read = vi.fn(() => Promise.resolve(contentNamed('first')));
    const copy = new PricingContentCopy(read);
    expect(copy.current()).toBeUndefined();
    await copy.settled();
    expect(copy.current()?.appData.site.siteName).toBe('first');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('is used as it is while fresh, then served while the next one is read, never two reads at once', async () => {
    const clock = clockAt(1_000_000);
    let version = 0;
    const read = vi.fn(() => Promise.resolve(contentNamed(`v${++version}`)));
    const copy = new PricingContentCopy(read, clock.now, 1000, 30_000);
    copy.current();
    await copy.settled();

    clock.advance(999);
    expect(copy.current()?.appData.site.siteName).toBe('v1');
    expect(read).toHaveBeenCalledTimes(1);

    clock.advance(2);
    expect(copy.current()?.appData.site.siteName).toBe('v1');
    expect(copy.current()?.appData.site.siteName).toBe('v1');
    expect(read).toHaveBeenCalledTimes(2);
    await copy.settled();
    expect(copy.current()?.appData.site.siteName).toBe('v2');
  });

  it('keeps the last copy when a read fails, until it is too old to price with', async () => {
    clearLogged();
    const clock = clockAt(0);
    const read = vi.fn(() => Promise.resolve(contentNamed('good')));
    const copy = new PricingContentCopy(read, clock.now, 1000, 30_000);
    copy.current();
    await copy.settled();

    read.mockImplementation(() => Promise.reject(new Error('content service down')));
    clock.advance(5000);
    expect(copy.current()?.appData.site.siteName).toBe('good');
    await copy.settled();
    clock.advance(25_000);
    expect(copy.current()?.appData.site.siteName).toBe('good');
    await copy.settled();
    clock.advance(1);
    expect(copy.current()).toBeUndefined();
    expect(logged()).toContainEqual(expect.objectContaining({ level: 'error', msg: expect.stringContaining('could not be read') as unknown, fields: { err: expect.any(Error) as unknown } }));
  });

  it('says nothing of failed reads before its first copy: the server has not served a request yet', async () => {
    clearLogged();
    const copy = new PricingContentCopy(() => Promise.reject(new Error('Invariant: incrementalCache missing')));
    expect(copy.current()).toBeUndefined();
    await copy.settled();
    expect(copy.current()).toBeUndefined();
    await copy.settled();
    expect(logged()).toEqual([]);
  });

  it('reads again at once when asked (the revalidation webhook), however young the copy, and not before a first quote', async () => {
    const clock = clockAt(0);
    let version = 0;
    const read = vi.fn(() => Promise.resolve(contentNamed(`v${++version}`)));
    const copy = new PricingContentCopy(read, clock.now, 1000, 30_000);
    createQuoteFastPath(copy).renew();
    expect(read).not.toHaveBeenCalled();
    copy.current();
    await copy.settled();
    createQuoteFastPath(copy).renew();
    await copy.settled();
    expect(copy.current()?.appData.site.siteName).toBe('v2');
    expect(read).toHaveBeenCalledTimes(2);
  });
});

function nodeRequest(method: string, url: string, headers: string[], body: string): IncomingMessage {
  const request = new IncomingMessage(new Socket());
  request.method = method;
  request.url = url;
  request.rawHeaders = headers;
  for (let index = 0; index + 1 < headers.length; index += 2) request.headers[String(headers[index]).toLowerCase()] = headers[index + 1];
  request.push(body);
  request.push(null);
  return request;
}

/** The response as the production server offers it: the edge has stamped the deployment's headers already. */
function nodeResponse(request: IncomingMessage) {
  const response = new ServerResponse(request);
  response.setHeader('x-deployment-headers-for', '/api/quote');
  response.setHeader('cache-control', 'private, no-store');
  const written: { body?: string } = {};
  vi.spyOn(response, 'end').mockImplementation(function (this: ServerResponse, chunk?: unknown) {
    written.body = Buffer.isBuffer(chunk) ? chunk.toString() : String(chunk);
    return this;
  });
  return { response, written };
}

async function readyCopy(content: PricingContent) {
  const copy = new PricingContentCopy(() => Promise.resolve(content));
  copy.current();
  await copy.settled();
  return copy;
}

describe('the fast path', () => {
  it('leaves to Next what is not a quote, and a quote before its first copy of the content', async () => {
    const copy = new PricingContentCopy(() => Promise.resolve(contentNamed('first')));
    const fastPath = createQuoteFastPath(copy);
    expect(fastPath.take(nodeRequest('GET', '/flota', [], ''))).toBeUndefined();
    expect(fastPath.take(nodeRequest('POST', '/api/quote', [], '{}'))).toBeUndefined();
    await copy.settled();
    expect(fastPath.take(nodeRequest('POST', '/api/quote', [], '{}'))).toBeTypeOf('function');
  });

  it('answers with the route’s own quote, priced from the copy, in the caller’s language, keeping the edge’s headers', async () => {
    quoteOutcome.mockResolvedValue({ priced: { days: 3 } });
    const fastPath = createQuoteFastPath(await readyCopy(contentNamed('copy')));
    const request = nodeRequest('POST', '/api/quote', ['Host', '127.0.0.1:3000', 'Accept-Language', 'en-US,en;q=0.9', 'Content-Type', 'application/json'], '{"car_id":"1"}');
    const { response, written } = nodeResponse(request);

    await fastPath.take(request)?.(response);

    const [call, content] = quoteOutcome.mock.calls[0] ?? [];
    expect(call?.locale).toBe('en');
    expect(await call?.readJson()).toEqual({ car_id: '1' });
    expect(content?.appData.site.siteName).toBe('copy');
    expect(response.statusCode).toBe(200);
    expect(response.getHeader('content-type')).toBe('application/json');
    expect(response.getHeader('x-deployment-headers-for')).toBe('/api/quote');
    expect(response.getHeader('cache-control')).toBe('private, no-store');
    expect(response.getHeader('content-length')).toBe(Buffer.byteLength(written.body ?? ''));
    expect(response.getHeader('server-timing')).toMatch(/^quote;desc="fast path";dur=\d+\.\d{2}$/);
    expect(JSON.parse(written.body ?? '')).toEqual({ days: 3 });
  });

  it('answers a refusal as the route would, keeping the edge’s headers', async () => {
    quoteOutcome.mockResolvedValue({ answer: NextResponse.json({ errors: [{ field: 'car_id', code: 'unknown' }] }, { status: 422, headers: { 'Retry-After': '30' } }) });
    const fastPath = createQuoteFastPath(await readyCopy(contentNamed('copy')));
    const request = nodeRequest('POST', '/api/quote', ['Content-Type', 'application/json'], '{"car_id":"x"}');
    const { response, written } = nodeResponse(request);
    await fastPath.take(request)?.(response);
    expect(response.statusCode).toBe(422);
    expect(response.getHeader('retry-after')).toBe('30');
    expect(response.getHeader('x-deployment-headers-for')).toBe('/api/quote');
    expect(JSON.parse(written.body ?? '')).toEqual({ errors: [{ field: 'car_id', code: 'unknown' }] });
  });

  it('answers in Spanish when the caller names no language it has', async () => {
    quoteOutcome.mockResolvedValue({ priced: {} });
    const fastPath = createQuoteFastPath(await readyCopy(contentNamed('copy')));
    const request = nodeRequest('POST', '/api/quote', ['Accept-Language', 'de-DE'], '{}');
    await fastPath.take(request)?.(nodeResponse(request).response);
    expect(quoteOutcome.mock.calls[0]?.[0].locale).toBe('es');
  });

  it('answers a caller whose Host header is no address at all', async () => {
    quoteOutcome.mockResolvedValue({ priced: { days: 3 } });
    const fastPath = createQuoteFastPath(await readyCopy(contentNamed('copy')));
    const request = nodeRequest('POST', '/api/quote', ['Host', 'not a host:port', 'Cookie', 'theme=dark'], '{}');
    const { response, written } = nodeResponse(request);
    await fastPath.take(request)?.(response);
    expect(response.destroyed).toBe(false);
    expect(written.body).toBe('{"days":3}');
  });

  it('refuses, as the proxy does, a quote from another site that carries an agent’s session', async () => {
    const fastPath = createQuoteFastPath(await readyCopy(contentNamed('copy')));
    const request = nodeRequest(
      'POST',
      '/api/quote',
      ['Host', 'www.firefly.com.pa', 'Origin', 'https://evil.example', 'Cookie', `${ACCESS_TOKEN_COOKIE.name}=token`],
      '{}',
    );
    const { response, written } = nodeResponse(request);
    await fastPath.take(request)?.(response);
    expect(quoteOutcome).not.toHaveBeenCalled();
    expect(response.statusCode).toBe(403);
    expect(written.body).toContain('Cross-site request refused');
  });
});
