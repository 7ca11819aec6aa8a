import type { Instrumentation } from 'next';

export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    // Fail at start, naming the variable, rather than on the first request.
    const { brandFromEnv } = await import('@rentacar/domain/brands');
    brandFromEnv(process.env.BRAND);
    // The build needs no secrets (it renders no page); a server does. `next start` already refused an invalid
    // environment when it loaded next.config.ts; this covers a server that does not load it (standalone output).
    if (process.env.NEXT_PHASE !== 'phase-production-build') {
      const { serverEnv } = await import('./lib/env');
      const env = serverEnv();
      const { callbackSecrets: { revalidate: revalidateSecret }, trustedProxies } = env;
      // Traces and metrics, each loaded only when configured (README, "Metrics and traces"); first, so that the
      // requests served from the start are counted (server.mjs listens once the client address below is installed).
      if (env.tracing) {
        const { startTracing } = await import('./lib/tracing');
        startTracing(env);
      }
      if (env.metricsPort !== undefined) {
        const { startMetricsServer } = await import('./lib/metrics-server');
        const { BUILD_ID } = await import('./shared/self-healing');
        startMetricsServer({ port: env.metricsPort, distDir: env.distDir, instance: env.instanceName, brand: env.brand, build: BUILD_ID });
      }
      // The edge (the client's address, the request's id, the response headers), handed over to the production
      // server (server.mjs), which stamps every request with it before Next sees it, and listens only once it has it.
      const { installServerEdge } = await import('./lib/edge');
      installServerEdge(trustedProxies);
      const { scheduleReconciliation } = await import('./features/payments');
      scheduleReconciliation();
      // Where this server listens: the production server (server.mjs) hands it over before it loads the app (and this
      // hook). Under another server (`next start`, `next dev`) it is unknown, and the recheck is not made.
      const { handover } = await import('../handover.mjs');
      const origin = handover.server?.origin;
      // The production server (server.mjs) answers quotes before Next's pipeline when this is installed.
      if (process.env.NODE_ENV === 'production') {
        const { installQuoteFastPath } = await import('./features/pricing');
        installQuoteFastPath();
      }
      if (revalidateSecret && origin) {
        const { scheduleStartupRecheck } = await import('./content');
        scheduleStartupRecheck({ origin, secret: revalidateSecret });
      } else {
        // Not silently: without the recheck, an edit made while this server was stopped shows only once the cache's
        // maximum age has passed.
        const { logFor } = await import('./lib/log');
        logFor('content').warn(`no start-up recheck: ${revalidateSecret ? 'the address this server listens on is unknown' : 'REVALIDATE_SECRET is not set'}`);
      }
    }
  }
}

/**
 * Every server-side error is logged once with its path (without the query, which may name a renter) and the request's
 * id; for bots this line is all that happens.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request) => {
  // Every route runs on Node, where the logger is: no edge bundle carries it (it needs Node's modules).
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const [{ isbot }, { logFor }] = await Promise.all([import('isbot'), import('./lib/log')]);
    const userAgent = request.headers['user-agent'];
    const agent = Array.isArray(userAgent) ? userAgent.join(' ') : userAgent;
    const message = error instanceof Error ? error.message : String(error);
    const path = request.path.split('?')[0] ?? '';
    const bot = isbot(agent);
    logFor('request').error({ method: request.method, path, bot }, `request error: ${request.method} ${path}${bot ? ' (bot)' : ''}: ${message}`);
  }
};
