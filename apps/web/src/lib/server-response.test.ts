import { createServer, request as httpRequest, ServerResponse, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handover } from '../../handover.mjs';
import { BYTES_FROM_LENGTH, KEPT_BYTES_LIMIT, keptBytesSize, StorefrontResponse, utf8BytesOf } from '../../server-response.mjs';
import type { MetricsRecorder } from './metrics';

let server: Server | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
  server = undefined;
});

/** Serves one answer written by `answer` through the production server's response class; returns what a client gets. */
async function fetchAnswer(answer: (response: ServerResponse) => void): Promise<{ body: Buffer; headers: IncomingMessage['headers'] }> {
  server = createServer({ ServerResponse: StorefrontResponse }, (_request, response) => answer(response));
  await new Promise<void>((listening) => server?.listen(0, '127.0.0.1', () => listening()));
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const call = httpRequest({ host: '127.0.0.1', port, path: '/' }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => resolve({ body: Buffer.concat(parts), headers: response.headers }));
    });
    call.on('error', reject);
    call.end();
  });
}

// A page as Next answers it from its cache: one string, with characters outside Latin-1 (the en dash) and accents.
const page = `<!DOCTYPE html><html lang="es"><body>${'Año 2026 – alquiler de autos en Panamá. '.repeat(400)}</body></html>`;

describe('the production server writing an answer', () => {
  it('sends a long page string as its UTF-8 bytes, matching the length Next announced', async () => {
    expect(page.length).toBeGreaterThanOrEqual(BYTES_FROM_LENGTH);
    const { body, headers } = await fetchAnswer((response) => {
      response.setHeader('content-length', Buffer.byteLength(page));
      response.end(page);
    });
    expect(body.equals(Buffer.from(page, 'utf8'))).toBe(true);
    expect(Number(headers['content-length'])).toBe(body.length);
    expect(body.toString('utf8')).toContain('Panamá');
  });

  it('hands the page to Node as bytes, so Node does not copy it behind the headers', async () => {
    const end = vi.spyOn(ServerResponse.prototype, 'end');
    await fetchAnswer((response) => response.end(page));
    expect(end).toHaveBeenCalledTimes(1);
    expect(Buffer.isBuffer(end.mock.calls[0]?.[0])).toBe(true);
  });

  it('keeps the encoding and the callback a caller gives', async () => {
    const latin1 = 'x'.repeat(BYTES_FROM_LENGTH) + 'ñ';
    const finished = vi.fn();
    const { body } = await fetchAnswer((response) => response.end(latin1, 'latin1', finished));
    expect(body.equals(Buffer.from(latin1, 'latin1'))).toBe(true);
    expect(finished).toHaveBeenCalledTimes(1);

    const alsoFinished = vi.fn();
    const second = await fetchAnswer((response) => response.end(page, alsoFinished));
    expect(second.body.equals(Buffer.from(page, 'utf8'))).toBe(true);
    expect(alsoFinished).toHaveBeenCalledTimes(1);
  });

  it('leaves short strings, bytes and empty answers as Node writes them', async () => {
    const end = vi.spyOn(ServerResponse.prototype, 'end');
    expect((await fetchAnswer((response) => response.end('{"ok":true}'))).body.toString()).toBe('{"ok":true}');
    expect(end.mock.calls.at(-1)?.[0]).toBe('{"ok":true}');
    const bytes = Buffer.from('bytes as they are');
    expect((await fetchAnswer((response) => response.end(bytes))).body.equals(bytes)).toBe(true);
    expect((await fetchAnswer((response) => response.end())).body.length).toBe(0);
  });

  it('answers the same page again from the bytes it made the first time, and the same bytes as a fresh encoding', async () => {
    const end = vi.spyOn(ServerResponse.prototype, 'end');
    const first = await fetchAnswer((response) => response.end(page));
    const second = await fetchAnswer((response) => response.end(page));
    expect(second.body.equals(first.body)).toBe(true);
    expect(end.mock.calls[1]?.[0]).toBe(end.mock.calls[0]?.[0]);
    // Another string with the same text gets the same bytes; a changed page gets its own.
    const changed = page.replace('Panamá', 'Colón');
    expect(utf8BytesOf(changed).equals(Buffer.from(changed, 'utf8'))).toBe(true);
    expect(utf8BytesOf([page].join('')).equals(Buffer.from(page, 'utf8'))).toBe(true);
  });

  it('keeps at most its limit of bytes, letting the least recently answered strings go first', () => {
    const megabyteText = (index: number) => `${index}`.padEnd(1024 * 1024, '-');
    const hot = megabyteText(0);
    const hotBytes = utf8BytesOf(hot);
    for (let index = 1; index <= 40; index++) {
      utf8BytesOf(megabyteText(index));
      // The page answered on every view stays.
      expect(utf8BytesOf(hot)).toBe(hotBytes);
      expect(keptBytesSize().weight).toBeLessThanOrEqual(KEPT_BYTES_LIMIT);
    }
    expect(keptBytesSize().entries).toBeLessThan(KEPT_BYTES_LIMIT / (1024 * 1024));
    // A string larger than the limit is answered, not kept.
    const huge = 'x'.repeat(KEPT_BYTES_LIMIT);
    expect(utf8BytesOf(huge).length).toBe(KEPT_BYTES_LIMIT);
    expect(keptBytesSize().weight).toBeLessThanOrEqual(KEPT_BYTES_LIMIT);
  });

  it('counts each long string it writes as bytes for the metrics (the hand-over’s recorder): encoded the first time, kept after', async () => {
    const stringAnswer = vi.fn<MetricsRecorder['stringAnswer']>();
    handover.metrics = { stringAnswer } as unknown as MetricsRecorder;
    try {
      const own = page.replace('Panamá', 'David');
      await fetchAnswer((response) => response.end(own));
      await fetchAnswer((response) => response.end(own));
      await fetchAnswer((response) => response.end('{"ok":true}'));
      expect(stringAnswer.mock.calls).toEqual([['encoded'], ['kept']]);
    } finally {
      delete handover.metrics;
    }
  });
});
