// The sandbox-only test controls under /__sandbox (docs/gateway-sandbox.md, "Test controls"): outage, latency,
// holding and dropping webhooks, reset; and the health check.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, call, cardClient, paypalClient, sleep, startReceiver, startTestSandbox, waitUntil, type TestSandbox } from './helpers.ts';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let sandbox: TestSandbox;
let card: ReturnType<typeof cardClient>;
let paypal: ReturnType<typeof paypalClient>;

const control = (body: unknown) => call(`${sandbox.url}/__sandbox/control`, { method: 'POST', body });

beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startTestSandbox({ GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL: `${receiver.url}/metrobank` });
  card = cardClient(sandbox.url);
  paypal = paypalClient(sandbox.url);
  await paypal.login();
});

afterEach(async () => {
  await call(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
});

afterAll(async () => {
  await sandbox.stop();
  sandbox.remove();
  await receiver.stop();
});

it('GET /__sandbox/ping answers pong', async () => {
  const answer = await call(`${sandbox.url}/__sandbox/ping`);
  expect(answer.status).toBe(200);
  expect(answer.text).toBe('pong');
});

describe('down', () => {
  it('makes every provider API answer 503, in each provider\'s error shape; pages and ping stay up', async () => {
    const token = await card.tokenId(CARDS.approve);
    expect((await control({ down: true })).body).toEqual({ latency_ms: 0, down: true, webhooks: 'send', capture_amount_delta_cents: 0 });
    const intent = await card.intent({ amount: 100, payment_method: token });
    expect(intent.status).toBe(503);
    expect(intent.body).toEqual({ error: { type: 'api_error', message: 'Service unavailable' } });
    expect((await card.token(CARDS.approve)).status).toBe(503);
    const order = await paypal.createOrder('10.00');
    expect(order.status).toBe(503);
    expect(order.body.name).toBe('SERVICE_UNAVAILABLE');
    expect((await call(`${sandbox.url}/__sandbox/ping`)).status).toBe(200);
    expect((await call(`${sandbox.url}/metrobank/fields/v1/card.html?key=pk_test_unit&origin=http://127.0.0.1:3999`)).status).toBe(200);

    await control({ down: false });
    // Nothing was carried out while down: the token is still unused.
    expect((await card.intent({ amount: 100, payment_method: token })).status).toBe(200);
  });
});

describe('latency', () => {
  it('delays every API answer by latency_ms', async () => {
    await control({ latency_ms: 400 });
    let started = Date.now();
    expect((await card.token(CARDS.approve)).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    started = Date.now();
    expect((await paypal.createOrder('10.00')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
    started = Date.now();
    await call(`${sandbox.url}/__sandbox/ping`);
    expect(Date.now() - started).toBeLessThan(390);
  });

  it('carries the request out before the late answer: a client that gave up and retries with its key gets the same result', async () => {
    const token = await card.tokenId(CARDS.approve);
    await control({ latency_ms: 1_000 });
    const key = card.nextKey();
    const controller = new AbortController();
    const abandoned = fetch(`${sandbox.url}/metrobank/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk_test_unit', 'idempotency-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 100, currency: 'usd', payment_method: token, confirm: true }),
      signal: controller.signal,
    }).catch(() => undefined);
    await sleep(200);
    controller.abort();
    await abandoned;
    await control({ latency_ms: 0 });
    const retry = await card.intent({ amount: 100, payment_method: token }, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('webhooks', () => {
  it('hold keeps events until flushed; send releases the rest; drop never sends', async () => {
    expect((await control({ webhooks: 'hold' })).body).toMatchObject({ webhooks: 'hold' });
    const before = receiver.received.length;
    await card.intent({ amount: 100, payment_method: await card.tokenId(CARDS.approve) });
    await card.intent({ amount: 200, payment_method: await card.tokenId(CARDS.approve) });
    await sleep(200);
    expect(receiver.received.length).toBe(before);
    const held = await call<{ deliveries: Array<{ state: string; event_type: string; destination: string; attempts: unknown[] }> }>(`${sandbox.url}/__sandbox/webhooks`);
    expect(held.body.deliveries.slice(-2)).toMatchObject([
      { state: 'held', event_type: 'payment_intent.succeeded', destination: `${receiver.url}/metrobank`, attempts: [] },
      { state: 'held', event_type: 'payment_intent.succeeded' },
    ]);

    expect((await call(`${sandbox.url}/__sandbox/webhooks/flush`, { method: 'POST' })).body).toEqual({ flushed: 2 });
    await receiver.waitFor(before + 2);

    await card.intent({ amount: 300, payment_method: await card.tokenId(CARDS.approve) });
    await sleep(100);
    expect(receiver.received.length).toBe(before + 2);
    await control({ webhooks: 'send' });
    await receiver.waitFor(before + 3);

    await control({ webhooks: 'drop' });
    await card.intent({ amount: 400, payment_method: await card.tokenId(CARDS.approve) });
    await sleep(200);
    expect(receiver.received.length).toBe(before + 3);
    const list = await call<{ deliveries: Array<{ state: string; attempts: Array<{ status: number }> }> }>(`${sandbox.url}/__sandbox/webhooks`);
    expect(list.body.deliveries.at(-1)).toMatchObject({ state: 'dropped', attempts: [] });
    await waitUntil(
      () => list.body.deliveries.slice(-4, -1).every((delivery) => delivery.state === 'delivered' && delivery.attempts[0]?.status === 200),
      1_000,
      'three delivered',
    );
  });
});

describe('reset and validation', () => {
  it('reset puts every control back; data stays', async () => {
    const paid = await card.intent({ amount: 100, payment_method: await card.tokenId(CARDS.approve) });
    await control({ latency_ms: 50, down: true, webhooks: 'drop' });
    const reset = await call(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });
    expect(reset.body).toEqual({ latency_ms: 0, down: false, webhooks: 'send', capture_amount_delta_cents: 0 });
    expect((await call(`${sandbox.url}/__sandbox/control`)).body).toEqual({ latency_ms: 0, down: false, webhooks: 'send', capture_amount_delta_cents: 0 });
    expect((await card.getIntent(String(paid.body.id))).status).toBe(200);
  });

  it('refuses invalid settings', async () => {
    for (const body of [{ latency_ms: -1 }, { latency_ms: 'slow' }, { down: 'yes' }, { webhooks: 'later' }, { capture_amount_delta_cents: 0.5 }, '{"down":', '[true]']) {
      expect((await control(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(`${sandbox.url}/__sandbox/control`)).body).toEqual({ latency_ms: 0, down: false, webhooks: 'send', capture_amount_delta_cents: 0 });
    expect((await call(`${sandbox.url}/__sandbox/nothing`, { method: 'POST' })).status).toBe(404);
  });
});
