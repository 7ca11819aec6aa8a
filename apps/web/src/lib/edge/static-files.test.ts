import { ServerResponse, IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { answerStaticFileMethod } from './static-files';

function response(): ServerResponse {
  return new ServerResponse(new IncomingMessage(new Socket()));
}

const FONT = '/_next/static/media/inter_latin_wght_normal-s.p.0gsaq8ukbf34m.woff2';

describe('a build file asked with another method than GET or HEAD', () => {
  it('leaves GET and HEAD, and every other path, to Next', () => {
    for (const method of ['GET', 'HEAD']) expect(answerStaticFileMethod(method, FONT, response())).toBe(false);
    expect(answerStaticFileMethod('OPTIONS', '/api/quote', response())).toBe(false);
    expect(answerStaticFileMethod('POST', '/es/flota', response())).toBe(false);
  });

  it('answers a CORS preflight with 204 and the methods a build file allows', () => {
    const answer = response();
    expect(answerStaticFileMethod('OPTIONS', FONT, answer)).toBe(true);
    expect(answer.statusCode).toBe(204);
    expect(answer.getHeader('Allow')).toBe('GET, HEAD, OPTIONS');
    expect(answer.getHeader('Access-Control-Allow-Methods')).toBe('GET, HEAD');
  });

  it('refuses any other method with 405 and says why, never a 500', () => {
    const answer = response();
    const end = vi.spyOn(answer, 'end');
    expect(answerStaticFileMethod('POST', '/_next/static/chunks/main.js', answer)).toBe(true);
    expect(answer.statusCode).toBe(405);
    expect(answer.getHeader('Allow')).toBe('GET, HEAD, OPTIONS');
    expect(end).toHaveBeenCalledWith(expect.stringContaining('POST is not allowed here'));
  });
});
