import type { Cents } from '@rentacar/domain/money';
import type { CardDetails, PaymentStatus } from '@rentacar/domain/payments';

/**
 * One interface for every payment provider (the card gateway the brand's site config names, and PayPal), so the
 * checkout, the webhooks and reconciliation never know which protocol they are talking. Each adapter speaks its
 * provider's published API; base URLs and keys come from the environment, so the local sandbox and the real gateway
 * differ by configuration only.
 */

export type GatewayPaymentStatus = PaymentStatus;

export type GatewayPayment = {
  /** The provider's id of the payment: a card PaymentIntent, a PayPal order. */
  reference: string;
  status: GatewayPaymentStatus;
  /** What the provider took (succeeded) or will take, in cents. */
  amount: Cents;
  /** PayPal's capture id, needed to refund. */
  capture?: string;
  /** Where the renter must go to act: the 3-D Secure check, PayPal's approval page. */
  actionUrl?: string;
  /** The provider's reason for a decline or a failure, as it words it. */
  failure?: { code: string; message: string };
  card?: CardDetails;
  /** A reusable payment method (card on file) to charge a later difference without the renter. */
  savedMethod?: string;
};

export type StartPayment = {
  amount: Cents;
  /** Sent as the provider's idempotency key: the same attempt asked twice is one payment. */
  idempotencyKey: string;
  reservationNumber: string;
  description: string;
  /** Where the provider sends the renter back after acting (3-D Secure, PayPal approval). */
  returnUrl: string;
  /** Where PayPal sends a renter who cancels there. */
  cancelUrl: string;
  locale: 'es' | 'en';
  brandName: string;
  /** A card payment needs a single-use token from the gateway's own fields, or a saved method. */
  source?: { token: string } | { savedMethod: string };
};

export type GatewayRefund = { reference: string; status: 'succeeded' | 'pending' | 'failed'; amount: Cents };

/** What a verified webhook tells: which payment to ask the provider about. Never trusted for the outcome itself. */
export type WebhookNotice = { type: string; reference?: string; paymentKey?: string };

export interface PaymentGateway {
  readonly provider: string;
  start(request: StartPayment): Promise<GatewayPayment>;
  /** Where a payment stands, asked of the provider; an approved PayPal order is captured (idempotent by key). */
  confirm(reference: string, idempotencyKey: string): Promise<GatewayPayment>;
  /**
   * Stops a payment still waiting for the renter (an abandoned 3-D Secure check), so it can no longer succeed behind
   * a newer attempt; answers where it stands afterwards (succeeded, if the renter got there first).
   */
  abandon(reference: string, idempotencyKey: string): Promise<GatewayPayment>;
  /** The payment the provider made under our key when its answer never reached us; undefined when there is none. */
  findByKey(idempotencyKey: string): Promise<GatewayPayment | undefined>;
  refund(request: { payment: { reference: string; capture?: string }; amount: Cents; idempotencyKey: string }): Promise<GatewayRefund>;
  /** The notice of a webhook whose signature checks out; undefined for a bad or missing signature. */
  verifyWebhook(rawBody: string, headers: Headers): Promise<WebhookNotice | undefined>;
}

/** The provider did not answer in time, could not be reached, or answered 5xx: nothing is known about the payment. */
export class GatewayUnavailableError extends Error {
  constructor(
    readonly provider: string,
    reason: string,
  ) {
    super(`${provider} unavailable: ${reason}`);
    this.name = 'GatewayUnavailableError';
  }
}

/** The provider refused the request itself (not a decline): a bug or a configuration problem on our side. */
export class GatewayRequestError extends Error {
  constructor(
    readonly provider: string,
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${provider} refused the request (${status} ${code}): ${message}`);
    this.name = 'GatewayRequestError';
  }
}
