import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { hasUnreadableActionBody, isServerActionRequest, unreadableActionResponse } from './unreadable-action';

const ACTION = { 'next-action': '40d684a313caf19087f0dc8d3937e51e440741edb6' };
const post = (path: string, body: BodyInit | undefined, headers: Record<string, string> = {}) =>
  new NextRequest(`http://127.0.0.1:3000${path}`, { method: 'POST', body, headers });

function multipart(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe('isServerActionRequest', () => {
  it('is a POST outside the API with the Next-Action header, or a multipart POST (a form without JavaScript)', () => {
    expect(isServerActionRequest(post('/reserva', '["es"]', { ...ACTION, 'content-type': 'text/plain' }))).toBe(true);
    expect(isServerActionRequest(post('/no-such-page', multipart({ car: '1' })))).toBe(true);
  });

  it('is not a page load, an urlencoded form, or anything under /api (the routes read their own bodies)', () => {
    expect(isServerActionRequest(new NextRequest('http://127.0.0.1:3000/reserva', { headers: ACTION }))).toBe(false);
    expect(isServerActionRequest(post('/flota', 'a=1', { 'content-type': 'application/x-www-form-urlencoded' }))).toBe(false);
    expect(isServerActionRequest(post('/api/precheckin/documents', multipart({ kind: 'licence' })))).toBe(false);
    expect(isServerActionRequest(post('/api/quote', '{}', { ...ACTION, 'content-type': 'application/json' }))).toBe(false);
  });
});

describe('hasUnreadableActionBody', () => {
  it('lets through what the browser sends: a JSON array of arguments, a form, a form whose field 0 holds the arguments', async () => {
    expect(await hasUnreadableActionBody(post('/reserva', '["es",{"pickupBranch":"1"}]', { ...ACTION, 'content-type': 'text/plain;charset=UTF-8' }))).toBe(false);
    expect(await hasUnreadableActionBody(post('/flota', multipart({ car: '1', locale: 'es' })))).toBe(false);
    expect(await hasUnreadableActionBody(post('/precheckin', multipart({ '0': '["es","$K1"]', '1_file': 'x' }), ACTION))).toBe(false);
  });

  it('finds a body that is not JSON, arguments that are not a list, and a multipart body that does not parse', async () => {
    const text = { ...ACTION, 'content-type': 'text/plain' };
    for (const body of ['', 'garbage[{', 'null', '{"a":1}', '"es"']) expect(await hasUnreadableActionBody(post('/reserva', body, text))).toBe(true);
    const broken = { 'content-type': 'multipart/form-data; boundary=----x' };
    expect(await hasUnreadableActionBody(post('/flota', 'garbage', broken))).toBe(true);
    expect(await hasUnreadableActionBody(post('/flota', 'garbage', { ...broken, ...ACTION }))).toBe(true);
    expect(await hasUnreadableActionBody(post('/precheckin', multipart({ a: 'b' }), ACTION))).toBe(true);
  });

  it('leaves the body for Next to read after it', async () => {
    const request = post('/reserva', '["es"]', { ...ACTION, 'content-type': 'text/plain' });
    await hasUnreadableActionBody(request);
    expect(await request.text()).toBe('["es"]');
  });
});

describe('unreadableActionResponse', () => {
  it('is a plain-text 400 naming the reason, Spanish by default and English when asked', async () => {
    const spanish = unreadableActionResponse(post('/reserva', 'x'));
    expect(spanish.status).toBe(400);
    expect(spanish.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await spanish.text()).toContain('No se pudo leer esta solicitud');
    expect(await unreadableActionResponse(post('/reserva', 'x', { 'accept-language': 'en-US,en;q=0.9' })).text()).toContain('This request could not be read');
  });
});
