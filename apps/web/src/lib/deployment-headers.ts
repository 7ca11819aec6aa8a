import 'server-only';
import { serverEnv } from '@/lib/env';
import { cacheControlFor, securityHeaders } from '@/lib/response-headers';

let headersOfEveryResponse: Record<string, string> | undefined;

/**
 * The headers every response of this deployment carries (security headers, the instance's name, Cache-Control by
 * path), set by src/proxy.ts and by the quote's fast path (features/booking/api/quote-fast-path.ts), which answers
 * before the proxy runs. Read once: they depend on the environment, which does not change while the server runs.
 */
export function applyDeploymentHeaders(headers: Headers, pathname: string): void {
  if (!headersOfEveryResponse) {
    const env = serverEnv();
    headersOfEveryResponse = securityHeaders({
      directusPublicUrl: env.directusPublicUrl,
      httpsSite: env.httpsSite,
      development: process.env.NODE_ENV === 'development',
      paymentFrameOrigins: env.payments.metrobank ? [new URL(env.payments.metrobank.fieldsUrl).origin] : [],
    });
    if (env.instanceName) headersOfEveryResponse['X-Served-By'] = env.instanceName;
  }
  for (const [name, value] of Object.entries(headersOfEveryResponse)) headers.set(name, value);
  const cacheControl = cacheControlFor(pathname);
  if (cacheControl) headers.set('Cache-Control', cacheControl);
}
