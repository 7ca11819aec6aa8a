import 'server-only';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { handover } from '../../handover.mjs';

/**
 * What the storefront counts for Prometheus (README, "Metrics and traces"). The app's code calls the functions below;
 * they cost a property read and nothing else while metrics are off (METRICS_PORT unset), since nothing is recorded.
 * When on, src/instrumentation.ts loads ./metrics-server.ts (prom-client and the /metrics listener), which puts its
 * recorder in the hand-over (handover.mjs, `metrics`): Next bundles the instrumentation apart from the route modules,
 * and server.mjs and server-response.mjs (not bundled at all) record through the same slot.
 */

/** How a quote ended: priced (200), refused (4xx: an invalid body or selection), failed (5xx). */
export type QuoteOutcome = 'priced' | 'refused' | 'failed';
/** Which way the quote came: the fast path in front of Next (server.mjs) or the route. */
export type QuoteVia = 'fast_path' | 'route';
/**
 * Where the bytes of an answer Next ended with one long string (a cached page) came from (server-response.mjs):
 * kept from an earlier answer of the same text, or encoded for this one.
 */
export type StringAnswerBytes = 'kept' | 'encoded';

/**
 * How a new booking ended (features/reservations/reservations.ts, bookReservation): booked, replayed (an idempotency key
 * seen before answers its first booking), sold_out, too_many_reservations (the brand's limit per client),
 * corporate_refused, coupon_used_up, refused (any other refusal), failed (an error, such as the content service down).
 */
export const BOOKING_OUTCOMES = ['booked', 'replayed', 'sold_out', 'too_many_reservations', 'corporate_refused', 'coupon_used_up', 'refused', 'failed'] as const;
export type BookingOutcome = (typeof BOOKING_OUTCOMES)[number];

/**
 * Why a payment gateway was unavailable (features/payments/gateways/http.ts): no answer in time, no connection, or a
 * 5xx. The outcome of such a call is unknown, and reconciliation settles it later.
 */
export const GATEWAY_ERROR_REASONS = ['timeout', 'unreachable', 'server_error'] as const;
export type GatewayErrorReason = (typeof GATEWAY_ERROR_REASONS)[number];

export type MetricsRecorder = {
  /** Called by server.mjs for each request before anything answers it. */
  observeRequest(request: IncomingMessage, response: ServerResponse): void;
  /** Called by server-response.mjs for each answer Next ends with one long string (a cached page's HTML). */
  stringAnswer(bytes: StringAnswerBytes): void;
  quote(via: QuoteVia, outcome: QuoteOutcome): void;
  booking(reservationType: string, outcome: BookingOutcome): void;
  /** A payment record moved into `status` (recorded once, by the call that moved it). */
  payment(kind: 'charge' | 'refund', provider: string, status: string): void;
  /** The content service failed a request: its 5xx status code, or `unreachable` (no answer). */
  contentServiceError(status: number | 'unreachable'): void;
  gatewayError(provider: string, reason: GatewayErrorReason): void;
  /** A per-client limit refused a request (`rule`: its name, as `lookup`, `coupon`, `reservations_per_client`). */
  rateLimitRefusal(rule: string): void;
};

/** Called once by ./metrics-server.ts when metrics are on. */
export function installMetricsRecorder(recorder: MetricsRecorder): void {
  handover.metrics = recorder;
}

function recorder(): MetricsRecorder | undefined {
  return handover.metrics;
}

export function countQuote(via: QuoteVia, status: number): void {
  recorder()?.quote(via, status < 400 ? 'priced' : status < 500 ? 'refused' : 'failed');
}

export function countBooking(reservationType: string, outcome: BookingOutcome): void {
  recorder()?.booking(reservationType, outcome);
}

export function countPayment(kind: 'charge' | 'refund', provider: string, status: string): void {
  recorder()?.payment(kind, provider, status);
}

export function countContentServiceError(status: number | 'unreachable'): void {
  recorder()?.contentServiceError(status);
}

export function countGatewayError(provider: string, reason: GatewayErrorReason): void {
  recorder()?.gatewayError(provider, reason);
}

export function countRateLimitRefusal(rule: string): void {
  recorder()?.rateLimitRefusal(rule);
}
