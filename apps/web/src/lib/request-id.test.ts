import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { runWithRequestId } from '../../logger.mjs';
import { createServerEdge } from './edge';
import { REQUEST_ID_HEADER, requestIdHeaders } from './request-id';
import { parseTrustedProxies } from './trusted-proxies';

/** A request as server.mjs receives it: the peer's address and the headers the client sent. */
function incoming(remoteAddress: string, headers: Record<string, string>): IncomingMessage {
  return { socket: { remoteAddress }, headers: { ...headers } } as unknown as IncomingMessage;
}

const NGINX_ID = '6f1c0d8e2b7a4c5d9e0f1a2b3c4d5e6f';

describe('the request id decided at the edge', () => {
  it('is the one a trusted proxy sent (nginx $request_id), and what the app then reads', () => {
    const edge = createServerEdge(parseTrustedProxies('127.0.0.1').ranges);
    const request = incoming('127.0.0.1', { [REQUEST_ID_HEADER]: NGINX_ID });
    expect(edge.stamp(request)).toBe(NGINX_ID);
    expect(request.headers[REQUEST_ID_HEADER]).toBe(NGINX_ID);
  });

  it('is a new one when the peer is not a trusted proxy, whatever the client sent', () => {
    const edge = createServerEdge(parseTrustedProxies('10.0.0.0/8').ranges);
    const request = incoming('198.51.100.9', { [REQUEST_ID_HEADER]: NGINX_ID });
    const id = edge.stamp(request);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(id).not.toBe(NGINX_ID);
    expect(request.headers[REQUEST_ID_HEADER]).toBe(id);
  });

  it('is a new one when a trusted proxy sent none, or one that could break a log line or a header', () => {
    const edge = createServerEdge(parseTrustedProxies('127.0.0.1').ranges);
    for (const sent of [undefined, '', 'short', `${NGINX_ID}\n{"level":60}`, 'a"b'.repeat(10), 'x'.repeat(129)]) {
      const request = incoming('127.0.0.1', sent === undefined ? {} : { [REQUEST_ID_HEADER]: sent });
      expect(edge.stamp(request), JSON.stringify(sent)).toMatch(/^[0-9a-f]{32}$/);
    }
  });

  it('gives every request its own id', () => {
    const edge = createServerEdge([]);
    expect(edge.stamp(incoming('198.51.100.9', {}))).not.toBe(edge.stamp(incoming('198.51.100.9', {})));
    // Ids are cut from blocks of random bytes: across several blocks, each is new and well formed.
    const ids = Array.from({ length: 1000 }, () => edge.stamp(incoming('198.51.100.9', {})));
    expect(new Set(ids).size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('requestIdHeaders', () => {
  it('passes the id of the request being handled on to a call, and none outside a request', async () => {
    expect(requestIdHeaders()).toEqual({});
    const inside = await runWithRequestId(NGINX_ID, async () => {
      await new Promise((done) => setTimeout(done, 1));
      return requestIdHeaders();
    });
    expect(inside).toEqual({ [REQUEST_ID_HEADER]: NGINX_ID });
  });
});
