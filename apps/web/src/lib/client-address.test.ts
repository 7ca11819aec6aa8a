import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CLIENT_ADDRESS_HEADER, clientAddress, isLoopbackAddress } from './client-address';
import { createServerEdge } from './edge';
import { parseTrustedProxies } from './trusted-proxies';

/** A request as server.mjs receives it: the peer's address and the headers the client sent. */
function incoming(remoteAddress: string, headers: Record<string, string>): IncomingMessage {
  return { socket: { remoteAddress }, headers: { ...headers } } as unknown as IncomingMessage;
}

/** What the app reads after server.mjs stamped the request. */
function decided(request: IncomingMessage): string {
  return clientAddress(new Headers(request.headers as Record<string, string>));
}

describe('the client address the app reads', () => {
  it('is what the edge decided, never what the client sent under the app’s header or X-Forwarded-For', () => {
    const edge = createServerEdge([]);
    const request = incoming('198.51.100.9', { 'x-forwarded-for': '203.0.113.7', 'x-real-ip': '203.0.113.8', [CLIENT_ADDRESS_HEADER]: '203.0.113.9' });
    edge.stamp(request);
    expect(decided(request)).toBe('198.51.100.9');
  });

  it('is the forwarded address behind a trusted proxy', () => {
    const edge = createServerEdge(parseTrustedProxies('127.0.0.1').ranges);
    const request = incoming('127.0.0.1', { 'x-forwarded-for': '203.0.113.7', [CLIENT_ADDRESS_HEADER]: '10.0.0.1' });
    edge.stamp(request);
    expect(decided(request)).toBe('203.0.113.7');
  });

  it('is unknown when no server decided it (next dev)', () => {
    expect(clientAddress(new Headers({ 'x-forwarded-for': '203.0.113.7' }))).toBe('unknown');
  });
});

describe('isLoopbackAddress', () => {
  it('knows the machine itself, IPv4, IPv6 and IPv4-mapped', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '128.0.0.1', '1127.0.0.1', '::2', '::ffff:10.0.0.1', 'unknown']) expect(isLoopbackAddress(address), address).toBe(false);
  });
});
