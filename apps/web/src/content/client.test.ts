import { readItems } from '@directus/sdk';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { runWithRequestId } from '../../logger.mjs';

vi.mock('@/lib/env', () => ({ serverEnv: () => ({ directusUrl: 'http://content.test', storefrontToken: 'storefront-token' }) }));

// The SDK keeps the fetch there was when it was loaded: this one, set before any import.
const fetch = vi.hoisted(() => {
  const recording = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'content-type': 'application/json' } })));
  vi.stubGlobal('fetch', recording);
  return recording;
});
const { contentFormPost, contentRequest } = await import('./client');

beforeEach(() => fetch.mockClear());

/** The headers of each call made so far. */
function sent(): Headers[] {
  return fetch.mock.calls.map(([, init]) => new Headers(init.headers));
}

describe('a call to the content service', () => {
  it('names the request it serves in X-Request-Id, with the storefront token, and no id outside a request', async () => {
    await runWithRequestId('6f1c0d8e2b7a4c5d9e0f1a2b3c4d5e6f', () => contentRequest('GET /items/flota', readItems('flota')));
    await contentRequest('GET /items/flota', readItems('flota'));
    expect(sent().map((headers) => headers.get('x-request-id'))).toEqual(['6f1c0d8e2b7a4c5d9e0f1a2b3c4d5e6f', null]);
    expect(sent()[0]?.get('authorization')).toBe('Bearer storefront-token');
  });

  it('names it on an upload too', async () => {
    await runWithRequestId('6f1c0d8e2b7a4c5d9e0f1a2b3c4d5e6f', () => contentFormPost('/precheckin-documents', new FormData(), 'POST /precheckin-documents'));
    expect(sent()[0]?.get('x-request-id')).toBe('6f1c0d8e2b7a4c5d9e0f1a2b3c4d5e6f');
    expect(sent()[0]?.get('authorization')).toBe('Bearer storefront-token');
  });
});
