import { IncomingMessage } from 'node:http';
import { Socket } from 'node:net';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { edgeRequestOfNode, edgeRequestOfWeb, requestLocale } from './edge-request';

/** A Node request as the production server receives it, its headers as the client sent them. */
function nodeRequest(method: string, rawHeaders: string[]): IncomingMessage {
  const request = new IncomingMessage(new Socket());
  request.method = method;
  request.url = '/api/quote';
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = String(rawHeaders[index]).toLowerCase();
    const value = String(rawHeaders[index + 1]);
    const before = request.headers[name];
    // As Node's parser joins them: cookies with `; `, other repeated headers with `, `.
    request.headers[name] = before === undefined ? value : `${String(before)}${name === 'cookie' ? '; ' : ', '}${value}`;
  }
  return request;
}

describe('a request as the edge reads it', () => {
  it('gives the method, headers (repeated ones joined) and cookies of a Node request', () => {
    const request = edgeRequestOfNode(nodeRequest('POST', ['Host', 'shop.example:8080', 'X-Seen', 'a', 'X-Seen', 'b', 'Cookie', 'a=1; b=%C3%B1', 'Cookie', 'c']));
    expect(request.method).toBe('POST');
    expect(request.header('host')).toBe('shop.example:8080');
    expect(request.header('x-seen')).toBe('a, b');
    expect(request.header('origin')).toBeUndefined();
    expect(request.cookies.get('a')?.value).toBe('1');
    expect(request.cookies.get('b')?.value).toBe('ñ');
    expect(request.cookies.get('c')?.value).toBe('true');
    expect(request.cookies.get('d')).toBeUndefined();
  });

  it('reads a Cookie header exactly as Next does for the proxy', () => {
    const header = 'a=1; bad=%E0%A4%A; a=2;;  spaced=x y; empty=; b=%C3%B1; bare';
    const node = edgeRequestOfNode(nodeRequest('POST', ['Cookie', header]));
    const web = new NextRequest('http://127.0.0.1/api/quote', { method: 'POST', headers: { cookie: header } });
    const fromHeaderOnly = edgeRequestOfWeb(new Request('http://127.0.0.1/api/quote', { method: 'POST', headers: { cookie: header } }));
    for (const name of ['a', 'bad', 'spaced', 'empty', 'b', 'bare', 'missing', '']) {
      expect(node.cookies.get(name)?.value, name).toBe(web.cookies.get(name)?.value);
      expect(fromHeaderOnly.cookies.get(name)?.value, name).toBe(web.cookies.get(name)?.value);
    }
  });

  it('gives the same of a Web request, using a NextRequest’s own cookies', () => {
    const next = new NextRequest('http://127.0.0.1/api/quote', { method: 'POST', headers: { 'accept-language': 'en', cookie: 'a=1' } });
    const request = edgeRequestOfWeb(next);
    expect(request.method).toBe('POST');
    expect(request.header('accept-language')).toBe('en');
    expect(request.header('origin')).toBeUndefined();
    expect(request.cookies).toBe(next.cookies);
  });
});

describe('the language of an answer that is not a page', () => {
  it('is the first language of Accept-Language the storefront has, whatever its region, else Spanish', () => {
    const locale = (acceptLanguage?: string) => requestLocale(edgeRequestOfNode(nodeRequest('POST', acceptLanguage === undefined ? [] : ['Accept-Language', acceptLanguage])));
    expect(locale('en-US,en;q=0.9')).toBe('en');
    expect(locale('es-PA,en;q=0.9')).toBe('es');
    expect(locale('de-DE,en;q=0.5')).toBe('en');
    expect(locale('de-DE')).toBe('es');
    expect(locale()).toBe('es');
    expect(requestLocale(edgeRequestOfWeb(new Request('http://127.0.0.1/api/quote', { headers: { 'accept-language': 'en' } })))).toBe('en');
  });
});
