import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runWithRequestId } from '../../../../logger.mjs';
import { GatewayUnavailableError } from './gateway';
import { createMetrobankGateway } from './metrobank';

const config = { apiUrl: 'http://gateway.test/metrobank', secretKey: 'sk_test', webhookSecret: 'whsec_test_secret_value', timeoutMs: 50 };
const gateway = createMetrobankGateway(config);

function sign(body: string, timestamp = Math.floor(Date.now() / 1000), secret = config.webhookSecret): Headers {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return new Headers({ 'metrobank-signature': `t=${timestamp},v1=${signature}` });
}

const event = JSON.stringify({ id: 'evt_1', type: 'payment_intent.succeeded', data: { object: { id: 'pi_123', metadata: { payment_key: 'card_FF-1_abc' } } } });

function answer(status: number, body: unknown) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })));
}

afterEach(() => vi.unstubAllGlobals());

describe('metrobank webhooks', () => {
  it('accepts a fresh event signed with the shared secret and names the payment', async () => {
    await expect(gateway.verifyWebhook(event, sign(event))).resolves.toEqual({ type: 'payment_intent.succeeded', reference: 'pi_123', paymentKey: 'card_FF-1_abc' });
  });

  it('refuses a changed body, another secret, an old signature and a missing header', async () => {
    await expect(gateway.verifyWebhook(event.replace('pi_123', 'pi_999'), sign(event))).resolves.toBeUndefined();
    await expect(gateway.verifyWebhook(event, sign(event, undefined, 'another-secret-entirely'))).resolves.toBeUndefined();
    await expect(gateway.verifyWebhook(event, sign(event, Math.floor(Date.now() / 1000) - 3600))).resolves.toBeUndefined();
    await expect(gateway.verifyWebhook(event, new Headers())).resolves.toBeUndefined();
  });
});

describe('metrobank payments', () => {
  it('sends the amount, the token and the idempotency key, and reads a success', async () => {
    const fetch = answer(200, { id: 'pi_1', status: 'succeeded', amount: 12_345, amount_received: 12_345, payment_method: 'pm_9', card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 } });
    vi.stubGlobal('fetch', fetch);
    const result = await gateway.start({
      amount: 12_345,
      idempotencyKey: 'card_key',
      reservationNumber: 'FF-1',
      description: 'Firefly FF-1',
      returnUrl: 'http://shop.test/return',
      cancelUrl: 'http://shop.test/cancel',
      locale: 'es',
      brandName: 'Firefly',
      source: { token: 'tok_1' },
    });
    expect(result).toEqual({ reference: 'pi_1', status: 'succeeded', amount: 12_345, card: { brand: 'visa', last4: '4242', expiry: '04/31' }, savedMethod: 'pm_9' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://gateway.test/metrobank/v1/payment_intents');
    expect(new Headers(init.headers).get('idempotency-key')).toBe('card_key');
    expect(new Headers(init.headers).get('authorization')).toBe('Bearer sk_test');
    expect(JSON.parse(init.body as string)).toMatchObject({ amount: 12_345, currency: 'usd', payment_method: 'tok_1', confirm: true, metadata: { payment_key: 'card_key' } });
  });

  it('names the request it serves in X-Request-Id, and none outside a request', async () => {
    const fetch = answer(200, { id: 'pi_1', status: 'succeeded', amount: 100, amount_received: 100 });
    vi.stubGlobal('fetch', fetch);
    const start = () => gateway.start({ amount: 100, idempotencyKey: 'k', reservationNumber: 'FF-1', description: 'd', returnUrl: 'http://shop.test/r', cancelUrl: 'http://shop.test/c', locale: 'es', brandName: 'Firefly', source: { token: 'tok_1' } });
    await runWithRequestId('6f1c0d8e2b7a4c5d9e0f1a2b3c4d5e6f', start);
    await start();
    const sent = fetch.mock.calls.map((call) => new Headers((call as unknown as [string, RequestInit])[1].headers));
    expect(sent.map((headers) => headers.get('x-request-id'))).toEqual(['6f1c0d8e2b7a4c5d9e0f1a2b3c4d5e6f', null]);
    expect(sent[0]?.get('authorization')).toBe('Bearer sk_test');
  });

  it('reads a decline from the 402 answer, with the decline code as the reason', async () => {
    vi.stubGlobal(
      'fetch',
      answer(402, {
        error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.', payment_intent: { id: 'pi_2', status: 'requires_payment_method', amount: 500, last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } } },
      }),
    );
    await expect(gateway.confirm('pi_2', 'k')).resolves.toMatchObject({ reference: 'pi_2', status: 'failed', failure: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
  });

  it('hands back the 3-D Secure page of an intent that needs the check', async () => {
    vi.stubGlobal('fetch', answer(200, { id: 'pi_3', status: 'requires_action', amount: 500, next_action: { type: 'redirect_to_url', redirect_to_url: { url: 'http://gateway.test/3ds/pi_3' } } }));
    await expect(gateway.confirm('pi_3', 'k')).resolves.toEqual({ reference: 'pi_3', status: 'requires_action', amount: 500, actionUrl: 'http://gateway.test/3ds/pi_3' });
  });

  it('treats a 5xx, a refused connection and a slow answer as "unknown", never as a decline', async () => {
    vi.stubGlobal('fetch', answer(503, { error: { type: 'api_error' } }));
    await expect(gateway.confirm('pi_4', 'k')).rejects.toBeInstanceOf(GatewayUnavailableError);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('fetch failed'))));
    await expect(gateway.confirm('pi_4', 'k')).rejects.toBeInstanceOf(GatewayUnavailableError);
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('timed out', 'TimeoutError'))))),
    );
    await expect(gateway.confirm('pi_4', 'k')).rejects.toThrow(/no answer within 50 ms/);
  });
});
