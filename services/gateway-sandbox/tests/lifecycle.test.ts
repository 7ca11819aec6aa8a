// What only a real process shows: state kept across a restart on the same data folder, and card numbers and
// security codes found nowhere (not in the data folder, not in anything the sandbox printed).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CARDS, KEYS, answerThreeDs, call, cardClient, paypalClient, startTestSandbox, type TestSandbox } from './helpers.ts';

const started: TestSandbox[] = [];

afterAll(async () => {
  for (const sandbox of started) await sandbox.stop();
  started[0]?.remove();
});

async function start(dataDir?: string): Promise<TestSandbox> {
  const sandbox = await startTestSandbox({}, dataDir);
  started.push(sandbox);
  return sandbox;
}

function filesIn(dir: string): Array<{ name: string; text: string }> {
  return readdirSync(dir).map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

describe('a restart on the same data folder', () => {
  it('keeps intents, refunds, idempotency records, saved cards, orders, access tokens and the webhook key', async () => {
    const first = await start();
    const card = cardClient(first.url);
    const paypal = paypalClient(first.url);
    await paypal.login();

    const key = card.nextKey();
    const body = { amount: 5_000, payment_method: await card.tokenId(CARDS.approve), setup_future_usage: 'off_session' };
    const paid = await card.intent(body, key);
    const refund = await card.refund({ payment_intent: String(paid.body.id), amount: 1_000 });
    const waiting = await card.intent({ amount: 700, payment_method: await card.tokenId(CARDS.threeDs), return_url: 'http://127.0.0.1:3999/back' });
    const unusedToken = await card.tokenId(CARDS.approve);
    const order = await paypal.createOrder('42.00');
    const orderId = String(order.body.id);
    await paypal.buyer(orderId, 'pay');
    const pem = await (await fetch(`${first.url}/paypal/v1/notifications/certs/sandbox`)).text();
    await first.stop();

    const second = await start(first.dataDir);
    const card2 = cardClient(second.url);
    const paypal2 = paypalClient(second.url);
    // The same intent, refund and replayed answer.
    expect((await card2.getIntent(String(paid.body.id))).body).toMatchObject({ status: 'succeeded', amount_refunded: 1_000 });
    const fetchedRefund = await call(`${second.url}/metrobank/v1/refunds/${String(refund.body.id)}`, { headers: { authorization: `Bearer ${KEYS.secret}` } });
    expect(fetchedRefund.body).toEqual(refund.body);
    const replay = await card2.intent(body, key);
    expect(replay.body).toEqual(paid.body);
    // The saved card charges off-session; the token kept its single use; an unused token still works.
    expect((await card2.intent({ amount: 100, payment_method: String(paid.body.payment_method), off_session: true })).body.status).toBe('succeeded');
    expect((await card2.intent({ amount: 100, payment_method: body.payment_method })).body.error).toMatchObject({ code: 'token_already_used' });
    expect((await card2.intent({ amount: 100, payment_method: unusedToken })).status).toBe(200);
    // The 3-D Secure link issued before the restart still works.
    const url = (waiting.body.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url.replace(first.url, second.url);
    expect((await answerThreeDs(url, 'complete')).status).toBe(303);
    // PayPal: the access token issued before still opens the API, and the approved order is captured.
    const captured = await call(`${second.url}/paypal/v2/checkout/orders/${orderId}/capture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${paypal.token}` },
      body: {},
    });
    expect(captured.status).toBe(201);
    await paypal2.login();
    expect((await paypal2.getOrder(orderId)).body.status).toBe('COMPLETED');
    expect(await (await fetch(`${second.url}/paypal/v1/notifications/certs/sandbox`)).text()).toBe(pem);
  });
});

describe('card data', () => {
  it('never reaches the data folder or the output, after tokenize and charge, a 3-D Secure payment and a malformed body', async () => {
    const sandbox = started.at(-1) ?? (await start());
    const card = cardClient(sandbox.url);
    const numbers = [CARDS.approve, CARDS.threeDs, CARDS.decline, CARDS.other];
    const cvc = '9876';
    for (const number of numbers) {
      const token = await card.token(number, { cvc });
      await card.intent({ amount: 1_234, payment_method: String(token.body.id), return_url: 'http://127.0.0.1:3999/back' });
    }
    // A malformed JSON body holding a card number: the parser's message (which quotes the body) is not printed.
    const malformed = await call(`${sandbox.url}/metrobank/v1/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.publishable}` },
      body: `{"card":{"number":"${CARDS.other}","cvc":"${cvc}"`,
    });
    expect(malformed.status).toBe(400);
    expect(malformed.text).not.toContain(CARDS.other);
    // An invalid card answered with 402 does not repeat the number either.
    const invalid = await card.token('4242424242424241', { cvc });
    expect(invalid.text).not.toContain('4242424242424241');

    const output = started.flatMap((each) => each.output).join('\n');
    expect(output).toMatch(/POST \/metrobank\/v1\/tokens 200/);
    const files = filesIn(sandbox.dataDir);
    expect(files.map((file) => file.name).sort()).toEqual(['paypal-webhook-cert.pem', 'paypal-webhook-key.pem', 'state.json']);
    for (const number of [...numbers, '4242424242424241']) {
      const spaced = number.replace(/(\d{4})(?=\d)/g, '$1 ');
      for (const text of [output, ...files.map((file) => file.text)]) {
        expect(text.includes(number), number).toBe(false);
        expect(text.includes(spaced), spaced).toBe(false);
      }
    }
    const state = files.find((file) => file.name === 'state.json')?.text ?? '';
    expect(state).not.toMatch(/"cvc"|"number"|9876/);
    expect(state).not.toContain('Ana Pérez');
    expect(state).toContain('"last4": "4242"');
  });
});

describe('its log', () => {
  it('writes one JSON line per request, carrying the X-Request-Id the caller sent, and never an id that could break a line', async () => {
    const sandbox = started.at(-1) ?? (await start());
    const id = '6f1c0d8e2b7a4c5d9e0f1a2b3c4d5e6f';
    await call(`${sandbox.url}/metrobank/v1/payment_intents/pi_missing`, { headers: { authorization: `Bearer ${KEYS.secret}`, 'x-request-id': id } });
    await call(`${sandbox.url}/metrobank/v1/payment_intents/pi_unknown`, { headers: { authorization: `Bearer ${KEYS.secret}`, 'x-request-id': 'bad id"}' } });
    const requestLines = async () => {
      for (let attempt = 0; attempt < 80; attempt += 1) {
        const lines = sandbox.output.map((line) => JSON.parse(line) as Record<string, unknown>);
        const known = lines.find((line) => line.path === '/metrobank/v1/payment_intents/pi_missing');
        const malformed = lines.find((line) => line.path === '/metrobank/v1/payment_intents/pi_unknown');
        if (known && malformed) return [known, malformed];
        await new Promise((done) => setTimeout(done, 50));
      }
      throw new Error(`the request lines never came: ${sandbox.output.join('\n')}`);
    };
    const [known, malformed] = await requestLines();
    expect(known).toMatchObject({ name: 'gateway-sandbox', level: 30, reqId: id, method: 'GET', path: '/metrobank/v1/payment_intents/pi_missing', status: 404 });
    expect(malformed).toMatchObject({ path: '/metrobank/v1/payment_intents/pi_unknown', status: 404 });
    expect(malformed).not.toHaveProperty('reqId');
  });
});
