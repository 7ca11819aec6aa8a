import 'server-only';
import type { ServerResponse } from 'node:http';
import { serverEnv } from '@/lib/env';
import { cacheControlFor, contentSecurityPolicy, crossOriginReaderFor, type HeaderSettings, permissionsPolicyFor, securityHeaders } from '@/lib/response-headers';

type Deployment = { settings: HeaderSettings; headers: Record<string, string>; entries: ReadonlyArray<readonly [string, string]> };
let deployment: Deployment | undefined;

/** This deployment's header settings and the headers every response carries. Read once: the environment is fixed. */
function deploymentHeaders(): Deployment {
  if (!deployment) {
    const env = serverEnv();
    const settings: HeaderSettings = {
      directusPublicUrl: env.directusPublicUrl,
      httpsSite: env.httpsSite,
      development: process.env.NODE_ENV === 'development',
      paymentFrameOrigins: env.payments.metrobank ? [new URL(env.payments.metrobank.fieldsUrl).origin] : [],
    };
    const headers = securityHeaders(settings);
    if (env.instanceName) headers['X-Served-By'] = env.instanceName;
    deployment = { settings, headers, entries: Object.entries(headers) };
  }
  return deployment;
}

/** The Content-Security-Policy of a page rendered per request, whose scripts carry `nonce`. */
export function nonceContentSecurityPolicy(nonce: string): string {
  return contentSecurityPolicy({ ...deploymentHeaders().settings, nonce });
}

/**
 * The headers every response of this deployment carries (security headers, the instance's name, Cache-Control and
 * the Permissions-Policy by path (the counter's pages may use the camera), and who else may read a font file), set by src/proxy.ts and by the quote's fast path (features/pricing/api/quote-fast-path.ts), which answers
 * before the proxy runs. `nonce`: the page is rendered per request with this script nonce, and its policy says so.
 */
export function applyDeploymentHeaders(headers: Headers, pathname: string, nonce?: string): void {
  for (const [name, value] of deploymentHeaders().entries) headers.set(name, value);
  if (nonce !== undefined) headers.set('Content-Security-Policy', nonceContentSecurityPolicy(nonce));
  headers.set('Permissions-Policy', permissionsPolicyFor(pathname));
  const cacheControl = cacheControlFor(pathname);
  if (cacheControl) headers.set('Cache-Control', cacheControl);
  const reader = crossOriginReaderFor(pathname, deploymentHeaders().settings.paymentFrameOrigins);
  if (reader) headers.set('Access-Control-Allow-Origin', reader);
}

/**
 * The same headers (without a nonce) on a Node response, before Next answers it: the production server stamps every
 * response it hands to Next (lib/server-edge.ts), since the proxy does not run for every request. Next keeps a
 * Cache-Control already set, and the proxy, where it runs, sets the same values again.
 */
export function stampDeploymentHeaders(response: ServerResponse, pathname: string): void {
  for (const [name, value] of deploymentHeaders().entries) response.setHeader(name, value);
  response.setHeader('Permissions-Policy', permissionsPolicyFor(pathname));
  const cacheControl = cacheControlFor(pathname);
  if (cacheControl) response.setHeader('Cache-Control', cacheControl);
  const reader = crossOriginReaderFor(pathname, deploymentHeaders().settings.paymentFrameOrigins);
  if (reader) response.setHeader('Access-Control-Allow-Origin', reader);
}
