import 'server-only';
import type { IncomingMessage } from 'node:http';
import { CLIENT_ADDRESS_HEADER } from './client-address';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';
import { clientAddressOf, TrustedProxies, type ProxyRange } from './trusted-proxies';

/**
 * The client's address and the request's id, decided where the socket is known. Route handlers and server actions see
 * only headers, so the production server (apps/web/server.mjs) calls `stamp` on each request before anything else
 * sees it: the address (trusted-proxies.ts, clientAddressOf) is written under CLIENT_ADDRESS_HEADER, and the id
 * (request-id.ts, requestIdOf: the trusted proxy's, else a new one) under REQUEST_ID_HEADER, each replacing what the
 * client sent. `stamp` answers the id, which server.mjs keeps for the request's log lines and its calls.
 */
export type ClientAddressEdge = { stamp(request: IncomingMessage): string };

/**
 * Next bundles the app (and src/instrumentation.ts, which installs the edge) apart from server.mjs that starts it:
 * they meet on one process-wide slot, as the quote's fast path does. server.mjs puts `install` there before it loads
 * the app and listens only once it was called. Under another server (`next dev`) there is no slot and nothing to do.
 */
const SLOT = Symbol.for('rentacar.storefront.clientAddress');
type Slot = { install?: (edge: ClientAddressEdge) => void };

export function clientAddressEdge(ranges: readonly ProxyRange[]): ClientAddressEdge {
  const trusted = new TrustedProxies(ranges);
  return {
    stamp(request) {
      const forwarded = request.headers['x-forwarded-for'];
      const forwardedFor = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
      request.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(request.socket.remoteAddress, forwardedFor, trusted);
      const id = requestIdOf(request.socket.remoteAddress, request.headers[REQUEST_ID_HEADER], trusted);
      request.headers[REQUEST_ID_HEADER] = id;
      return id;
    },
  };
}

/** Called once by src/instrumentation.ts in a server, with the validated TRUSTED_PROXIES. */
export function installClientAddressEdge(ranges: readonly ProxyRange[]): void {
  (globalThis as typeof globalThis & { [SLOT]?: Slot })[SLOT]?.install?.(clientAddressEdge(ranges));
}
