// The card gateway "metrobank", modelled on Stripe's public API: tokens, PaymentIntents (with 3-D Secure by
// redirect and saved cards for off-session charges), refunds and signed webhooks. JSON bodies, amounts in integer
// cents, currency 'usd'. docs/gateway-sandbox.md, "Card gateway".
import { createHmac } from 'node:crypto';
import type { Context } from '../context.ts';
import {
  bearerToken,
  canonicalJson,
  header,
  httpOrigin,
  isObject,
  json,
  parseForm,
  parseJsonObject,
  redirect,
  stripeId,
  randomHex,
  unixSeconds,
  withQuery,
  type Reply,
  type Request,
} from '../http.ts';
import { errorPage, escapeHtml, formatUsd, page } from '../pages.ts';
import type { CardDetails, CardOutcome, IdempotencyRecord, PaymentError, StoredCardRefund, StoredIntent } from '../store.ts';
import { cardErrorMessage, checkCard } from './cards.ts';
import { fieldsAsset, fieldsPage } from './fields.ts';

interface ErrorBody {
  type: 'invalid_request_error' | 'authentication_error' | 'idempotency_error' | 'card_error' | 'api_error';
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: unknown;
}

function error(status: number, body: ErrorBody): Reply {
  return json(status, { error: body });
}

function invalid(message: string, code: string, param?: string): Reply {
  return error(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) });
}

const DECLINES: Record<'decline_generic' | 'decline_insufficient_funds', PaymentError> = {
  decline_generic: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
  decline_insufficient_funds: {
    type: 'card_error',
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
};

const AUTHENTICATION_FAILED: PaymentError = {
  type: 'card_error',
  code: 'authentication_failed',
  message: 'The card holder did not complete 3-D Secure authentication. Ask for another payment method.',
};

const BRAND_NAMES: Record<CardDetails['brand'], string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', unknown: 'Card' };

const INTENT_FIELDS = new Set(['amount', 'currency', 'payment_method', 'confirm', 'return_url', 'description', 'metadata', 'setup_future_usage', 'off_session']);
const REFUND_FIELDS = new Set(['payment_intent', 'amount', 'metadata']);
const CANCEL_FIELDS = new Set(['cancellation_reason']);
const CANCELLATION_REASONS = new Set(['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned']);

export type MetrobankEventType = 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled' | 'charge.refunded';

/** The HMAC signature header of a card-gateway webhook: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">. */
export function metrobankSignature(secret: string, body: string, timestamp = unixSeconds()): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export function createMetrobank(context: Context) {
  const { config, store, webhooks } = context;
  const data = store.state.metrobank;
  const threeDsPath = (intent: StoredIntent) => `/metrobank/3ds/${intent.id}`;

  function intentView(intent: StoredIntent) {
    return {
      id: intent.id,
      object: 'payment_intent',
      amount: intent.amount,
      amount_received: intent.amount_received,
      amount_refunded: intent.amount_refunded,
      currency: intent.currency,
      status: intent.status,
      payment_method: intent.payment_method,
      card: intent.card,
      description: intent.description,
      metadata: intent.metadata,
      setup_future_usage: intent.setup_future_usage,
      next_action:
        intent.status === 'requires_action' && intent.challenge
          ? {
              type: 'redirect_to_url',
              redirect_to_url: { url: `${config.publicUrl}${threeDsPath(intent)}?challenge=${intent.challenge}`, return_url: intent.return_url },
            }
          : null,
      last_payment_error: intent.last_payment_error,
      cancellation_reason: intent.cancellation_reason,
      livemode: false,
      created: intent.created,
    };
  }

  function refundView(refund: StoredCardRefund) {
    return { ...refund, object: 'refund' };
  }

  function sendEvent(type: MetrobankEventType, intent: StoredIntent): void {
    const destination = config.metrobank.webhookUrl;
    if (!destination) return;
    const event = { id: stripeId('evt'), object: 'event', type, created: unixSeconds(), livemode: false, data: { object: intentView(intent) } };
    webhooks.enqueue({
      provider: 'metrobank',
      destination,
      eventId: event.id,
      eventType: type,
      body: JSON.stringify(event),
      sign: (body) => ({ 'metrobank-signature': metrobankSignature(config.metrobank.webhookSecret, body) }),
    });
  }

  function requireSecretKey(request: Request): Reply | undefined {
    if (bearerToken(request.headers) === config.metrobank.secretKey) return undefined;
    return error(401, {
      type: 'authentication_error',
      message: 'Invalid API key: send `Authorization: Bearer <secret key>` (METROBANK_SECRET_KEY).',
    });
  }

  /**
   * Runs a POST under its Idempotency-Key: the same key and body get the first answer again; the same key with
   * another body is refused. Answers 200 and 402 are kept (the request was carried out); validation errors are not.
   */
  function idempotent(request: Request, body: Record<string, unknown>, run: () => Reply): Reply {
    const key = header(request.headers, 'idempotency-key');
    if (!key) return invalid('This request needs an Idempotency-Key header.', 'parameter_missing', 'Idempotency-Key');
    if (key.length > 255) return invalid('The Idempotency-Key must be at most 255 characters.', 'parameter_invalid', 'Idempotency-Key');
    const fingerprint = `${request.method} ${request.path} ${canonicalJson(body)}`;
    const saved = data.idempotency[key];
    if (saved) {
      if (saved.fingerprint !== fingerprint) {
        return error(400, {
          type: 'idempotency_error',
          message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        });
      }
      return json(saved.status, saved.body, { 'idempotent-replayed': 'true' });
    }
    const reply = run();
    if (reply.status === 200 || reply.status === 402) {
      const record: IdempotencyRecord = { fingerprint, status: reply.status, body: JSON.parse(reply.body) as unknown, created: unixSeconds() };
      data.idempotency[key] = record;
      store.save();
    }
    return reply;
  }

  /** The JSON body, or the answer to a body that is not a JSON object or has a parameter this endpoint does not know. */
  function jsonBody(request: Request, allowed: Set<string>): { body: Record<string, unknown> } | { reply: Reply } {
    const body = parseJsonObject(request.body);
    if (body === null) return { reply: invalid('The request body must be a JSON object.', 'parameter_invalid') };
    const parsed = body ?? {};
    const unknown = Object.keys(parsed).find((name) => !allowed.has(name));
    if (unknown) return { reply: invalid(`Received unknown parameter: ${unknown}`, 'parameter_unknown', unknown) };
    return { body: parsed };
  }

  // POST /metrobank/v1/tokens (publishable key): the card fields' call. Only the sandbox's own pages may call it from
  // a browser; a server may call it too (no Origin header).
  function allowedOrigin(request: Request): boolean {
    const origin = header(request.headers, 'origin');
    if (!origin) return true;
    const own = [new URL(config.publicUrl).origin, `http://${header(request.headers, 'host') ?? ''}`];
    return own.includes(origin);
  }

  function tokenPreflight(): Reply {
    return {
      status: 204,
      headers: {
        'access-control-allow-origin': new URL(config.publicUrl).origin,
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'authorization, content-type',
        'access-control-max-age': '600',
        vary: 'origin',
      },
      body: '',
    };
  }

  function createToken(request: Request): Reply {
    if (!allowedOrigin(request)) {
      return error(403, { type: 'invalid_request_error', code: 'origin_not_allowed', message: 'Only the hosted card fields may create tokens from a browser.' });
    }
    if (bearerToken(request.headers) !== config.metrobank.publishableKey) {
      return error(401, { type: 'authentication_error', message: 'Invalid publishable key: send `Authorization: Bearer <publishable key>`.' });
    }
    const parsed = jsonBody(request, new Set(['card']));
    if ('reply' in parsed) return parsed.reply;
    const body = parsed.body;
    const card = body.card;
    if (!isObject(card)) return invalid('Missing required param: card.', 'parameter_missing', 'card');
    const checked = checkCard(card);
    if ('error' in checked) {
      return error(402, { type: 'card_error', code: checked.error, message: cardErrorMessage(checked.error), param: checked.error === 'invalid_cvc' ? 'cvc' : checked.error === 'invalid_number' ? 'number' : 'exp_month' });
    }
    const id = stripeId('tok');
    const created = unixSeconds();
    // The cardholder's name is answered but not kept; the number and security code were never kept.
    data.tokens[id] = { id, card: checked.details, outcome: checked.outcome, used: false, created };
    store.save();
    return json(200, { id, object: 'token', card: { ...checked.details, name: checked.name }, used: false, livemode: false, created });
  }

  function createIntent(request: Request): Reply {
    const denied = requireSecretKey(request);
    if (denied) return denied;
    const parsed = jsonBody(request, INTENT_FIELDS);
    if ('reply' in parsed) return parsed.reply;
    const body = parsed.body;
    return idempotent(request, body, () => {
      const { amount, currency, payment_method, confirm, return_url, description, metadata, setup_future_usage, off_session } = body;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > 99_999_999) {
        return invalid('amount must be a positive integer number of cents (at most 99999999).', 'parameter_invalid_integer', 'amount');
      }
      if (typeof currency !== 'string' || currency.toLowerCase() !== 'usd') return invalid("currency must be 'usd'.", 'parameter_invalid', 'currency');
      if (typeof payment_method !== 'string' || !/^(tok|pm)_\w+$/.test(payment_method)) {
        return invalid("payment_method must be a token ('tok_...') or a saved payment method ('pm_...').", 'parameter_missing', 'payment_method');
      }
      if (confirm !== true) return invalid('This sandbox creates and confirms in one call: send confirm: true.', 'parameter_invalid', 'confirm');
      if (return_url !== undefined && (typeof return_url !== 'string' || !httpOrigin(return_url))) {
        return invalid('return_url must be an absolute http(s) URL.', 'url_invalid', 'return_url');
      }
      if (description !== undefined && (typeof description !== 'string' || description.length > 1000)) {
        return invalid('description must be a string of at most 1000 characters.', 'parameter_invalid', 'description');
      }
      const checkedMetadata = checkMetadata(metadata);
      if (typeof checkedMetadata === 'string') return invalid(checkedMetadata, 'parameter_invalid', 'metadata');
      if (setup_future_usage !== undefined && setup_future_usage !== 'off_session') {
        return invalid("setup_future_usage must be 'off_session'.", 'parameter_invalid', 'setup_future_usage');
      }
      if (off_session !== undefined && typeof off_session !== 'boolean') return invalid('off_session must be a boolean.', 'parameter_invalid', 'off_session');

      let card: CardDetails;
      let outcome: CardOutcome;
      let paymentMethodId: string;
      const id = stripeId('pi');
      if (payment_method.startsWith('tok_')) {
        const token = data.tokens[payment_method];
        if (!token) return invalid(`No such token: '${payment_method}'`, 'resource_missing', 'payment_method');
        if (token.used) return invalid(`You cannot use a token more than once: ${payment_method} was already used.`, 'token_already_used', 'payment_method');
        if (off_session === true) {
          return invalid("off_session: true needs a saved payment method ('pm_...'), made with setup_future_usage: 'off_session'.", 'parameter_invalid', 'off_session');
        }
        token.used = true;
        card = token.card;
        outcome = token.outcome;
        paymentMethodId = payment_method;
        if (setup_future_usage === 'off_session') {
          paymentMethodId = stripeId('pm');
          data.payment_methods[paymentMethodId] = { id: paymentMethodId, card, outcome, saved_by: id, created: unixSeconds() };
        }
      } else {
        const saved = data.payment_methods[payment_method];
        if (!saved) return invalid(`No such PaymentMethod: '${payment_method}'`, 'resource_missing', 'payment_method');
        if (data.payment_intents[saved.saved_by]?.status !== 'succeeded') {
          return invalid(
            `The PaymentMethod ${payment_method} cannot be used: the payment that saved it did not succeed.`,
            'payment_method_unexpected_state',
            'payment_method',
          );
        }
        card = saved.card;
        // A saved card charged off-session (the renter is not there) gets no 3-D Secure challenge.
        outcome = off_session === true && saved.outcome === 'requires_3ds' ? 'approve' : saved.outcome;
        paymentMethodId = payment_method;
      }

      const intent: StoredIntent = {
        id,
        amount,
        amount_received: 0,
        amount_refunded: 0,
        currency: 'usd',
        status: 'succeeded',
        payment_method: paymentMethodId,
        card,
        description: typeof description === 'string' ? description : null,
        metadata: checkedMetadata,
        setup_future_usage: setup_future_usage === 'off_session' ? 'off_session' : null,
        return_url: typeof return_url === 'string' ? return_url : null,
        challenge: null,
        last_payment_error: null,
        cancellation_reason: null,
        created: unixSeconds(),
      };
      if (outcome === 'approve') {
        intent.amount_received = amount;
      } else if (outcome === 'requires_3ds') {
        intent.status = 'requires_action';
        intent.challenge = randomHex(16);
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = DECLINES[outcome];
      }
      data.payment_intents[id] = intent;
      store.save();

      if (intent.status === 'succeeded') sendEvent('payment_intent.succeeded', intent);
      if (intent.last_payment_error) {
        sendEvent('payment_intent.payment_failed', intent);
        return error(402, { ...intent.last_payment_error, payment_intent: intentView(intent) });
      }
      return json(200, intentView(intent));
    });
  }

  function getIntent(request: Request, id: string): Reply {
    const denied = requireSecretKey(request);
    if (denied) return denied;
    const intent = data.payment_intents[id];
    if (!intent) return error(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such payment_intent: '${id}'` });
    return json(200, intentView(intent));
  }

  /**
   * Stripe's search, for the one query a merchant needs after losing an answer: `metadata['<key>']:'<value>'`. Any
   * other query is a 400 (the sandbox does not implement Stripe's whole query language).
   */
  function searchIntents(request: Request): Reply {
    const denied = requireSecretKey(request);
    if (denied) return denied;
    const query = request.query.get('query') ?? '';
    const match = /^metadata\['([^'\]]{1,40})'\]:'([^']{0,500})'$/.exec(query.trim());
    if (!match) return error(400, { type: 'invalid_request_error', code: 'parameter_invalid', param: 'query', message: "Supported query: metadata['<key>']:'<value>'." });
    const [, key = '', value = ''] = match;
    const found = Object.values(data.payment_intents)
      .filter((intent) => intent.metadata[key] === value)
      .sort((a, b) => b.created - a.created)
      .map(intentView);
    return json(200, { object: 'search_result', url: '/v1/payment_intents/search', has_more: false, data: found });
  }

  function cancelIntent(request: Request, id: string): Reply {
    const denied = requireSecretKey(request);
    if (denied) return denied;
    const parsed = jsonBody(request, CANCEL_FIELDS);
    if ('reply' in parsed) return parsed.reply;
    const body = parsed.body;
    return idempotent(request, body, () => {
      const intent = data.payment_intents[id];
      if (!intent) return error(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such payment_intent: '${id}'` });
      const reason = body.cancellation_reason;
      if (reason !== undefined && (typeof reason !== 'string' || !CANCELLATION_REASONS.has(reason))) {
        return invalid('cancellation_reason must be duplicate, fraudulent, requested_by_customer or abandoned.', 'parameter_invalid', 'cancellation_reason');
      }
      if (intent.status !== 'requires_action' && intent.status !== 'requires_payment_method') {
        return invalid(`You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`, 'payment_intent_unexpected_state');
      }
      intent.status = 'canceled';
      intent.cancellation_reason = typeof reason === 'string' ? reason : null;
      intent.challenge = null;
      store.save();
      sendEvent('payment_intent.canceled', intent);
      return json(200, intentView(intent));
    });
  }

  function createRefund(request: Request): Reply {
    const denied = requireSecretKey(request);
    if (denied) return denied;
    const parsed = jsonBody(request, REFUND_FIELDS);
    if ('reply' in parsed) return parsed.reply;
    const body = parsed.body;
    return idempotent(request, body, () => {
      const { payment_intent, amount } = body;
      if (typeof payment_intent !== 'string') return invalid('Missing required param: payment_intent.', 'parameter_missing', 'payment_intent');
      if (amount !== undefined && (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1)) {
        return invalid('amount must be a positive integer number of cents.', 'parameter_invalid_integer', 'amount');
      }
      const checkedMetadata = checkMetadata(body.metadata);
      if (typeof checkedMetadata === 'string') return invalid(checkedMetadata, 'parameter_invalid', 'metadata');
      const intent = data.payment_intents[payment_intent];
      if (!intent) return invalid(`No such payment_intent: '${payment_intent}'`, 'resource_missing', 'payment_intent');
      if (intent.status !== 'succeeded') {
        return invalid(`This PaymentIntent has no successful charge to refund (status ${intent.status}).`, 'charge_not_refundable', 'payment_intent');
      }
      const left = intent.amount_received - intent.amount_refunded;
      if (left === 0 && amount === undefined) return invalid(`PaymentIntent ${intent.id} has already been refunded in full.`, 'charge_already_refunded', 'payment_intent');
      const refundAmount = typeof amount === 'number' ? amount : left;
      if (refundAmount > left) {
        return invalid(`Refund amount (${formatUsd(refundAmount)}) is greater than what is left to refund (${formatUsd(left)}).`, 'amount_too_large', 'amount');
      }
      const refund: StoredCardRefund = { id: stripeId('re'), amount: refundAmount, currency: 'usd', payment_intent: intent.id, status: 'succeeded', created: unixSeconds() };
      data.refunds[refund.id] = refund;
      intent.amount_refunded += refundAmount;
      store.save();
      sendEvent('charge.refunded', intent);
      return json(200, refundView(refund));
    });
  }

  function getRefund(request: Request, id: string): Reply {
    const denied = requireSecretKey(request);
    if (denied) return denied;
    const refund = data.refunds[id];
    if (!refund) return error(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such refund: '${id}'` });
    return json(200, refundView(refund));
  }

  // The 3-D Secure check: GET shows it, POST answers it, then back to return_url.
  function returnTo(intent: StoredIntent): string | undefined {
    if (!intent.return_url) return undefined;
    return withQuery(intent.return_url, { payment_intent: intent.id, redirect_status: intent.status === 'succeeded' ? 'succeeded' : 'failed' });
  }

  function challengeIntent(id: string, challenge: string | null): StoredIntent | Reply {
    const intent = data.payment_intents[id];
    if (!intent) return errorPage(404, 'Payment not found', 'This 3-D Secure check belongs to no payment of this sandbox.');
    // A finished check has no challenge any more: any link to it then shows where the payment went.
    if (intent.challenge !== null && challenge !== intent.challenge) {
      return errorPage(403, 'Link not valid', 'This 3-D Secure link is incomplete or was changed. Go back to the store and try again.');
    }
    return intent;
  }

  function outcomePage(intent: StoredIntent): Reply {
    const done = intent.status === 'succeeded';
    const target = returnTo(intent);
    return page({
      title: 'Sandbox 3-D Secure',
      body: `<div class="card"><p class="badge">Sandbox: no real bank</p>
<h1>${done ? 'Authentication completed' : 'Authentication not completed'}</h1>
<p>${done ? 'The payment was authenticated.' : `The payment is ${escapeHtml(intent.status.replaceAll('_', ' '))}.`}</p>
${target ? `<p><a class="button secondary" href="${escapeHtml(target)}">Return to the store</a></p>` : '<p>You can close this window.</p>'}</div>`,
    });
  }

  function showChallenge(request: Request, id: string): Reply {
    const found = challengeIntent(id, request.query.get('challenge'));
    if (!('id' in found)) return found;
    const intent = found;
    if (intent.status !== 'requires_action') return outcomePage(intent);
    const returnOrigin = intent.return_url ? httpOrigin(intent.return_url) : undefined;
    return page({
      title: 'Sandbox 3-D Secure',
      formTargets: returnOrigin ? [returnOrigin] : [],
      body: `<div class="card"><p class="badge">Sandbox: no real bank</p>
<h1>Sandbox 3-D Secure</h1>
<p>Your bank asks you to confirm this payment.</p>
<dl>
<dt>Merchant</dt><dd>${escapeHtml(config.merchantName)}</dd>
<dt>Amount</dt><dd>${escapeHtml(formatUsd(intent.amount))} USD</dd>
<dt>Card</dt><dd>${escapeHtml(BRAND_NAMES[intent.card.brand])} ending in ${escapeHtml(intent.card.last4)}</dd>
${intent.description ? `<dt>Description</dt><dd>${escapeHtml(intent.description)}</dd>` : ''}
</dl>
<form method="post" action="${escapeHtml(threeDsPath(intent))}">
<input type="hidden" name="challenge" value="${escapeHtml(intent.challenge ?? '')}">
<div class="actions">
<button class="primary" type="submit" name="result" value="complete">Complete authentication</button>
<button class="secondary" type="submit" name="result" value="fail">Fail authentication</button>
</div>
</form></div>`,
    });
  }

  function answerChallenge(request: Request, id: string): Reply {
    const form = parseForm(request.body);
    const found = challengeIntent(id, form.get('challenge'));
    if (!('id' in found)) return found;
    const intent = found;
    const result = form.get('result');
    if (result !== 'complete' && result !== 'fail') return errorPage(400, 'Choose an answer', 'Choose "Complete authentication" or "Fail authentication".');
    // Only the first answer counts: a second submission changes nothing and is sent back to the store again.
    if (intent.status === 'requires_action') {
      intent.challenge = null;
      if (result === 'complete') {
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
      } else {
        intent.status = 'requires_payment_method';
        intent.last_payment_error = AUTHENTICATION_FAILED;
      }
      store.save();
      sendEvent(result === 'complete' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent);
    }
    const target = returnTo(intent);
    return target ? redirect(target) : outcomePage(intent);
  }

  /** Answers a request under /metrobank, or undefined when no route matches. */
  function handle(request: Request): Reply | undefined {
    const { method, path } = request;
    if (path.startsWith('/metrobank/fields/v1/')) {
      if (method !== 'GET') return undefined;
      if (path === '/metrobank/fields/v1/card.html') return fieldsPage(request, config);
      return fieldsAsset(path.slice('/metrobank/fields/v1/'.length));
    }
    let match: RegExpExecArray | null;
    if (path === '/metrobank/v1/tokens') {
      if (method === 'OPTIONS') return tokenPreflight();
      if (method === 'POST') return createToken(request);
      return undefined;
    }
    if (path === '/metrobank/v1/payment_intents' && method === 'POST') return createIntent(request);
    if (path === '/metrobank/v1/payment_intents/search' && method === 'GET') return searchIntents(request);
    if ((match = /^\/metrobank\/v1\/payment_intents\/([\w-]+)$/.exec(path)) && method === 'GET') return getIntent(request, match[1] ?? '');
    if ((match = /^\/metrobank\/v1\/payment_intents\/([\w-]+)\/cancel$/.exec(path)) && method === 'POST') return cancelIntent(request, match[1] ?? '');
    if (path === '/metrobank/v1/refunds' && method === 'POST') return createRefund(request);
    if ((match = /^\/metrobank\/v1\/refunds\/([\w-]+)$/.exec(path)) && method === 'GET') return getRefund(request, match[1] ?? '');
    if ((match = /^\/metrobank\/3ds\/([\w-]+)$/.exec(path))) {
      if (method === 'GET') return showChallenge(request, match[1] ?? '');
      if (method === 'POST') return answerChallenge(request, match[1] ?? '');
    }
    return undefined;
  }

  function notFound(request: Request): Reply {
    return error(404, { type: 'invalid_request_error', code: 'resource_missing', message: `Unrecognized request URL (${request.method}: ${request.path}).` });
  }

  return { handle, notFound };
}

/** Metadata: at most 50 string values, keys of at most 40 characters, values of at most 500. */
function checkMetadata(value: unknown): Record<string, string> | string {
  if (value === undefined) return {};
  if (!isObject(value)) return 'metadata must be an object of string values.';
  const entries = Object.entries(value);
  if (entries.length > 50) return 'metadata can have at most 50 keys.';
  const result: Record<string, string> = {};
  for (const [key, item] of entries) {
    if (key.length === 0 || key.length > 40) return `metadata key "${key.slice(0, 40)}" must have 1 to 40 characters.`;
    if (typeof item !== 'string' || item.length > 500) return `metadata value of "${key}" must be a string of at most 500 characters.`;
    result[key] = item;
  }
  return result;
}
