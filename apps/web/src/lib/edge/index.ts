/**
 * The edge: what every request needs before a page, a route or the quote's fast path answers it, written once and
 * used by the three places a request enters the storefront (docs/architecture.md, "The edge and the hand-over"):
 * - the production server (apps/web/server.mjs), through the ServerEdge it receives from src/instrumentation.ts by the
 *   hand-over (server-edge.ts): the client's address and the request's id stamped on the request, the deployment's
 *   headers on the response (and a build file asked with a method it does not serve answered);
 * - the proxy (src/proxy.ts): the cross-site check and the deployment's headers (with a page's script nonce);
 * - the quote's fast path (features/pricing/api/quote-fast-path.ts): the cross-site check and the answer's language.
 * Each reads the request through EdgeRequest, whichever server parsed it.
 */
export { crossSiteRefusal, isCrossSiteMutation } from './cross-site';
export { nonceContentSecurityPolicy, setDeploymentHeaders, type HeaderTarget } from './deployment-headers';
export { edgeRequestOfNode, edgeRequestOfWeb, requestLocale, type EdgeRequest } from './edge-request';
export { createServerEdge, installServerEdge, type ServerEdge } from './server-edge';
