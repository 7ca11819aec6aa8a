import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPayPalGateway } from './paypal';

const config = { baseUrl: 'http://paypal.test', clientId: 'client', clientSecret: 'secret', webhookId: 'WH-1', timeoutMs: 1000 };

type Call = { url: string; method: string; headers: Headers; body: unknown };

/** A fake PayPal answering by path; every call is kept for the assertions. */
function fakePayPal(routes: Record<string, (call: Call) => [number, unknown]>) {
  const calls: Call[] = [];
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    const call = { url, method: init.method ?? 'GET', headers: new Headers(init.headers), body: typeof init.body === 'string' && init.body.startsWith('{') ? (JSON.parse(init.body) as unknown) : init.body };
    calls.push(call);
    if (path === '/v1/oauth2/token') return Promise.resolve(Response.json({ access_token: 'A21', expires_in: 32400 }));
    const route = routes[`${call.method} ${path}`];
    const [status, body] = route ? route(call) : [404, { name: 'RESOURCE_NOT_FOUND' }];
    return Promise.resolve(Response.json(body, { status }));
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const approved = { id: 'ORDER1', status: 'APPROVED', purchase_units: [{ amount: { currency_code: 'USD', value: '123.45' } }] };
const completed = { id: 'ORDER1', status: 'COMPLETED', purchase_units: [{ payments: { captures: [{ id: 'CAP1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '123.45' } }] } }] };

afterEach(() => vi.unstubAllGlobals());

describe('PayPal orders', () => {
  it('creates the order with the server amount as a 2-decimal string and hands back the approval page', async () => {
    const calls = fakePayPal({
      'POST /v2/checkout/orders': () => [200, { id: 'ORDER1', status: 'PAYER_ACTION_REQUIRED', links: [{ rel: 'payer-action', href: 'http://paypal.test/checkoutnow?token=ORDER1' }] }],
    });
    const gateway = createPayPalGateway(config);
    const order = await gateway.start({ amount: 12_345, idempotencyKey: 'paypal_key', reservationNumber: 'FF-1', description: 'd', returnUrl: 'http://shop/r', cancelUrl: 'http://shop/c', locale: 'es', brandName: 'Firefly' });
    expect(order).toEqual({ reference: 'ORDER1', status: 'requires_action', amount: 12_345, actionUrl: 'http://paypal.test/checkoutnow?token=ORDER1' });
    const create = calls.find((call) => call.url.endsWith('/v2/checkout/orders'));
    expect(create?.headers.get('paypal-request-id')).toBe('paypal_key');
    expect(create?.headers.get('authorization')).toBe('Bearer A21');
    expect(create?.body).toMatchObject({ intent: 'CAPTURE', purchase_units: [{ amount: { currency_code: 'USD', value: '123.45' } }] });
  });

  it('captures an approved order once, with a request id of its own, and reads the captured amount', async () => {
    const calls = fakePayPal({ 'GET /v2/checkout/orders/ORDER1': () => [200, approved], 'POST /v2/checkout/orders/ORDER1/capture': () => [201, completed] });
    const gateway = createPayPalGateway(config);
    await expect(gateway.confirm('ORDER1', 'paypal_key')).resolves.toEqual({ reference: 'ORDER1', status: 'succeeded', amount: 12_345, capture: 'CAP1' });
    expect(calls.find((call) => call.url.endsWith('/capture'))?.headers.get('paypal-request-id')).toBe('paypal_key:capture');
  });

  it('reads the order again when another path captured it first (a replayed capture)', async () => {
    let reads = 0;
    fakePayPal({
      'GET /v2/checkout/orders/ORDER1': () => [200, (reads += 1) === 1 ? approved : completed],
      'POST /v2/checkout/orders/ORDER1/capture': () => [422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] }],
    });
    await expect(createPayPalGateway(config).confirm('ORDER1', 'k')).resolves.toMatchObject({ status: 'succeeded', capture: 'CAP1' });
  });
});

describe('PayPal webhooks', () => {
  const headers = new Headers({
    'paypal-auth-algo': 'SHA256withRSA',
    'paypal-cert-url': 'http://paypal.test/certs/1',
    'paypal-transmission-id': 'T1',
    'paypal-transmission-sig': 'c2ln',
    'paypal-transmission-time': '2026-11-23T10:00:00Z',
  });
  const event = JSON.stringify({ id: 'WH-EV1', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAP1', supplementary_data: { related_ids: { order_id: 'ORDER1' } } } });

  it("asks PayPal to verify the signature with our webhook id, and names the capture's order", async () => {
    const calls = fakePayPal({ 'POST /v1/notifications/verify-webhook-signature': () => [200, { verification_status: 'SUCCESS' }] });
    await expect(createPayPalGateway(config).verifyWebhook(event, headers)).resolves.toEqual({ type: 'PAYMENT.CAPTURE.COMPLETED', reference: 'ORDER1' });
    expect(calls.at(-1)?.body).toMatchObject({ webhook_id: 'WH-1', transmission_id: 'T1', webhook_event: { id: 'WH-EV1' } });
  });

  it('refuses an event PayPal does not vouch for, or one without its headers', async () => {
    fakePayPal({ 'POST /v1/notifications/verify-webhook-signature': () => [200, { verification_status: 'FAILURE' }] });
    await expect(createPayPalGateway(config).verifyWebhook(event, headers)).resolves.toBeUndefined();
    await expect(createPayPalGateway(config).verifyWebhook(event, new Headers())).resolves.toBeUndefined();
  });
});
