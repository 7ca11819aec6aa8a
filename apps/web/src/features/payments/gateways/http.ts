import 'server-only';
import { countGatewayError } from '@/lib/metrics';
import { withRequestId } from '@/lib/request-id';
import { GatewayUnavailableError } from './gateway';

export type GatewayResponse = { status: number; body: unknown };

/**
 * One call to a provider's API with a deadline, naming the request it serves (X-Request-Id: the gateway's own logs, and
 * its support, can match it to ours). A timeout, a connection failure or a 5xx is GatewayUnavailableError
 * (the outcome is unknown, so the caller leaves the payment pending for reconciliation); any other answer is returned
 * with its status for the adapter to read.
 */
export async function gatewayFetch(provider: string, url: string, init: RequestInit & { timeoutMs: number }): Promise<GatewayResponse> {
  const { timeoutMs, ...request } = init;
  let response: Response;
  try {
    response = await fetch(url, { ...request, headers: withRequestId(request.headers), cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    countGatewayError(provider, timedOut ? 'timeout' : 'unreachable');
    throw new GatewayUnavailableError(provider, timedOut ? `no answer within ${timeoutMs} ms` : 'unreachable');
  }
  const text = await response.text().catch(() => '');
  if (response.status >= 500) {
    countGatewayError(provider, 'server_error');
    throw new GatewayUnavailableError(provider, `answered ${response.status}`);
  }
  let body: unknown = undefined;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body };
}
