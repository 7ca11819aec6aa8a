import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { GatewayRequestError, type GatewayPayment, type PaymentGateway, type StartPayment, type WebhookNotice } from './gateway';
import { gatewayFetch } from './http';

/**
 * The card gateway `metrobank`: PaymentIntents with confirm=true and an Idempotency-Key, 3-D Secure by redirect,
 * refunds, and webhooks signed `t=<unix>,v1=<HMAC-SHA256 of "t.body">` (the protocol is described in
 * docs/gateway-sandbox.md). Card numbers never pass through here: the browser sends a single-use token from the
 * gateway's own fields.
 */

export type MetrobankConfig = { apiUrl: string; secretKey: string; webhookSecret: string; timeoutMs: number };

const PROVIDER = 'metrobank';
/** A webhook older or newer than this is refused, so a captured one cannot be replayed later. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

const cardSchema = z.object({ brand: z.string(), last4: z.string(), exp_month: z.number().int(), exp_year: z.number().int() });

const intentSchema = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  amount_received: z.number().int().optional(),
  payment_method: z.string().nullish(),
  card: cardSchema.nullish(),
  next_action: z.object({ redirect_to_url: z.object({ url: z.string() }).optional() }).nullish(),
  last_payment_error: z.object({ code: z.string().optional(), decline_code: z.string().optional(), message: z.string().optional() }).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
});
type Intent = z.infer<typeof intentSchema>;

const errorSchema = z.object({
  error: z.object({ type: z.string().optional(), code: z.string().optional(), decline_code: z.string().optional(), message: z.string().optional(), payment_intent: z.unknown().optional() }),
});

const refundSchema = z.object({ id: z.string(), status: z.string(), amount: z.number().int() });
const searchSchema = z.object({ data: z.array(z.unknown()) });
const eventSchema = z.object({ type: z.string(), data: z.object({ object: z.object({ id: z.string().optional(), metadata: z.record(z.string(), z.string()).nullish() }).passthrough() }) });

function expiry(card: z.infer<typeof cardSchema>): string {
  return `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}`;
}

function fromIntent(intent: Intent): GatewayPayment {
  const status =
    intent.status === 'succeeded'
      ? 'succeeded'
      : intent.status === 'requires_action'
        ? 'requires_action'
        : intent.status === 'canceled'
          ? 'canceled'
          : intent.status === 'requires_payment_method'
            ? 'failed'
            : 'pending';
  const error = intent.last_payment_error;
  return {
    reference: intent.id,
    status,
    amount: status === 'succeeded' ? (intent.amount_received ?? intent.amount) : intent.amount,
    ...(status === 'requires_action' && intent.next_action?.redirect_to_url ? { actionUrl: intent.next_action.redirect_to_url.url } : {}),
    ...(status === 'failed' && error ? { failure: { code: error.decline_code ?? error.code ?? 'card_declined', message: error.message ?? '' } } : {}),
    ...(intent.card ? { card: { brand: intent.card.brand, last4: intent.card.last4, expiry: expiry(intent.card) } } : {}),
    ...(intent.payment_method?.startsWith('pm_') ? { savedMethod: intent.payment_method } : {}),
  };
}

function requestError(status: number, body: unknown): GatewayRequestError {
  const parsed = errorSchema.safeParse(body);
  const error = parsed.success ? parsed.data.error : {};
  return new GatewayRequestError(PROVIDER, status, error.code ?? error.type ?? 'unknown', error.message ?? 'no message');
}

export function createMetrobankGateway(config: MetrobankConfig): PaymentGateway {
  const call = (method: 'GET' | 'POST', path: string, body?: unknown, idempotencyKey?: string) =>
    gatewayFetch(PROVIDER, `${config.apiUrl}${path}`, {
      method,
      timeoutMs: config.timeoutMs,
      headers: {
        authorization: `Bearer ${config.secretKey}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const intentOf = (status: number, body: unknown): GatewayPayment => {
    if (status === 200) return fromIntent(intentSchema.parse(body));
    // A decline: the intent that carries the reason comes inside the error.
    if (status === 402) {
      const parsed = errorSchema.safeParse(body);
      const embedded = intentSchema.safeParse(parsed.success ? parsed.data.error.payment_intent : undefined);
      if (embedded.success) return fromIntent(embedded.data);
    }
    throw requestError(status, body);
  };

  return {
    provider: PROVIDER,

    async start(request: StartPayment) {
      const source = request.source;
      if (!source) throw new GatewayRequestError(PROVIDER, 400, 'missing_payment_method', 'a card payment needs a token or a saved method');
      const body = {
        amount: request.amount,
        currency: 'usd',
        confirm: true,
        description: request.description,
        ...(request.returnUrl ? { return_url: request.returnUrl } : {}),
        metadata: { reservation_number: request.reservationNumber, payment_key: request.idempotencyKey },
        ...('token' in source ? { payment_method: source.token, setup_future_usage: 'off_session' } : { payment_method: source.savedMethod, off_session: true }),
      };
      const answer = await call('POST', '/v1/payment_intents', body, request.idempotencyKey);
      return intentOf(answer.status, answer.body);
    },

    async confirm(reference) {
      const answer = await call('GET', `/v1/payment_intents/${encodeURIComponent(reference)}`);
      return intentOf(answer.status, answer.body);
    },

    async abandon(reference, idempotencyKey) {
      const answer = await call('POST', `/v1/payment_intents/${encodeURIComponent(reference)}/cancel`, { cancellation_reason: 'abandoned' }, `${idempotencyKey}:cancel`);
      if (answer.status === 200) return fromIntent(intentSchema.parse(answer.body));
      // Already final (succeeded meanwhile, or failed): where it stands is the answer.
      if (answer.status === 400) return this.confirm(reference, idempotencyKey);
      throw requestError(answer.status, answer.body);
    },

    async findByKey(idempotencyKey) {
      const query = `metadata['payment_key']:'${idempotencyKey.replace(/'/g, '')}'`;
      const answer = await call('GET', `/v1/payment_intents/search?query=${encodeURIComponent(query)}`);
      if (answer.status !== 200) throw requestError(answer.status, answer.body);
      const [first] = searchSchema.parse(answer.body).data;
      return first === undefined ? undefined : fromIntent(intentSchema.parse(first));
    },

    async refund({ payment, amount, idempotencyKey }) {
      const answer = await call('POST', '/v1/refunds', { payment_intent: payment.reference, amount }, idempotencyKey);
      if (answer.status !== 200) throw requestError(answer.status, answer.body);
      const refund = refundSchema.parse(answer.body);
      return { reference: refund.id, status: refund.status === 'succeeded' ? 'succeeded' : refund.status === 'failed' ? 'failed' : 'pending', amount: refund.amount };
    },

    verifyWebhook(rawBody, headers) {
      return Promise.resolve(verifySignedEvent(config.webhookSecret, rawBody, headers));
    },
  };
}

/** The event of a webhook whose `Metrobank-Signature` checks out and is recent; undefined otherwise. */
function verifySignedEvent(webhookSecret: string, rawBody: string, headers: Headers): WebhookNotice | undefined {
  const header = headers.get('metrobank-signature') ?? '';
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]));
  const timestamp = Number(parts.get('t'));
  const signature = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(signature)) return undefined;
  if (Math.abs(Date.now() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) return undefined;
  const expected = createHmac('sha256', webhookSecret).update(`${timestamp}.${rawBody}`).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return undefined;
  let event: z.infer<typeof eventSchema>;
  try {
    event = eventSchema.parse(JSON.parse(rawBody));
  } catch {
    return undefined;
  }
  const object = event.data.object;
  return { type: event.type, ...(object.id ? { reference: object.id } : {}), ...(object.metadata?.payment_key ? { paymentKey: object.metadata.payment_key } : {}) };
}
