import 'server-only';
import { serverEnv } from '@/lib/env';
import { cacheControlFor, contentSecurityPolicy, type HeaderSettings, securityHeaders } from '@/lib/response-headers';

let deployment: { settings: HeaderSettings; headers: Record<string, string> } | undefined;

/** This deployment's header settings and the headers every response carries. Read once: the environment is fixed. */
function deploymentHeaders(): { settings: HeaderSettings; headers: Record<string, string> } {
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
    deployment = { settings, headers };
  }
  return deployment;
}

/** The Content-Security-Policy of a page rendered per request, whose scripts carry `nonce`. */
export function nonceContentSecurityPolicy(nonce: string): string {
  return contentSecurityPolicy({ ...deploymentHeaders().settings, nonce });
}

/**
 * The headers every response of this deployment carries (security headers, the instance's name, Cache-Control by
 * path), set by src/proxy.ts and by the quote's fast path (features/booking/api/quote-fast-path.ts), which answers
 * before the proxy runs. `nonce`: the page is rendered per request with this script nonce, and its policy says so.
 */
export function applyDeploymentHeaders(headers: Headers, pathname: string, nonce?: string): void {
  for (const [name, value] of Object.entries(deploymentHeaders().headers)) headers.set(name, value);
  if (nonce !== undefined) headers.set('Content-Security-Policy', nonceContentSecurityPolicy(nonce));
  const cacheControl = cacheControlFor(pathname);
  if (cacheControl) headers.set('Cache-Control', cacheControl);
}
