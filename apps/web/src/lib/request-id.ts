import 'server-only';
import { currentRequestId, newRequestId, REQUEST_ID_PATTERN, runWithRequestId } from '../../logger.mjs';
import { normaliseAddress, type TrustedProxies } from './trusted-proxies';

/**
 * The header that names a request from nginx (`$request_id`) to the storefront, and from the storefront to the
 * content service and the payment gateways (docs/operations.md, "Following one request").
 */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The id of a request: the one the proxy in front sent, when the peer is a trusted proxy (TRUSTED_PROXIES, the same
 * trust as for the client's address) and the id is well formed; otherwise a new one. A client cannot choose the id
 * its lines are logged under.
 */
export function requestIdOf(peer: string | undefined, sent: string | string[] | undefined, trusted: TrustedProxies): string {
  const socket = normaliseAddress(peer);
  const id = Array.isArray(sent) ? undefined : sent?.trim();
  if (socket !== undefined && id !== undefined && trusted.trusts(socket) && REQUEST_ID_PATTERN.test(id)) return id;
  return newRequestId();
}

/** The header that passes the current request's id on to a call it makes; none outside a request. */
export function requestIdHeaders(): Record<string, string> {
  const id = currentRequestId();
  return id === undefined ? {} : { [REQUEST_ID_HEADER]: id };
}

/** `headers` with the current request's id added (as they are outside a request): for a call's fetch options. */
export function withRequestId(headers: HeadersInit | undefined): HeadersInit {
  const id = currentRequestId();
  if (id === undefined) return headers ?? {};
  const merged = new Headers(headers);
  merged.set(REQUEST_ID_HEADER, id);
  return merged;
}

/**
 * Runs background work (a reconciliation run, say) under an id of its own, as if it were a request: its lines and the
 * calls it makes share that id.
 */
export function runAsOwnRequest<Result>(work: () => Result): Result {
  return runWithRequestId(newRequestId(), work);
}
