import 'server-only';
import { handover, type ServerEdge } from '../../../handover.mjs';
import { CLIENT_ADDRESS_HEADER } from '../client-address';
import { pathOfTarget } from '../request-target';
import { REQUEST_ID_HEADER, requestIdOf } from '../request-id';
import { clientAddressOf, TrustedProxies, type ProxyRange } from '../trusted-proxies';
import { setDeploymentHeaders } from './deployment-headers';
import { answerStaticFileMethod } from './static-files';

export type { ServerEdge };

/**
 * What the production server (apps/web/server.mjs) does to each request before the quote's fast path or Next sees it,
 * where the socket is known:
 * - `stamp`: the client's address (trusted-proxies.ts, clientAddressOf) is written under CLIENT_ADDRESS_HEADER, and
 *   the request's id (request-id.ts, requestIdOf: the trusted proxy's, else a new one) under REQUEST_ID_HEADER, each
 *   replacing what the client sent (route handlers and server actions see only headers); it answers the id, which
 *   server.mjs keeps for the request's log lines and its calls;
 * - `stampHeaders`: the deployment's response headers (security headers, the instance's name, Cache-Control by path:
 *   deployment-headers.ts) are set on the response. The proxy (src/proxy.ts) sets the same headers on what it
 *   handles, and it does not run for a public page in its /es or /en form (its matcher), nor for a quote the fast
 *   path answers: those get them here. A build file asked with a method other than GET or HEAD is answered here
 *   (static-files.ts), and then it answers true: the request goes no further.
 */
export function createServerEdge(ranges: readonly ProxyRange[]): ServerEdge {
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
      setDeploymentHeaders(response, pathname);
      return answerStaticFileMethod(request.method, pathname, response);
    },
  };
}

/**
 * Called once by src/instrumentation.ts in a server, with the validated TRUSTED_PROXIES: the edge goes to the
 * production server through the hand-over (handover.mjs, `server.receiveEdge`), which server.mjs wrote before it
 * loaded the app. Under another server (`next dev`) there is no production server to receive it, and nothing to do.
 */
export function installServerEdge(ranges: readonly ProxyRange[]): void {
  handover.server?.receiveEdge(createServerEdge(ranges));
}
