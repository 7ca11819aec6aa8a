import 'server-only';
import { registerOTel } from '@vercel/otel';
import type { ServerEnv } from './env';

/**
 * OpenTelemetry traces (README, "Metrics and traces"), loaded by src/instrumentation.ts only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise this module, @vercel/otel and the SDK are never imported, and Next's
 * own tracing calls go to OpenTelemetry's no-op API.
 *
 * Registering a tracer provider turns on Next's built-in spans: each request (`BaseServer.handleRequest`, continuing
 * the caller's trace when it sends a W3C `traceparent`), the route or page it runs, its rendering. @vercel/otel's fetch
 * instrumentation makes each outgoing fetch a client span of that request, and sends `traceparent` to the content
 * service and the payment gateways, so their calls belong to the renter's trace. The exporter is @vercel/otel's OTLP
 * over HTTP, configured by the standard variables: OTEL_EXPORTER_OTLP_ENDPOINT (`/v1/traces` is added),
 * OTEL_EXPORTER_OTLP_PROTOCOL (`http/protobuf` or `http/json`), OTEL_EXPORTER_OTLP_HEADERS, OTEL_SERVICE_NAME, and
 * OTEL_TRACES_SAMPLER for a share of requests only (every request is traced by default).
 */
export function startTracing(env: ServerEnv): void {
  if (!env.tracing) return;
  const gateways = [env.payments.metrobank?.apiUrl, env.payments.paypal?.baseUrl].filter((url): url is string => url !== undefined);
  registerOTel({
    serviceName: env.tracing.serviceName,
    attributes: { 'rentacar.brand': env.brand, ...(env.instanceName ? { 'service.instance.id': env.instanceName } : {}) },
    instrumentationConfig: {
      fetch: {
        // Only our own services and the gateways get the trace's id; any other address is traced without it.
        propagateContextUrls: [env.directusUrl, ...gateways].map(prefixOf),
      },
    },
  });
  console.log(`[tracing] traces exported by OTLP (${env.tracing.protocol}) to ${env.tracing.endpoint}`);
}

/** A base URL as the prefix of the addresses under it (`http://host:8055` matches `http://host:8055/items/...`). */
function prefixOf(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}
