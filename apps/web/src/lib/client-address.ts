/**
 * The header that carries the client's address to the app. The production server (apps/web/server.mjs) decides the
 * address once per request at the process edge, where the socket is known (edge/server-edge.ts: the peer, or
 * what trusted proxies forwarded, TRUSTED_PROXIES), and writes it under this name, replacing whatever a client sent
 * under it. Route handlers, server actions and the proxy read it here and nowhere else.
 */
export const CLIENT_ADDRESS_HEADER = 'x-rentacar-client-address';

/**
 * The client a request comes from, as the production server decided it. 'unknown' only for a server that does not
 * write it (`next dev`), where every request then shares one client.
 */
export function clientAddress(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER)?.trim() || 'unknown';
}

/**
 * The machine itself: 127.0.0.0/8 and ::1, also IPv4-mapped. Behind the balancer every request carries the renter's
 * own address (the balancer is a trusted proxy and writes X-Forwarded-For), so only the operator's own tries and
 * local tests come from here, and a day's limit on reservations must not lock them out.
 */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.trim().toLowerCase().replace(/^::ffff:/, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}
