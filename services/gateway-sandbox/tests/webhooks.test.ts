// Webhooks of both providers (docs/gateway-sandbox.md, "Webhooks"), received by a small server on 127.0.0.1 and
// verified as the storefront would: the card gateway's HMAC header, PayPal's RSA signature (with the public key from
// PAYPAL-CERT-URL and with verify-webhook-signature). Also retries, and what happens with no destination.
import { createHmac, createPublicKey, verify } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, KEYS, answerThreeDs, call, cardClient, paypalClient, sleep, startReceiver, startTestSandbox, waitUntil, type TestSandbox } from './helpers.ts';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let sandbox: TestSandbox;
let card: ReturnType<typeof cardClient>;
let paypal: ReturnType<typeof paypalClient>;

beforeAll(async () => {
  receiver = await startReceiver();
  sandbox = await startTestSandbox({
    GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL: `${receiver.url}/api/payments/webhooks/metrobank`,
    GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL: `${receiver.url}/api/payments/webhooks/paypal`,
  });
  card = cardClient(sandbox.url);
  paypal = paypalClient(sandbox.url);
  await paypal.login();
});

afterAll(async () => {
  await sandbox.stop();
  sandbox.remove();
  await receiver.stop();
});

/** The webhooks received from now on, for the duration of `action`. */
async function hooksDuring(count: number, action: () => Promise<unknown>) {
  const before = receiver.received.length;
  await action();
  await receiver.waitFor(before + count);
  return receiver.received.slice(before, before + count);
}

/** Checks a Metrobank-Signature header as the storefront's adapter should; returns the event. */
function verifyMetrobank(header: string | string[] | undefined, body: string, secret = KEYS.webhookSecret): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(header));
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(`${match[1]}.${body}`).digest('hex');
  return expected === match[2] && Math.abs(Date.now() / 1000 - Number(match[1])) < 300;
}

describe('card gateway webhooks', () => {
  it('sends payment_intent.succeeded, signed with METROBANK_WEBHOOK_SECRET', async () => {
    let intentId = '';
    const [hook] = await hooksDuring(1, async () => {
      intentId = String((await card.intent({ amount: 1500, payment_method: await card.tokenId(CARDS.approve) })).body.id);
    });
    if (!hook) throw new Error('no webhook');
    expect(hook.path).toBe('/api/payments/webhooks/metrobank');
    expect(hook.headers['content-type']).toBe('application/json');
    expect(verifyMetrobank(hook.headers['metrobank-signature'], hook.body)).toBe(true);
    expect(verifyMetrobank(hook.headers['metrobank-signature'], hook.body, 'another-secret')).toBe(false);
    expect(verifyMetrobank(hook.headers['metrobank-signature'], hook.body.replace('1500', '1600'))).toBe(false);
    const event = JSON.parse(hook.body) as Record<string, unknown>;
    expect(event).toMatchObject({ object: 'event', type: 'payment_intent.succeeded', data: { object: { id: intentId, object: 'payment_intent', status: 'succeeded' } } });
    expect(String(event.id)).toMatch(/^evt_\w+$/);
    expect(typeof event.created).toBe('number');
  });

  it('sends payment_intent.payment_failed for a decline and for failed 3-D Secure, charge.refunded for a refund', async () => {
    const token = await card.tokenId(CARDS.insufficient);
    const [declined] = await hooksDuring(1, () => card.intent({ amount: 100, payment_method: token }));
    expect(JSON.parse(declined?.body ?? '{}')).toMatchObject({
      type: 'payment_intent.payment_failed',
      data: { object: { status: 'requires_payment_method', last_payment_error: { decline_code: 'insufficient_funds' } } },
    });

    const waiting = await card.intent({ amount: 100, payment_method: await card.tokenId(CARDS.threeDs), return_url: 'http://127.0.0.1:3999/back' });
    const [failed] = await hooksDuring(1, () => answerThreeDs((waiting.body.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url, 'fail'));
    expect(JSON.parse(failed?.body ?? '{}')).toMatchObject({ type: 'payment_intent.payment_failed', data: { object: { last_payment_error: { code: 'authentication_failed' } } } });

    const paid = await card.intent({ amount: 900, payment_method: await card.tokenId(CARDS.approve) });
    await receiver.waitFor(receiver.received.length + 1);
    const [refunded] = await hooksDuring(1, () => card.refund({ payment_intent: String(paid.body.id), amount: 300 }));
    expect(refunded && verifyMetrobank(refunded.headers['metrobank-signature'], refunded.body)).toBe(true);
    expect(JSON.parse(refunded?.body ?? '{}')).toMatchObject({ type: 'charge.refunded', data: { object: { id: paid.body.id, amount_refunded: 300 } } });
  });

  it('never delays the API answer, and retries a failing destination 3 times', async () => {
    receiver.failNext(2);
    const before = receiver.received.length;
    const started = Date.now();
    const intent = await card.intent({ amount: 2000, payment_method: await card.tokenId(CARDS.approve) });
    expect(Date.now() - started).toBeLessThan(1_000);
    await receiver.waitFor(before + 3);
    const attempts = receiver.received.slice(before, before + 3);
    // Each attempt is the same event, signed again.
    expect(new Set(attempts.map((hook) => (JSON.parse(hook.body) as { id: string }).id)).size).toBe(1);
    expect(attempts.every((hook) => verifyMetrobank(hook.headers['metrobank-signature'], hook.body))).toBe(true);
    await waitUntil(
      async () => {
        const list = await call<{ deliveries: Array<{ event_type: string; state: string; attempts: Array<{ status: number }> }> }>(`${sandbox.url}/__sandbox/webhooks`);
        const last = list.body.deliveries.at(-1);
        return last?.state === 'delivered' && last.attempts.map((attempt) => attempt.status).join(',') === '500,500,200';
      },
      3_000,
      'the delivery list to show two failures then a success',
    );
    expect(intent.status).toBe(200);
  });

  it('gives up after the first attempt and 3 retries to an unreachable destination', async () => {
    const unreachable = await startTestSandbox({ GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL: 'http://127.0.0.1:9/hooks' });
    try {
      const client = cardClient(unreachable.url);
      await client.intent({ amount: 100, payment_method: await client.tokenId(CARDS.approve) });
      await waitUntil(
        async () => {
          const list = await call<{ deliveries: Array<{ state: string; attempts: Array<{ status: number | null; error?: string }>; destination: string }> }>(
            `${unreachable.url}/__sandbox/webhooks`,
          );
          const delivery = list.body.deliveries[0];
          return delivery?.state === 'failed' && delivery.attempts.length === 4 && delivery.attempts.every((attempt) => attempt.status === null && !!attempt.error);
        },
        5_000,
        'four failed attempts',
      );
    } finally {
      await unreachable.stop();
      unreachable.remove();
    }
  });
});

describe('PayPal webhooks', () => {
  interface PaypalEvent {
    id: string;
    event_version: string;
    create_time: string;
    resource_type: string;
    event_type: string;
    summary: string;
    resource: Record<string, unknown>;
  }

  async function verifyWithApi(hook: { headers: Record<string, string | string[] | undefined> }, event: unknown) {
    const answer = await paypal.post('/v1/notifications/verify-webhook-signature', {
      auth_algo: hook.headers['paypal-auth-algo'],
      cert_url: hook.headers['paypal-cert-url'],
      transmission_id: hook.headers['paypal-transmission-id'],
      transmission_sig: hook.headers['paypal-transmission-sig'],
      transmission_time: hook.headers['paypal-transmission-time'],
      webhook_id: KEYS.paypalWebhookId,
      webhook_event: event,
    });
    expect(answer.status).toBe(200);
    return answer.body.verification_status;
  }

  it('sends CHECKOUT.ORDER.APPROVED, PAYMENT.CAPTURE.COMPLETED and PAYMENT.CAPTURE.REFUNDED, signed as PayPal documents', async () => {
    const order = await paypal.createOrder('45.00');
    const orderId = String(order.body.id);
    const [approved] = await hooksDuring(1, () => paypal.buyer(orderId, 'pay'));
    const [completed] = await hooksDuring(1, () => paypal.capture(orderId));
    const captureId = String(((JSON.parse(completed?.body ?? '{}') as PaypalEvent).resource as { id: string }).id);
    const [refunded] = await hooksDuring(1, () => paypal.refund(captureId, { amount: { value: '5.00', currency_code: 'USD' } }));
    if (!approved || !completed || !refunded) throw new Error('missing webhooks');

    const events = [approved, completed, refunded].map((hook) => JSON.parse(hook.body) as PaypalEvent);
    expect(events.map((event) => [event.event_type, event.resource_type])).toEqual([
      ['CHECKOUT.ORDER.APPROVED', 'checkout-order'],
      ['PAYMENT.CAPTURE.COMPLETED', 'capture'],
      ['PAYMENT.CAPTURE.REFUNDED', 'refund'],
    ]);
    for (const event of events) {
      expect(event.id).toMatch(/^WH-/);
      expect(event.event_version).toBe('1.0');
      expect(typeof event.summary).toBe('string');
      expect(Number.isNaN(Date.parse(event.create_time))).toBe(false);
    }
    expect(events[0]?.resource).toMatchObject({ id: orderId, status: 'APPROVED' });
    expect(events[1]?.resource).toMatchObject({ id: captureId, status: 'COMPLETED', amount: { value: '45.00' }, supplementary_data: { related_ids: { order_id: orderId } } });
    expect(events[2]?.resource).toMatchObject({ status: 'COMPLETED', amount: { value: '5.00', currency_code: 'USD' } });

    // Offline check: the public key at PAYPAL-CERT-URL verifies the documented string.
    const certUrl = String(completed.headers['paypal-cert-url']);
    expect(certUrl).toBe(`${sandbox.publicUrl}/paypal/v1/notifications/certs/sandbox`);
    const pem = await (await fetch(certUrl)).text();
    expect(pem).toContain('BEGIN PUBLIC KEY');
    const key = createPublicKey(pem);
    for (const hook of [approved, completed, refunded]) {
      expect(hook.headers['paypal-auth-algo']).toBe('SHA256withRSA');
      const signed = `${String(hook.headers['paypal-transmission-id'])}|${String(hook.headers['paypal-transmission-time'])}|${KEYS.paypalWebhookId}|${crc32(Buffer.from(hook.body))}`;
      expect(verify('sha256', Buffer.from(signed), key, Buffer.from(String(hook.headers['paypal-transmission-sig']), 'base64'))).toBe(true);
    }

    // verify-webhook-signature: SUCCESS for the event as received (re-serialised), FAILURE once anything changed.
    const event = JSON.parse(completed.body) as PaypalEvent;
    expect(await verifyWithApi(completed, event)).toBe('SUCCESS');
    expect(await verifyWithApi(completed, { ...event, resource: { ...event.resource, amount: { currency_code: 'USD', value: '4500.00' } } })).toBe('FAILURE');
    expect(await verifyWithApi({ headers: { ...completed.headers, 'paypal-transmission-sig': String(approved.headers['paypal-transmission-sig']) } }, event)).toBe('FAILURE');
    expect(await verifyWithApi({ headers: { ...completed.headers, 'paypal-transmission-id': 'another-id' } }, event)).toBe('FAILURE');
    const wrongWebhook = await paypal.post('/v1/notifications/verify-webhook-signature', {
      auth_algo: completed.headers['paypal-auth-algo'],
      cert_url: completed.headers['paypal-cert-url'],
      transmission_id: completed.headers['paypal-transmission-id'],
      transmission_sig: completed.headers['paypal-transmission-sig'],
      transmission_time: completed.headers['paypal-transmission-time'],
      webhook_id: 'WH-SOMEONE-ELSE',
      webhook_event: event,
    });
    expect(wrongWebhook.body.verification_status).toBe('FAILURE');
    const incomplete = await paypal.post('/v1/notifications/verify-webhook-signature', { webhook_event: event });
    expect(incomplete.status).toBe(400);
  });
});

describe('no destination', () => {
  it('sends nothing when the webhook URLs are unset', async () => {
    const silent = await startTestSandbox();
    try {
      const client = cardClient(silent.url);
      await client.intent({ amount: 100, payment_method: await client.tokenId(CARDS.approve) });
      await sleep(100);
      expect((await call<{ deliveries: unknown[] }>(`${silent.url}/__sandbox/webhooks`)).body.deliveries).toEqual([]);
    } finally {
      await silent.stop();
      silent.remove();
    }
  });
});
