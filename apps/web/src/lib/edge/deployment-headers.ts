import 'server-only';
import type { ServerResponse } from 'node:http';
import { serverEnv } from '@/lib/env';
import { cacheControlFor, contentSecurityPolicy, crossOriginReaderFor, isMediaPath, PICTURE_CONTENT_SECURITY_POLICY, type HeaderSettings, permissionsPolicyFor, securityHeaders } from '@/lib/response-headers';

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

/** Where headers are set: a Web response's Headers (the proxy) or a Node response before it is sent (the server, the fast path). */
export type HeaderTarget = Headers | Pick<ServerResponse, 'setHeader'>;

/**
 * The headers every response of this deployment carries (security headers, the instance's name, Cache-Control and
 * the Permissions-Policy by path (the counter's pages may use the camera), and who else may read a font file), set on
 * `target` (a /media picture gets the picture's own policy). The production server stamps them on every response before the fast path or Next answers it
 * (server-edge.ts), since the proxy does not run for every request; the proxy sets them on what it answers (under
 * `next dev` nothing else does). Next keeps a Cache-Control already set. `nonce`: the page is rendered per request
 * with this script nonce, and its policy says so.
 */
export function setDeploymentHeaders(target: HeaderTarget, pathname: string, nonce?: string): void {
  const set = 'setHeader' in target ? (name: string, value: string) => void target.setHeader(name, value) : (name: string, value: string) => target.set(name, value);
  const { entries, settings } = deploymentHeaders();
  for (const [name, value] of entries) set(name, value);
  if (nonce !== undefined) set('Content-Security-Policy', nonceContentSecurityPolicy(nonce));
  else if (isMediaPath(pathname)) set('Content-Security-Policy', PICTURE_CONTENT_SECURITY_POLICY);
  set('Permissions-Policy', permissionsPolicyFor(pathname));
  const cacheControl = cacheControlFor(pathname);
  if (cacheControl) set('Cache-Control', cacheControl);
  const reader = crossOriginReaderFor(pathname, settings.paymentFrameOrigins);
  if (reader) set('Access-Control-Allow-Origin', reader);
}
