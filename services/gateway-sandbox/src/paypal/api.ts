// PayPal's REST APIs as the storefront uses them, modelled on PayPal's public docs: OAuth 2.0 client credentials,
// Orders v2 (create, buyer approval on a sandbox page, capture), Payments v2 (captures, refunds), webhooks signed
// with SHA256withRSA and their verification. PAYPAL_BASE_URL=<sandbox>/paypal stands in for
// https://api-m.sandbox.paypal.com. docs/gateway-sandbox.md, "PayPal".
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Context } from '../context.ts';
import {
  basicCredentials,
  bearerToken,
  canonicalJson,
  header,
  httpOrigin,
  isObject,
  isoSeconds,
  json,
  parseForm,
  parseJsonObject,
  paypalId,
  randomHex,
  redirect,
  unixSeconds,
  withQuery,
  type Reply,
  type Request,
} from '../http.ts';
import { errorPage, escapeHtml, page } from '../pages.ts';
import type { PaypalAmount, PaypalPayer, StoredCapture, StoredOrder, StoredPaypalRefund } from '../store.ts';
import { AUTH_ALGO, PaypalWebhookKeys, signedString } from './signing.ts';

interface Detail {
  field?: string;
  value?: string;
  location?: 'body' | 'path' | 'header';
  issue: string;
  description: string;
}

const MESSAGES: Record<string, string> = {
  INVALID_REQUEST: 'Request is not well-formed, syntactically incorrect, or violates schema.',
  UNPROCESSABLE_ENTITY: 'The requested action could not be performed, semantically incorrect, or failed business validation.',
  RESOURCE_NOT_FOUND: 'The specified resource does not exist.',
  AUTHENTICATION_FAILURE: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
};

export function paypalError(status: number, name: string, details: Detail[] = [], message = MESSAGES[name] ?? name): Reply {
  return json(status, { name, message, debug_id: randomHex(7).slice(0, 13), details });
}

const TOKEN_LIFETIME_SECONDS = 32_400;
const SCOPE = 'https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund https://uri.paypal.com/services/applications/webhooks';
const APP_ID = 'APP-LOCALSANDBOX01';
const BUYER: Omit<PaypalPayer, 'payer_id'> = {
  email_address: 'sb-buyer@example.com',
  name: { given_name: 'Sandbox', surname: 'Buyer' },
  address: { country_code: 'PA' },
};
const PAYEE = { email_address: 'sb-merchant@example.com', merchant_id: 'SANDBOXMERCHANT1' };

/** "123.45" in cents; undefined for anything else. */
export function cents(value: string): number {
  return Math.round(Number(value) * 100);
}

export function money(amountCents: number): string {
  return (amountCents / 100).toFixed(2);
}

/** Checks an amount object; returns its details on a violation. */
function checkAmount(amount: unknown, field: string): { amount: PaypalAmount } | { syntax: Detail[] } | { business: Detail[] } {
  if (!isObject(amount)) return { syntax: [{ field, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' }] };
  const { currency_code: currency, value } = amount;
  if (currency === undefined) {
    return { syntax: [{ field: `${field}/currency_code`, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' }] };
  }
  if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
    return { syntax: [{ field: `${field}/currency_code`, location: 'body', issue: 'INVALID_PARAMETER_SYNTAX', description: 'The currency code must be three upper-case letters.' }] };
  }
  if (currency !== 'USD') {
    return {
      business: [{ field: `${field}/currency_code`, value: currency, location: 'body', issue: 'CURRENCY_NOT_SUPPORTED', description: 'This sandbox accepts USD only.' }],
    };
  }
  if (value === undefined) {
    return { syntax: [{ field: `${field}/value`, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' }] };
  }
  if (typeof value !== 'string' || !/^\d{1,10}(\.\d+)?$/.test(value)) {
    return {
      syntax: [
        { field: `${field}/value`, location: 'body', issue: 'INVALID_PARAMETER_SYNTAX', description: 'The value must be a string amount with two decimals, such as "123.45".' },
      ],
    };
  }
  const decimals = value.split('.')[1]?.length ?? 0;
  if (decimals > 2) {
    return {
      business: [{ field: `${field}/value`, value, location: 'body', issue: 'DECIMAL_PRECISION', description: 'USD amounts have at most two decimals.' }],
    };
  }
  if (decimals !== 2) {
    // Stricter than PayPal (which also takes "100"): the storefront always sends two decimals.
    return {
      syntax: [
        { field: `${field}/value`, value, location: 'body', issue: 'INVALID_PARAMETER_SYNTAX', description: 'This sandbox expects exactly two decimals, such as "100.00".' },
      ],
    };
  }
  if (cents(value) <= 0) {
    return {
      business: [{ field: `${field}/value`, value, location: 'body', issue: 'CANNOT_BE_ZERO_OR_NEGATIVE', description: 'The amount must be greater than zero.' }],
    };
  }
  return { amount: { currency_code: 'USD', value } };
}

function optionalString(source: Record<string, unknown>, name: string, max: number, field: string, into: Record<string, string>, errors: Detail[]): void {
  const value = source[name];
  if (value === undefined) return;
  if (typeof value !== 'string' || value.length < 1 || value.length > max) {
    errors.push({ field: `${field}/${name}`, location: 'body', issue: 'INVALID_STRING_LENGTH', description: `Must be a string of 1 to ${max} characters.` });
    return;
  }
  into[name] = value;
}

export function createPaypal(context: Context) {
  const { config, store, webhooks } = context;
  const data = store.state.paypal;
  const keys = new PaypalWebhookKeys(config.dataDir);
  const api = `${config.publicUrl}/paypal`;
  const certUrl = `${api}/v1/notifications/certs/sandbox`;

  function sameSecret(given: string, expected: string): boolean {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  // --- OAuth 2.0 ---
  function issueToken(request: Request): Reply {
    const credentials = basicCredentials(request.headers);
    if (!credentials || !sameSecret(credentials.user, config.paypal.clientId) || !sameSecret(credentials.password, config.paypal.clientSecret)) {
      return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    const grant = parseForm(request.body).get('grant_type');
    if (grant !== 'client_credentials') {
      return json(400, { error: 'unsupported_grant_type', error_description: grant ? `Grant Type ${grant} is not supported` : 'Grant Type is NULL' });
    }
    const token = `A21AA${paypalId(24)}${randomHex(20)}`;
    data.access_tokens[token] = unixSeconds() + TOKEN_LIFETIME_SECONDS;
    store.save();
    return json(200, {
      scope: SCOPE,
      access_token: token,
      token_type: 'Bearer',
      app_id: APP_ID,
      expires_in: TOKEN_LIFETIME_SECONDS,
      nonce: `${isoSeconds()}${randomHex(16)}`,
    });
  }

  function authenticated(request: Request): boolean {
    const token = bearerToken(request.headers);
    const expires = token ? data.access_tokens[token] : undefined;
    return expires !== undefined && expires > unixSeconds();
  }

  // --- PayPal-Request-Id ---
  /**
   * Runs a POST under its PayPal-Request-Id (optional, as at PayPal: without one, every call acts anew). The same id
   * on the same call with the same body gets the first (successful) answer again; reused on another call or body it
   * is refused. Failed calls are not kept, so a retry after the failure's cause went away runs anew.
   */
  function withRequestId(request: Request, body: Record<string, unknown>, run: () => Reply, replay?: (saved: { status: number; body: unknown; order_id?: string }) => Reply): Reply {
    const requestId = header(request.headers, 'paypal-request-id');
    if (!requestId) return run();
    if (requestId.length > 108) {
      return paypalError(400, 'INVALID_REQUEST', [{ field: 'PayPal-Request-Id', location: 'header', issue: 'INVALID_STRING_MAX_LENGTH', description: 'At most 108 characters.' }]);
    }
    const fingerprint = `${request.method} ${request.path} ${canonicalJson(body)}`;
    const saved = data.request_ids[requestId];
    if (saved) {
      if (saved.fingerprint !== fingerprint) {
        return paypalError(422, 'UNPROCESSABLE_ENTITY', [
          { issue: 'PAYPAL_REQUEST_ID_PREVIOUSLY_USED', description: 'The PayPal-Request-Id has already been used for another request.' },
        ]);
      }
      return replay ? replay(saved) : json(saved.status, saved.body);
    }
    const reply = run();
    if (reply.status >= 200 && reply.status < 300) {
      const answer = JSON.parse(reply.body) as unknown;
      const orderId = isObject(answer) && typeof answer.id === 'string' && request.path === '/paypal/v2/checkout/orders' ? answer.id : undefined;
      data.request_ids[requestId] = { fingerprint, status: reply.status, body: answer, created: unixSeconds(), ...(orderId ? { order_id: orderId } : {}) };
      store.save();
    }
    return reply;
  }

  // --- views ---
  function captureView(capture: StoredCapture) {
    return {
      id: capture.id,
      status: capture.status,
      amount: capture.amount,
      final_capture: true,
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      ...(capture.custom_id ? { custom_id: capture.custom_id } : {}),
      ...(capture.invoice_id ? { invoice_id: capture.invoice_id } : {}),
      create_time: capture.create_time,
      update_time: capture.update_time,
      links: [
        { href: `${api}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
        { href: `${api}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
        { href: `${api}/v2/checkout/orders/${capture.order_id}`, rel: 'up', method: 'GET' },
      ],
    };
  }

  function captureResource(capture: StoredCapture) {
    return { ...captureView(capture), supplementary_data: { related_ids: { order_id: capture.order_id } } };
  }

  function refundView(refund: StoredPaypalRefund) {
    return {
      id: refund.id,
      status: refund.status,
      amount: refund.amount,
      ...(refund.custom_id ? { custom_id: refund.custom_id } : {}),
      ...(refund.invoice_id ? { invoice_id: refund.invoice_id } : {}),
      ...(refund.note_to_payer ? { note_to_payer: refund.note_to_payer } : {}),
      create_time: refund.create_time,
      update_time: refund.update_time,
      links: [
        { href: `${api}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `${api}/v2/payments/captures/${refund.capture_id}`, rel: 'up', method: 'GET' },
      ],
    };
  }

  function paymentSource(order: StoredOrder) {
    const payer = order.payer;
    return {
      paypal: payer ? { email_address: payer.email_address, account_id: payer.payer_id, account_status: 'VERIFIED', name: payer.name, address: payer.address } : {},
    };
  }

  function orderLinks(order: StoredOrder) {
    const links = [{ href: `${api}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }];
    if (order.status === 'PAYER_ACTION_REQUIRED' || order.status === 'CREATED') {
      links.push({ href: `${config.publicUrl}/paypal/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' });
    }
    if (order.status === 'APPROVED') links.push({ href: `${api}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' });
    return links;
  }

  function orderView(order: StoredOrder) {
    const capture = order.capture_id ? data.captures[order.capture_id] : undefined;
    return {
      id: order.id,
      intent: order.intent,
      status: order.status,
      payment_source: paymentSource(order),
      purchase_units: [
        {
          ...order.purchase_unit,
          payee: PAYEE,
          ...(capture ? { payments: { captures: [captureView(capture)] } } : {}),
        },
      ],
      ...(order.payer ? { payer: order.payer } : {}),
      create_time: order.create_time,
      update_time: order.update_time,
      links: orderLinks(order),
    };
  }

  /** The answer to order creation: minimal unless the caller asks `Prefer: return=representation`. */
  function createdOrderView(order: StoredOrder, request: Request) {
    if (/return=representation/i.test(header(request.headers, 'prefer') ?? '')) return orderView(order);
    return { id: order.id, status: order.status, payment_source: paymentSource(order), links: orderLinks(order) };
  }

  // --- webhooks ---
  function sendEvent(eventType: string, resourceType: string, summary: string, resource: unknown): void {
    const destination = config.paypal.webhookUrl;
    if (!destination) return;
    const event = {
      id: `WH-${paypalId(17)}-${paypalId(17)}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
    };
    webhooks.enqueue({
      provider: 'paypal',
      destination,
      eventId: event.id,
      eventType,
      body: JSON.stringify(event),
      sign: (body) => {
        const transmissionId = randomUUID();
        const transmissionTime = new Date().toISOString();
        return {
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': transmissionTime,
          'paypal-transmission-sig': keys.sign(signedString(transmissionId, transmissionTime, config.paypal.webhookId, body)),
          'paypal-cert-url': certUrl,
          'paypal-auth-algo': AUTH_ALGO,
        };
      },
    });
  }

  // --- Orders v2 ---
  function createOrder(request: Request): Reply {
    const body = parseJsonObject(request.body);
    if (!body) return paypalError(400, 'INVALID_REQUEST', [{ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' }]);
    return withRequestId(
      request,
      body,
      () => {
        const syntax: Detail[] = [];
        const business: Detail[] = [];
        if (body.intent === undefined) syntax.push({ field: '/intent', location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' });
        else if (body.intent !== 'CAPTURE') {
          syntax.push({ field: '/intent', location: 'body', issue: 'INVALID_PARAMETER_VALUE', description: 'This sandbox supports intent CAPTURE only.' });
        }
        const units = body.purchase_units;
        let unit: Record<string, unknown> | undefined;
        if (!Array.isArray(units) || units.length === 0) {
          syntax.push({ field: '/purchase_units', location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' });
        } else if (units.length > 1 || !isObject(units[0])) {
          syntax.push({ field: '/purchase_units', location: 'body', issue: 'INVALID_PARAMETER_VALUE', description: 'This sandbox takes exactly one purchase unit.' });
        } else unit = units[0];

        const purchaseUnit: Record<string, string> = {};
        let amount: PaypalAmount | undefined;
        if (unit) {
          const checked = checkAmount(unit.amount, '/purchase_units/@reference_id==\'default\'/amount');
          if ('amount' in checked) amount = checked.amount;
          else if ('syntax' in checked) syntax.push(...checked.syntax);
          else business.push(...checked.business);
          optionalString(unit, 'reference_id', 256, '/purchase_units/0', purchaseUnit, syntax);
          optionalString(unit, 'custom_id', 127, '/purchase_units/0', purchaseUnit, syntax);
          optionalString(unit, 'invoice_id', 127, '/purchase_units/0', purchaseUnit, syntax);
          optionalString(unit, 'description', 127, '/purchase_units/0', purchaseUnit, syntax);
        }

        const source = isObject(body.payment_source) && isObject(body.payment_source.paypal) ? body.payment_source.paypal : undefined;
        const experience = source && isObject(source.experience_context) ? source.experience_context : undefined;
        const context: Record<string, string> = {};
        for (const name of ['return_url', 'cancel_url']) {
          const value = experience?.[name];
          const field = `/payment_source/paypal/experience_context/${name}`;
          if (value === undefined) syntax.push({ field, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' });
          else if (typeof value !== 'string' || !httpOrigin(value)) syntax.push({ field, location: 'body', issue: 'INVALID_PARAMETER_SYNTAX', description: 'Must be an absolute http(s) URL.' });
          else context[name] = value;
        }
        if (experience) {
          optionalString(experience, 'locale', 10, '/payment_source/paypal/experience_context', context, syntax);
          optionalString(experience, 'brand_name', 127, '/payment_source/paypal/experience_context', context, syntax);
          for (const [name, allowed] of [
            ['user_action', ['CONTINUE', 'PAY_NOW']],
            ['shipping_preference', ['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS']],
          ] as const) {
            const value = experience[name];
            if (value === undefined) continue;
            if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
              syntax.push({ field: `/payment_source/paypal/experience_context/${name}`, location: 'body', issue: 'INVALID_PARAMETER_VALUE', description: `One of ${allowed.join(', ')}.` });
            } else context[name] = value;
          }
        }
        if (syntax.length > 0) return paypalError(400, 'INVALID_REQUEST', syntax);
        if (business.length > 0 || !amount) return paypalError(422, 'UNPROCESSABLE_ENTITY', business);

        const now = isoSeconds();
        const order: StoredOrder = {
          id: paypalId(17),
          intent: 'CAPTURE',
          status: 'PAYER_ACTION_REQUIRED',
          purchase_unit: { reference_id: purchaseUnit.reference_id ?? 'default', amount, ...withoutReference(purchaseUnit) },
          experience_context: { return_url: context.return_url ?? '', cancel_url: context.cancel_url ?? '', ...withoutUrls(context) },
          payer: null,
          capture_id: null,
          create_time: now,
          update_time: now,
        };
        data.orders[order.id] = order;
        store.save();
        return json(200, createdOrderView(order, request));
      },
      // The same request id gets the same order, in its current state (PayPal answers with the latest status).
      (saved) => {
        const order = saved.order_id ? data.orders[saved.order_id] : undefined;
        return order ? json(200, createdOrderView(order, request)) : json(saved.status, saved.body);
      },
    );
  }

  function notFound(): Reply {
    return paypalError(404, 'RESOURCE_NOT_FOUND', [
      { location: 'path', issue: 'INVALID_RESOURCE_ID', description: 'Specified resource ID does not exist. Please check the resource ID and try again.' },
    ]);
  }

  function getOrder(id: string): Reply {
    const order = data.orders[id];
    return order ? json(200, orderView(order)) : notFound();
  }

  /** The order's amount, or, once, that amount changed by the capture fault of the test controls. */
  function capturedAmount(amount: PaypalAmount): PaypalAmount {
    const delta = context.faults.captureAmountDeltaCents;
    if (delta === 0) return amount;
    context.faults.captureAmountDeltaCents = 0;
    return { currency_code: amount.currency_code, value: money(Math.max(1, cents(amount.value) + delta)) };
  }

  function captureOrder(request: Request, id: string): Reply {
    const body = parseJsonObject(request.body);
    if (body === null) return paypalError(400, 'INVALID_REQUEST', [{ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' }]);
    return withRequestId(request, body ?? {}, () => {
      const order = data.orders[id];
      if (!order) return notFound();
      if (order.status === 'COMPLETED') {
        return paypalError(422, 'UNPROCESSABLE_ENTITY', [{ issue: 'ORDER_ALREADY_CAPTURED', description: 'Order already captured. If \'intent=CAPTURE\' only one capture per order is allowed.' }]);
      }
      if (order.status !== 'APPROVED') {
        return paypalError(422, 'UNPROCESSABLE_ENTITY', [
          { issue: 'ORDER_NOT_APPROVED', description: 'Payer has not yet approved the Order for payment. Redirect the payer to the payer-action link first.' },
        ]);
      }
      const now = isoSeconds();
      const capture: StoredCapture = {
        id: paypalId(17),
        order_id: order.id,
        status: 'COMPLETED',
        amount: capturedAmount(order.purchase_unit.amount),
        refunded_cents: 0,
        ...(order.purchase_unit.custom_id ? { custom_id: order.purchase_unit.custom_id } : {}),
        ...(order.purchase_unit.invoice_id ? { invoice_id: order.purchase_unit.invoice_id } : {}),
        create_time: now,
        update_time: now,
      };
      data.captures[capture.id] = capture;
      order.status = 'COMPLETED';
      order.capture_id = capture.id;
      order.update_time = now;
      store.save();
      sendEvent('PAYMENT.CAPTURE.COMPLETED', 'capture', `Payment completed for $ ${capture.amount.value} ${capture.amount.currency_code}`, captureResource(capture));
      return json(201, {
        id: order.id,
        status: order.status,
        payment_source: paymentSource(order),
        purchase_units: [{ reference_id: order.purchase_unit.reference_id, payments: { captures: [captureView(capture)] } }],
        payer: order.payer,
        links: [{ href: `${api}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }],
      });
    });
  }

  // --- Payments v2 ---
  function getCapture(id: string): Reply {
    const capture = data.captures[id];
    return capture ? json(200, captureResource(capture)) : notFound();
  }

  function getRefund(id: string): Reply {
    const refund = data.refunds[id];
    return refund ? json(200, refundView(refund)) : notFound();
  }

  function refundCapture(request: Request, id: string): Reply {
    const body = parseJsonObject(request.body);
    if (body === null) return paypalError(400, 'INVALID_REQUEST', [{ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' }]);
    const given = body ?? {};
    return withRequestId(request, given, () => {
      const capture = data.captures[id];
      if (!capture) return notFound();
      const left = cents(capture.amount.value) - capture.refunded_cents;
      let refundCents = left;
      if (given.amount !== undefined) {
        const checked = checkAmount(given.amount, '/amount');
        if ('syntax' in checked) return paypalError(400, 'INVALID_REQUEST', checked.syntax);
        if ('business' in checked) return paypalError(422, 'UNPROCESSABLE_ENTITY', checked.business);
        refundCents = cents(checked.amount.value);
      }
      const extra: Record<string, string> = {};
      const problems: Detail[] = [];
      optionalString(given, 'invoice_id', 127, '', extra, problems);
      optionalString(given, 'note_to_payer', 255, '', extra, problems);
      if (problems.length > 0) return paypalError(400, 'INVALID_REQUEST', problems);
      if (capture.status === 'REFUNDED' || left <= 0) {
        return paypalError(422, 'UNPROCESSABLE_ENTITY', [{ issue: 'CAPTURE_FULLY_REFUNDED', description: 'The capture has already been fully refunded.' }]);
      }
      if (refundCents > left) {
        return paypalError(422, 'UNPROCESSABLE_ENTITY', [
          { issue: 'REFUND_AMOUNT_EXCEEDED', description: 'The refund amount must be less than or equal to the capture amount that has not yet been refunded.' },
        ]);
      }
      const now = isoSeconds();
      const refund: StoredPaypalRefund = {
        id: paypalId(17),
        capture_id: capture.id,
        order_id: capture.order_id,
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: money(refundCents) },
        ...(capture.custom_id ? { custom_id: capture.custom_id } : {}),
        ...((extra.invoice_id ?? capture.invoice_id) ? { invoice_id: extra.invoice_id ?? capture.invoice_id } : {}),
        ...(extra.note_to_payer ? { note_to_payer: extra.note_to_payer } : {}),
        create_time: now,
        update_time: now,
      };
      data.refunds[refund.id] = refund;
      capture.refunded_cents += refundCents;
      capture.status = capture.refunded_cents >= cents(capture.amount.value) ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
      capture.update_time = now;
      store.save();
      sendEvent('PAYMENT.CAPTURE.REFUNDED', 'refund', `A $ ${refund.amount.value} USD capture payment was refunded`, refundView(refund));
      return json(201, refundView(refund));
    });
  }

  // --- webhook verification ---
  function certificate(): Reply {
    return { status: 200, headers: { 'content-type': 'application/x-pem-file', 'cache-control': 'no-cache' }, body: keys.publicKeyPem };
  }

  function verifySignature(request: Request): Reply {
    const body = parseJsonObject(request.body);
    if (!body) return paypalError(400, 'INVALID_REQUEST', [{ issue: 'MALFORMED_REQUEST_JSON', description: 'The request JSON is not well formed.' }]);
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
    const missing: Detail[] = fields
      .filter((name) => typeof body[name] !== 'string' || body[name] === '')
      .map((name) => ({ field: `/${name}`, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' }));
    if (!isObject(body.webhook_event)) missing.push({ field: '/webhook_event', location: 'body', issue: 'MISSING_REQUIRED_PARAMETER', description: 'A required field / parameter is missing.' });
    if (missing.length > 0) return paypalError(400, 'INVALID_REQUEST', missing);
    const value = (name: (typeof fields)[number]) => String(body[name]);
    // The event is checked as JSON.stringify of what was sent, which is the raw body the sandbox signed.
    const message = signedString(value('transmission_id'), value('transmission_time'), value('webhook_id'), JSON.stringify(body.webhook_event));
    const success =
      value('auth_algo') === AUTH_ALGO &&
      value('cert_url') === certUrl &&
      value('webhook_id') === config.paypal.webhookId &&
      keys.verify(message, value('transmission_sig'));
    return json(200, { verification_status: success ? 'SUCCESS' : 'FAILURE' });
  }

  // --- the buyer's page ---
  function checkoutPage(order: StoredOrder): Reply {
    const brand = order.experience_context.brand_name ?? config.merchantName;
    const amount = `$${Number(order.purchase_unit.amount.value).toLocaleString('en-US', { minimumFractionDigits: 2 })} USD`;
    if (order.status !== 'PAYER_ACTION_REQUIRED' && order.status !== 'CREATED') {
      const back = withQuery(order.experience_context.return_url, { token: order.id, PayerID: order.payer?.payer_id ?? '' });
      return page({
        title: 'PayPal Sandbox',
        body: `<div class="card"><p class="badge">Sandbox: no real money</p>
<h1>PayPal Sandbox</h1>
<p>You already approved this payment of ${escapeHtml(amount)} to ${escapeHtml(brand)}.</p>
<p><a class="button secondary" href="${escapeHtml(back)}">Return to the store</a></p></div>`,
      });
    }
    const origins = [httpOrigin(order.experience_context.return_url), httpOrigin(order.experience_context.cancel_url)].filter((origin): origin is string => !!origin);
    return page({
      title: 'PayPal Sandbox',
      formTargets: origins,
      body: `<div class="card"><p class="badge">Sandbox: no real money</p>
<h1>PayPal Sandbox</h1>
<p>Pay ${escapeHtml(brand)} with the sandbox buyer account.</p>
<dl>
<dt>Merchant</dt><dd>${escapeHtml(brand)}</dd>
<dt>Amount</dt><dd>${escapeHtml(amount)}</dd>
${order.purchase_unit.description ? `<dt>Description</dt><dd>${escapeHtml(order.purchase_unit.description)}</dd>` : ''}
<dt>Paying as</dt><dd>${escapeHtml(BUYER.email_address)}</dd>
</dl>
<form method="post" action="/paypal/checkoutnow">
<input type="hidden" name="token" value="${escapeHtml(order.id)}">
<div class="actions">
<button class="primary" type="submit" name="action" value="pay">Pay now</button>
<button class="secondary" type="submit" name="action" value="cancel">Cancel and return to the store</button>
</div>
</form></div>`,
    });
  }

  function showCheckout(request: Request): Reply {
    const order = data.orders[request.query.get('token') ?? ''];
    if (!order) return errorPage(404, 'Payment not found', 'This PayPal sandbox link belongs to no order. Go back to the store and try again.');
    return checkoutPage(order);
  }

  function answerCheckout(request: Request): Reply {
    const form = parseForm(request.body);
    const order = data.orders[form.get('token') ?? ''];
    if (!order) return errorPage(404, 'Payment not found', 'This PayPal sandbox link belongs to no order. Go back to the store and try again.');
    const action = form.get('action');
    if (action === 'cancel') return redirect(withQuery(order.experience_context.cancel_url, { token: order.id }));
    if (action !== 'pay') return errorPage(400, 'Choose an answer', 'Choose "Pay now" or "Cancel and return to the store".');
    // Only the first approval counts: a second submission is sent back to the store again.
    if (order.status === 'PAYER_ACTION_REQUIRED' || order.status === 'CREATED') {
      order.status = 'APPROVED';
      order.payer = { payer_id: paypalId(13), ...BUYER };
      order.update_time = isoSeconds();
      store.save();
      sendEvent('CHECKOUT.ORDER.APPROVED', 'checkout-order', 'An order has been approved by buyer', orderView(order));
    }
    return redirect(withQuery(order.experience_context.return_url, { token: order.id, PayerID: order.payer?.payer_id ?? '' }));
  }

  /** Answers a request under /paypal, or undefined when no route matches. */
  function handle(request: Request): Reply | undefined {
    const { method, path } = request;
    if (path === '/paypal/checkoutnow') {
      if (method === 'GET') return showCheckout(request);
      if (method === 'POST') return answerCheckout(request);
      return undefined;
    }
    if (path === '/paypal/v1/oauth2/token' && method === 'POST') return issueToken(request);
    if (path === '/paypal/v1/notifications/certs/sandbox' && method === 'GET') return certificate();
    if (!/^\/paypal\/v[12]\//.test(path)) return undefined;
    if (!authenticated(request)) return paypalError(401, 'AUTHENTICATION_FAILURE', [], MESSAGES.AUTHENTICATION_FAILURE);
    let match: RegExpExecArray | null;
    if (path === '/paypal/v1/notifications/verify-webhook-signature' && method === 'POST') return verifySignature(request);
    if (path === '/paypal/v2/checkout/orders' && method === 'POST') return createOrder(request);
    if ((match = /^\/paypal\/v2\/checkout\/orders\/(\w+)$/.exec(path)) && method === 'GET') return getOrder(match[1] ?? '');
    if ((match = /^\/paypal\/v2\/checkout\/orders\/(\w+)\/capture$/.exec(path)) && method === 'POST') return captureOrder(request, match[1] ?? '');
    if ((match = /^\/paypal\/v2\/payments\/captures\/(\w+)$/.exec(path)) && method === 'GET') return getCapture(match[1] ?? '');
    if ((match = /^\/paypal\/v2\/payments\/captures\/(\w+)\/refund$/.exec(path)) && method === 'POST') return refundCapture(request, match[1] ?? '');
    if ((match = /^\/paypal\/v2\/payments\/refunds\/(\w+)$/.exec(path)) && method === 'GET') return getRefund(match[1] ?? '');
    return undefined;
  }

  function notFoundRoute(): Reply {
    return paypalError(404, 'NOT_FOUND', [], 'The requested resource was not found.');
  }

  return { handle, notFound: notFoundRoute, certUrl };
}

function withoutReference(unit: Record<string, string>): Record<string, string> {
  const { reference_id: _ignored, ...rest } = unit;
  return rest;
}

function withoutUrls(context: Record<string, string>): Record<string, string> {
  const { return_url: _return, cancel_url: _cancel, ...rest } = context;
  return rest;
}
