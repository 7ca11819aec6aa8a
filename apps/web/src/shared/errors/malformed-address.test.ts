import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE } from '@/lib/cookies';
import { isMalformedPath, literalPath, malformedPathResponse } from './malformed-address';

const request = (path: string, headers: Record<string, string> = {}) => new NextRequest(`http://127.0.0.1:3000${path}`, { headers });

describe('isMalformedPath', () => {
  it('finds a % without two hex digits after it, and escapes that are not UTF-8', () => {
    expect(isMalformedPath('/flota/%ff')).toBe(true);
    expect(isMalformedPath('/%')).toBe(true);
    expect(isMalformedPath('/api/reservations/%E0%A4%A')).toBe(true);
  });

  it('lets well-formed addresses through, encoded or not', () => {
    expect(isMalformedPath('/')).toBe(false);
    expect(isMalformedPath('/flota/tipo/Pickup')).toBe(false);
    expect(isMalformedPath('/info/t%C3%A9rminos')).toBe(false);
    expect(isMalformedPath('/api/reservations/%25')).toBe(false);
  });
});

describe('literalPath', () => {
  it('escapes the % signs of each segment that cannot be decoded, and only of those', () => {
    expect(literalPath('/flota/%ff')).toBe('/flota/%25ff');
    expect(literalPath('/info/caf%C3%A9/100%-off')).toBe('/info/caf%C3%A9/100%25-off');
    expect(literalPath('/info/caf%C3%A9-100%')).toBe('/info/caf%C3%A9-100%25');
    expect(literalPath('/%E0%A4%A')).toBe('/%25E0%25A4%25A');
    for (const path of ['/flota/%ff', '/%', '/a%zz/b%C3%A9%ff']) expect(isMalformedPath(literalPath(path))).toBe(false);
  });
});

describe('malformedPathResponse', () => {
  it('answers the API with a 400 in its error shape, in the Accept-Language language as all its messages (Spanish by default)', async () => {
    const spanish = malformedPathResponse(request('/api/reservations/%ff'));
    expect(spanish.status).toBe(400);
    expect(await spanish.json()).toEqual({
      errors: [{ field: 'path', code: 'malformed_address', message: expect.stringContaining('Esta dirección no se puede leer') }],
    });

    const english = malformedPathResponse(request('/api/reservations/%ff/cancel', { 'accept-language': 'en-US,en;q=0.9', cookie: `${LOCALE_COOKIE.name}=es` }));
    expect(english.status).toBe(400);
    expect(await english.json()).toEqual({
      errors: [{ field: 'path', code: 'malformed_address', message: expect.stringContaining('This address cannot be read') }],
    });
  });

  it('sends a page address to the same address taken literally, which routes as any unknown page', () => {
    const response = malformedPathResponse(request('/en/flota/%ff?tipo=suv'));
    expect(response.status).toBe(308);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.pathname}${location.search}`).toBe('/en/flota/%25ff?tipo=suv');
  });

  it('answers an asset address with a plain-text 400, in the Accept-Language language', async () => {
    const response = malformedPathResponse(request('/_next/static/%ff.js', { 'accept-language': 'en' }));
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await response.text()).toContain('This address cannot be read');
  });
});
