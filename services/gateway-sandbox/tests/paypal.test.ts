// PayPal's contract (docs/gateway-sandbox.md, "PayPal"): OAuth, orders, the buyer's page, capture (and its replay),
// refunds, and the errors the storefront's adapter has to tell apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, call, paypalClient, startTestSandbox, type Json, type TestSandbox } from './helpers.ts';

let sandbox: TestSandbox;
let paypal: ReturnType<typeof paypalClient>;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  paypal = paypalClient(sandbox.url);
  await paypal.login();
});

afterAll(async () => {
  await sandbox.stop();
  sandbox.remove();
});

type Order = Json & { id: string; status: string; links: Array<{ href: string; rel: string; method: string }> };

async function approvedOrder(value = '123.45'): Promise<{ id: string; payerId: string }> {
  const order = await paypal.createOrder(value);
  const id = String(order.body.id);
  const answer = await paypal.buyer(id, 'pay');
  const payerId = new URL(answer.headers.get('location') ?? '').searchParams.get('PayerID') ?? '';
  return { id, payerId };
}

describe('POST /paypal/v1/oauth2/token', () => {
  it('issues a bearer token for the client id and secret', async () => {
    const answer = await call(`${sandbox.url}/paypal/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${KEYS.paypalClientId}:${KEYS.paypalClientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ token_type: 'Bearer', expires_in: 32_400 });
    for (const field of ['scope', 'access_token', 'app_id', 'nonce']) expect(typeof answer.body[field], field).toBe('string');
  });

  it('refuses wrong credentials with invalid_client', async () => {
    const answer = await call(`${sandbox.url}/paypal/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`${KEYS.paypalClientId}:wrong`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'invalid_client', error_description: 'Client Authentication failed' });
  });

  it('guards every other API with the bearer token', async () => {
    for (const [method, path] of [
      ['POST', '/v2/checkout/orders'],
      ['GET', '/v2/checkout/orders/ABC'],
      ['POST', '/v2/checkout/orders/ABC/capture'],
      ['GET', '/v2/payments/captures/ABC'],
      ['POST', '/v2/payments/captures/ABC/refund'],
      ['GET', '/v2/payments/refunds/ABC'],
      ['POST', '/v1/notifications/verify-webhook-signature'],
    ]) {
      for (const authorization of [undefined, 'Bearer not-a-token']) {
        const answer = await call(`${sandbox.url}/paypal${path}`, { method, headers: authorization ? { authorization } : {}, body: method === 'POST' ? {} : undefined });
        expect(answer.status, `${method} ${path}`).toBe(401);
        expect(answer.body.name).toBe('AUTHENTICATION_FAILURE');
      }
    }
  });
});

describe('orders', () => {
  it('creates an order waiting for the buyer, with its payer-action link', async () => {
    const answer = await paypal.createOrder('123.45');
    expect(answer.status).toBe(200);
    const order = answer.body as Order;
    expect(order).toMatchObject({ status: 'PAYER_ACTION_REQUIRED', payment_source: { paypal: {} } });
    expect(order.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(order.links).toContainEqual({ href: `${sandbox.url}/paypal/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' });
    expect(order.links).toContainEqual({ href: `${sandbox.publicUrl}/paypal/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' });
    const fetched = await paypal.getOrder(order.id);
    expect(fetched.body).toMatchObject({
      id: order.id,
      intent: 'CAPTURE',
      status: 'PAYER_ACTION_REQUIRED',
      purchase_units: [{ reference_id: 'RES-1', custom_id: 'RES-1', description: 'Rental RES-1', amount: { currency_code: 'USD', value: '123.45' } }],
    });
  });

  it('answers the same PayPal-Request-Id with the same order, and refuses it for another body', async () => {
    const requestId = `order-${Date.now()}`;
    const first = await paypal.createOrder('50.00', { requestId });
    const again = await paypal.createOrder('50.00', { requestId });
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    const other = await paypal.createOrder('60.00', { requestId });
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'PAYPAL_REQUEST_ID_PREVIOUSLY_USED' }] });
  });

  it('refuses invalid amounts and missing fields with INVALID_REQUEST or UNPROCESSABLE_ENTITY details', async () => {
    const cases: Array<[string, number, string, string]> = [
      ['12.3', 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX'],
      ['12', 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX'],
      ['abc', 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX'],
      ['-1.00', 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_SYNTAX'],
      ['12.345', 422, 'UNPROCESSABLE_ENTITY', 'DECIMAL_PRECISION'],
      ['0.00', 422, 'UNPROCESSABLE_ENTITY', 'CANNOT_BE_ZERO_OR_NEGATIVE'],
    ];
    for (const [value, status, name, issue] of cases) {
      const answer = await paypal.createOrder(value);
      expect(answer.status, value).toBe(status);
      expect(answer.body, value).toMatchObject({ name, details: [{ issue, location: 'body' }] });
      expect(typeof answer.body.debug_id).toBe('string');
      expect(String((answer.body.details as Array<{ field: string }>)[0]?.field)).toContain('/amount/value');
    }
    const euro = await paypal.createOrder('10.00', { unit: { amount: { currency_code: 'EUR', value: '10.00' } } });
    expect(euro.status).toBe(422);
    const noUrls = await paypal.createOrder('10.00', { body: { intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '10.00' } }] } });
    expect(noUrls.status).toBe(400);
    expect((noUrls.body.details as Array<{ field: string; issue: string }>).map((detail) => detail.issue)).toEqual(['MISSING_REQUIRED_PARAMETER', 'MISSING_REQUIRED_PARAMETER']);
    const malformed = await call(`${sandbox.url}/paypal/v2/checkout/orders`, { method: 'POST', headers: { authorization: `Bearer ${paypal.token}` }, body: '{"intent":' });
    expect(malformed.status).toBe(400);
  });

  it('answers 404 RESOURCE_NOT_FOUND for an unknown order', async () => {
    const answer = await paypal.getOrder('NOSUCHORDER000000');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
  });
});

describe('the buyer page (GET /paypal/checkoutnow)', () => {
  it('shows the amount, the merchant and two buttons, without script or outside resources', async () => {
    const order = await paypal.createOrder('99.90');
    const pageAnswer = await call(`${sandbox.url}/paypal/checkoutnow?token=${String(order.body.id)}`);
    expect(pageAnswer.status).toBe(200);
    expect(pageAnswer.text).toContain('<title>PayPal Sandbox</title>');
    expect(pageAnswer.text).toContain('<h1>PayPal Sandbox</h1>');
    expect(pageAnswer.text).toContain('$99.90 USD');
    expect(pageAnswer.text).toContain('Firefly Panamá');
    expect(pageAnswer.text).toMatch(/<button[^>]*type="submit"[^>]*>Pay now<\/button>/);
    expect(pageAnswer.text).toMatch(/<button[^>]*type="submit"[^>]*>Cancel and return to the store<\/button>/);
    expect(pageAnswer.text).not.toContain('<script');
    expect(pageAnswer.headers.get('content-security-policy')).toContain("form-action 'self' http://127.0.0.1:3999");
    expect((await call(`${sandbox.url}/paypal/checkoutnow?token=NOPE`)).status).toBe(404);
  });

  it('"Pay now" approves the order and returns to return_url with token and PayerID', async () => {
    const order = await paypal.createOrder('80.00');
    const id = String(order.body.id);
    const answer = await paypal.buyer(id, 'pay');
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:3999/paypal/return');
    expect(location.searchParams.get('x')).toBe('1');
    expect(location.searchParams.get('token')).toBe(id);
    const payerId = location.searchParams.get('PayerID') ?? '';
    expect(payerId).toMatch(/^[A-Z0-9]{13}$/);
    const approved = await paypal.getOrder(id);
    expect(approved.body).toMatchObject({ status: 'APPROVED', payer: { payer_id: payerId, email_address: 'sb-buyer@example.com', name: { given_name: 'Sandbox' } } });
    expect((approved.body as Order).links).toContainEqual({ href: `${sandbox.url}/paypal/v2/checkout/orders/${id}/capture`, rel: 'capture', method: 'POST' });
    // A second "Pay now" changes nothing.
    const again = await paypal.buyer(id, 'pay');
    expect(new URL(again.headers.get('location') ?? '').searchParams.get('PayerID')).toBe(payerId);
  });

  it('"Cancel and return to the store" goes to cancel_url with the token and leaves the order unapproved', async () => {
    const order = await paypal.createOrder('80.00');
    const id = String(order.body.id);
    const answer = await paypal.buyer(id, 'cancel');
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe(`http://127.0.0.1:3999/paypal/cancel?token=${id}`);
    expect((await paypal.getOrder(id)).body.status).toBe('PAYER_ACTION_REQUIRED');
  });
});

describe('capture', () => {
  it('takes another amount than the order once when the capture fault is set, then the order amount again', async () => {
    await call(`${sandbox.url}/__sandbox/control`, { method: 'POST', body: { capture_amount_delta_cents: -500 } });
    const first = await approvedOrder('40.00');
    const tampered = await paypal.capture(first.id, `capture-${first.id}`);
    expect(tampered.body).toMatchObject({ purchase_units: [{ payments: { captures: [{ amount: { value: '35.00' } }] } }] });
    const second = await approvedOrder('40.00');
    const normal = await paypal.capture(second.id, `capture-${second.id}`);
    expect(normal.body).toMatchObject({ purchase_units: [{ payments: { captures: [{ amount: { value: '40.00' } }] } }] });
  });

  it('refuses an order the buyer has not approved', async () => {
    const order = await paypal.createOrder('20.00');
    const answer = await paypal.capture(String(order.body.id), `cap-${Date.now()}`);
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
  });

  it('captures an approved order once; the same PayPal-Request-Id gets the same answer, another one ORDER_ALREADY_CAPTURED', async () => {
    const { id, payerId } = await approvedOrder('123.45');
    const requestId = `capture-${id}`;
    const captured = await paypal.capture(id, requestId);
    expect(captured.status).toBe(201);
    expect(captured.body).toMatchObject({
      id,
      status: 'COMPLETED',
      payer: { payer_id: payerId, email_address: 'sb-buyer@example.com' },
      purchase_units: [
        {
          reference_id: 'RES-1',
          payments: { captures: [{ status: 'COMPLETED', amount: { currency_code: 'USD', value: '123.45' }, final_capture: true, custom_id: 'RES-1' }] },
        },
      ],
    });
    const capture = (captured.body.purchase_units as Array<{ payments: { captures: Array<Json & { id: string }> } }>)[0]?.payments.captures[0];
    expect(capture?.id).toMatch(/^[A-Z0-9]{17}$/);
    expect(typeof capture?.create_time).toBe('string');
    expect(typeof capture?.update_time).toBe('string');

    const replay = await paypal.capture(id, requestId);
    expect(replay.status).toBe(201);
    expect(replay.text).toBe(captured.text);

    const second = await paypal.capture(id, `${requestId}-again`);
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({ details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });

    const order = await paypal.getOrder(id);
    expect(order.body).toMatchObject({ status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ id: capture?.id, status: 'COMPLETED' }] } }] });
    const fetched = await paypal.get(`/v2/payments/captures/${capture?.id ?? ''}`);
    expect(fetched.body).toMatchObject({ id: capture?.id, status: 'COMPLETED', supplementary_data: { related_ids: { order_id: id } } });
  });
});

describe('refunds', () => {
  async function capturedOrder(value: string): Promise<string> {
    const { id } = await approvedOrder(value);
    const captured = await paypal.capture(id);
    return String((captured.body.purchase_units as Array<{ payments: { captures: Array<{ id: string }> } }>)[0]?.payments.captures[0]?.id);
  }

  it('refunds part, refuses more than is left, then refunds the rest', async () => {
    const captureId = await capturedOrder('100.00');
    const partial = await paypal.refund(captureId, { amount: { value: '30.00', currency_code: 'USD' } }, `refund-${captureId}-1`);
    expect(partial.status).toBe(201);
    expect(partial.body).toMatchObject({ status: 'COMPLETED', amount: { value: '30.00', currency_code: 'USD' } });
    expect(String(partial.body.id)).toMatch(/^[A-Z0-9]{17}$/);
    const replay = await paypal.refund(captureId, { amount: { value: '30.00', currency_code: 'USD' } }, `refund-${captureId}-1`);
    expect(replay.text).toBe(partial.text);
    expect((await paypal.get(`/v2/payments/captures/${captureId}`)).body.status).toBe('PARTIALLY_REFUNDED');

    const tooMuch = await paypal.refund(captureId, { amount: { value: '70.01', currency_code: 'USD' } });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body).toMatchObject({ name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] });

    const rest = await paypal.refund(captureId);
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ amount: { value: '70.00', currency_code: 'USD' } });
    expect((await paypal.get(`/v2/payments/captures/${captureId}`)).body.status).toBe('REFUNDED');
    expect((await paypal.refund(captureId)).body).toMatchObject({ details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] });

    const fetched = await paypal.get(`/v2/payments/refunds/${String(partial.body.id)}`);
    expect(fetched.body).toEqual(partial.body);
    expect((await paypal.get('/v2/payments/refunds/NOSUCHREFUND00000')).status).toBe(404);
    expect((await paypal.refund('NOSUCHCAPTURE0000')).status).toBe(404);
  });
});
