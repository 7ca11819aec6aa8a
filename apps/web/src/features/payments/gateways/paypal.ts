import 'server-only';
import { z } from 'zod';
import { centsToDecimalString, parseMoney } from '@rentacar/domain/money';
import { GatewayRequestError, type GatewayPayment, type PaymentGateway, type WebhookNotice } from './gateway';
import { gatewayFetch } from './http';

/**
 * PayPal's REST API: an OAuth client-credentials token, Orders v2 (create on the server with the server's quote, the
 * renter approves on PayPal's page, the server captures), Payments v2 refunds, and webhook verification by PayPal's
 * own verify-webhook-signature call. PayPal-Request-Id makes every write idempotent.
 */

export type PayPalConfig = { baseUrl: string; clientId: string; clientSecret: string; webhookId: string; timeoutMs: number };

const PROVIDER = 'paypal';

const tokenSchema = z.object({ access_token: z.string(), expires_in: z.number() });
const amountSchema = z.object({ currency_code: z.string(), value: z.string() });
const captureSchema = z.object({ id: z.string(), status: z.string(), amount: amountSchema });
const orderSchema = z.object({
  id: z.string(),
  status: z.string(),
  links: z.array(z.object({ href: z.string(), rel: z.string() })).optional(),
  purchase_units: z
    .array(z.object({ amount: amountSchema.optional(), payments: z.object({ captures: z.array(captureSchema).optional() }).optional() }))
    .optional(),
});
type Order = z.infer<typeof orderSchema>;
const problemSchema = z.object({ name: z.string().optional(), message: z.string().optional(), details: z.array(z.object({ issue: z.string().optional(), description: z.string().optional() })).optional() });
const refundSchema = z.object({ id: z.string(), status: z.string(), amount: amountSchema.optional() });
const eventSchema = z.object({
  event_type: z.string(),
  resource: z.object({ id: z.string().optional(), supplementary_data: z.object({ related_ids: z.object({ order_id: z.string().optional() }).optional() }).optional() }).passthrough(),
});

function cents(value: string | undefined): number {
  const parsed = value === undefined ? null : parseMoney(value);
  if (parsed === null) throw new GatewayRequestError(PROVIDER, 200, 'bad_amount', `unreadable amount ${String(value)}`);
  return parsed;
}

function fromOrder(order: Order): GatewayPayment {
  const unit = order.purchase_units?.[0];
  const capture = unit?.payments?.captures?.[0];
  if (capture) {
    const status = capture.status === 'COMPLETED' ? 'succeeded' : capture.status === 'PENDING' ? 'pending' : 'failed';
    return {
      reference: order.id,
      status,
      amount: cents(capture.amount.value),
      capture: capture.id,
      ...(status === 'failed' ? { failure: { code: capture.status.toLowerCase(), message: `PayPal capture ${capture.status}` } } : {}),
    };
  }
  const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
  const status = order.status === 'VOIDED' ? 'canceled' : order.status === 'COMPLETED' ? 'succeeded' : 'requires_action';
  return { reference: order.id, status, amount: unit?.amount ? cents(unit.amount.value) : 0, ...(approve && status === 'requires_action' ? { actionUrl: approve } : {}) };
}

function problem(status: number, body: unknown): GatewayRequestError {
  const parsed = problemSchema.safeParse(body);
  const detail = parsed.success ? parsed.data.details?.[0] : undefined;
  return new GatewayRequestError(PROVIDER, status, detail?.issue ?? (parsed.success ? parsed.data.name : undefined) ?? 'unknown', detail?.description ?? (parsed.success ? parsed.data.message : undefined) ?? 'no message');
}

export function createPayPalGateway(config: PayPalConfig): PaymentGateway {
  // A credential, not shared state: each instance asks for its own token and keeps it until shortly before it expires.
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const answer = await gatewayFetch(PROVIDER, `${config.baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      timeoutMs: config.timeoutMs,
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: 'grant_type=client_credentials',
    });
    if (answer.status !== 200) throw new GatewayRequestError(PROVIDER, answer.status, 'invalid_client', 'PayPal refused the client credentials');
    const issued = tokenSchema.parse(answer.body);
    token = { value: issued.access_token, expiresAt: Date.now() + Math.max(0, issued.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call(method: 'GET' | 'POST', path: string, body?: unknown, requestId?: string) {
    const answer = await gatewayFetch(PROVIDER, `${config.baseUrl}${path}`, {
      method,
      timeoutMs: config.timeoutMs,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(requestId ? { 'paypal-request-id': requestId } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (answer.status === 401) token = undefined;
    return answer;
  }

  async function getOrder(reference: string): Promise<Order> {
    const answer = await call('GET', `/v2/checkout/orders/${encodeURIComponent(reference)}`);
    if (answer.status !== 200) throw problem(answer.status, answer.body);
    return orderSchema.parse(answer.body);
  }

  return {
    provider: PROVIDER,

    async start(request) {
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: request.reservationNumber,
            custom_id: request.idempotencyKey,
            description: request.description,
            amount: { currency_code: 'USD', value: centsToDecimalString(request.amount) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: request.returnUrl,
              cancel_url: request.cancelUrl,
              locale: request.locale === 'es' ? 'es-PA' : 'en-US',
              brand_name: request.brandName,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
            },
          },
        },
      };
      const answer = await call('POST', '/v2/checkout/orders', body, request.idempotencyKey);
      if (answer.status !== 200 && answer.status !== 201) throw problem(answer.status, answer.body);
      const created = fromOrder(orderSchema.parse(answer.body));
      // The order's own amount, as PayPal echoes it, may be missing from the create answer.
      return { ...created, amount: created.amount || request.amount };
    },

    async confirm(reference, idempotencyKey) {
      const order = await getOrder(reference);
      if (order.status !== 'APPROVED') return fromOrder(order);
      const answer = await call('POST', `/v2/checkout/orders/${encodeURIComponent(reference)}/capture`, {}, `${idempotencyKey}:capture`);
      if (answer.status === 200 || answer.status === 201) return fromOrder(orderSchema.parse(answer.body));
      // Captured meanwhile by another path (the webhook, another instance): the order says how.
      if (answer.status === 422 && problem(answer.status, answer.body).code === 'ORDER_ALREADY_CAPTURED') return fromOrder(await getOrder(reference));
      throw problem(answer.status, answer.body);
    },

    // An order cannot be cancelled through the API; one never approved simply expires at PayPal. An approved one is
    // captured: the renter did pay.
    abandon(reference, idempotencyKey) {
      return this.confirm(reference, idempotencyKey);
    },

    // PayPal has no lookup by request id; an order whose answer was lost was never shown to the renter to approve.
    findByKey() {
      return Promise.resolve(undefined);
    },

    async refund({ payment, amount, idempotencyKey }) {
      if (!payment.capture) throw new GatewayRequestError(PROVIDER, 400, 'no_capture', `order ${payment.reference} has no capture to refund`);
      const answer = await call(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(payment.capture)}/refund`,
        { amount: { currency_code: 'USD', value: centsToDecimalString(amount) } },
        idempotencyKey,
      );
      if (answer.status !== 200 && answer.status !== 201) throw problem(answer.status, answer.body);
      const refund = refundSchema.parse(answer.body);
      return { reference: refund.id, status: refund.status === 'COMPLETED' ? 'succeeded' : refund.status === 'PENDING' ? 'pending' : 'failed', amount: refund.amount ? cents(refund.amount.value) : amount };
    },

    async verifyWebhook(rawBody, headers): Promise<WebhookNotice | undefined> {
      const transmission = {
        auth_algo: headers.get('paypal-auth-algo'),
        cert_url: headers.get('paypal-cert-url'),
        transmission_id: headers.get('paypal-transmission-id'),
        transmission_sig: headers.get('paypal-transmission-sig'),
        transmission_time: headers.get('paypal-transmission-time'),
      };
      if (Object.values(transmission).some((value) => !value)) return undefined;
      let event: unknown;
      try {
        event = JSON.parse(rawBody);
      } catch {
        return undefined;
      }
      const answer = await call('POST', '/v1/notifications/verify-webhook-signature', { ...transmission, webhook_id: config.webhookId, webhook_event: event });
      const verified = z.object({ verification_status: z.string() }).safeParse(answer.body);
      if (answer.status !== 200 || !verified.success || verified.data.verification_status !== 'SUCCESS') return undefined;
      const parsed = eventSchema.safeParse(event);
      if (!parsed.success) return undefined;
      const resource = parsed.data.resource;
      const orderId = parsed.data.event_type.startsWith('CHECKOUT.ORDER.') ? resource.id : resource.supplementary_data?.related_ids?.order_id;
      return { type: parsed.data.event_type, ...(orderId ? { reference: orderId } : {}) };
    },
  };
}
