import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_ADDRESS_HEADER } from './client-address';
import { pathOfTarget } from './request-target';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';
import { stampDeploymentHeaders } from './deployment-headers';
import { answerStaticFileMethod } from './static-files';
import { clientAddressOf, TrustedProxies, type ProxyRange } from './trusted-proxies';

/**
 * What the production server (apps/web/server.mjs) does to each request before Next sees it, where the socket is known:
 * - `stamp`: the client's address (trusted-proxies.ts, clientAddressOf) is written under CLIENT_ADDRESS_HEADER, and
 *   the request's id (request-id.ts, requestIdOf: the trusted proxy's, else a new one) under REQUEST_ID_HEADER, each
 *   replacing what the client sent (route handlers and server actions see only headers); it answers the id, which
 *   server.mjs keeps for the request's log lines and its calls;
 * - `stampHeaders`: the deployment's response headers (security headers, the instance's name, Cache-Control by path:
 *   lib/deployment-headers.ts) are set on the response. The proxy (src/proxy.ts) sets the same headers on what it
 *   handles, and it does not run for a public page in its /es or /en form (its matcher): those get them here. A build
 *   file asked with a method other than GET or HEAD is answered here (static-files.ts), and then it answers true:
 *   the request is not handed to Next.
 */
export type ServerEdge = {
  stamp(request: IncomingMessage): string;
  stampHeaders(request: IncomingMessage, response: ServerResponse): boolean;
};

/**
 * Next bundles the app (and src/instrumentation.ts, which installs the edge) apart from server.mjs that starts it:
 * they meet on one process-wide slot, as the quote's fast path does. server.mjs puts `install` there before it loads
 * the app and listens only once it was called. Under another server (`next dev`) there is no slot and nothing to do.
 */
const SLOT = Symbol.for('rentacar.storefront.serverEdge');
type Slot = { install?: (edge: ServerEdge) => void };

export function serverEdge(ranges: readonly ProxyRange[]): ServerEdge {
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
    stampHeaders(request, response) {
      const pathname = pathOfTarget(request.url);
      stampDeploymentHeaders(response, pathname);
      return answerStaticFileMethod(request.method, pathname, response);
    },
  };
}

/** Called once by src/instrumentation.ts in a server, with the validated TRUSTED_PROXIES. */
export function installServerEdge(ranges: readonly ProxyRange[]): void {
  (globalThis as typeof globalThis & { [SLOT]?: Slot })[SLOT]?.install?.(serverEdge(ranges));
}
