// The card gateway's contract (docs/gateway-sandbox.md, "Card gateway"): tokens, each test card's outcome,
// idempotency, single-use tokens, saved cards charged off-session, 3-D Secure through the page's form, refunds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARDS, KEYS, answerThreeDs, call, cardClient, startTestSandbox, type TestSandbox } from './helpers.ts';

let sandbox: TestSandbox;
let card: ReturnType<typeof cardClient>;
const RETURN_URL = 'http://127.0.0.1:3999/reserva/checkout/return?step=pay';

beforeAll(async () => {
  sandbox = await startTestSandbox();
  card = cardClient(sandbox.url);
});

afterAll(async () => {
  await sandbox.stop();
  sandbox.remove();
});

describe('POST /metrobank/v1/tokens', () => {
  it('makes a single-use token with the brand, last four digits, expiry and name', async () => {
    const answer = await card.token(CARDS.approve);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      object: 'token',
      used: false,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, name: 'Ana Pérez' },
    });
    expect(String(answer.body.id)).toMatch(/^tok_\w+$/);
    expect(JSON.stringify(answer.body)).not.toContain(CARDS.approve);
    expect((await card.token(CARDS.other)).body.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect((await card.token('378282246310005', { cvc: '1234' })).body.card).toMatchObject({ brand: 'amex', last4: '0005' });
  });

  it('needs the publishable key', async () => {
    const body = { card: { number: CARDS.approve, exp_month: 12, exp_year: 2099, cvc: '123' } };
    expect((await call(`${sandbox.url}/metrobank/v1/tokens`, { method: 'POST', body })).status).toBe(401);
    const withSecret = await call(`${sandbox.url}/metrobank/v1/tokens`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.secret}` }, body });
    expect(withSecret.status).toBe(401);
  });

  it('refuses an invalid card with a card_error code', async () => {
    const year = new Date().getUTCFullYear();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ number: '4242424242424241' }, 'invalid_number'],
      [{ number: '42424242' }, 'invalid_number'],
      [{ number: '4242 4242 4242 424x' }, 'invalid_number'],
      [{ exp_month: 13 }, 'invalid_expiry_month'],
      [{ exp_month: 0 }, 'invalid_expiry_month'],
      [{ exp_month: 1, exp_year: year - 1 }, 'expired_card'],
      [{ cvc: '12' }, 'invalid_cvc'],
      [{ cvc: '12a' }, 'invalid_cvc'],
    ];
    for (const [change, code] of cases) {
      const answer = await card.token(typeof change.number === 'string' ? change.number : CARDS.approve, change);
      expect(answer.status, JSON.stringify(change)).toBe(402);
      expect(answer.body.error, JSON.stringify(change)).toMatchObject({ type: 'card_error', code });
    }
  });

  it('accepts browser calls from its own origin only', async () => {
    const body = { card: { number: CARDS.approve, exp_month: 12, exp_year: 2099, cvc: '123' } };
    const headers = { authorization: `Bearer ${KEYS.publishable}` };
    const foreign = await call(`${sandbox.url}/metrobank/v1/tokens`, { method: 'POST', headers: { ...headers, origin: 'http://evil.example' }, body });
    expect(foreign.status).toBe(403);
    const own = await call(`${sandbox.url}/metrobank/v1/tokens`, { method: 'POST', headers: { ...headers, origin: sandbox.publicUrl }, body });
    expect(own.status).toBe(200);
    const preflight = await call(`${sandbox.url}/metrobank/v1/tokens`, { method: 'OPTIONS', headers: { origin: 'http://evil.example' } });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(sandbox.publicUrl);
    // The secret-key API never answers a browser on another origin.
    const intent = await call(`${sandbox.url}/metrobank/v1/payment_intents/pi_x`, { headers: { authorization: `Bearer ${KEYS.secret}`, origin: 'http://evil.example' } });
    expect(intent.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('POST /metrobank/v1/payment_intents: the test cards', () => {
  it('4242 4242 4242 4242 succeeds', async () => {
    const answer = await card.intent({ amount: 12_345, payment_method: await card.tokenId(CARDS.approve), description: 'Reserva FF-1', metadata: { reservation: 'FF-1' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      object: 'payment_intent',
      amount: 12_345,
      amount_received: 12_345,
      amount_refunded: 0,
      currency: 'usd',
      status: 'succeeded',
      card: { brand: 'visa', last4: '4242' },
      next_action: null,
      last_payment_error: null,
      metadata: { reservation: 'FF-1' },
    });
    expect(String(answer.body.id)).toMatch(/^pi_\w+$/);
    expect(typeof answer.body.created).toBe('number');
    const fetched = await card.getIntent(String(answer.body.id));
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(answer.body);
  });

  it('any other Luhn-valid number succeeds', async () => {
    const answer = await card.intent({ amount: 500, payment_method: await card.tokenId(CARDS.other) });
    expect(answer.body).toMatchObject({ status: 'succeeded', card: { brand: 'mastercard', last4: '4444' } });
  });

  it('4000 0000 0000 0002 is declined (generic_decline) with 402', async () => {
    const answer = await card.intent({ amount: 1000, payment_method: await card.tokenId(CARDS.decline) });
    expect(answer.status).toBe(402);
    expect(answer.body.error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
      payment_intent: {
        status: 'requires_payment_method',
        amount_received: 0,
        last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' },
      },
    });
  });

  it('4000 0000 0000 9995 is declined for insufficient funds', async () => {
    const answer = await card.intent({ amount: 1000, payment_method: await card.tokenId(CARDS.insufficient) });
    expect(answer.status).toBe(402);
    expect(answer.body.error).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' });
  });

  it('4000 0000 0000 3220 requires 3-D Secure, by a redirect to the sandbox page', async () => {
    const answer = await card.intent({ amount: 2500, payment_method: await card.tokenId(CARDS.threeDs), return_url: RETURN_URL });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'requires_action', amount_received: 0, next_action: { type: 'redirect_to_url', redirect_to_url: { return_url: RETURN_URL } } });
    const url = String((answer.body.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url);
    expect(url.startsWith(`${sandbox.publicUrl}/metrobank/3ds/${String(answer.body.id)}`)).toBe(true);
  });

  it('answers 404 resource_missing for an unknown intent, 401 without the secret key', async () => {
    const missing = await card.getIntent('pi_doesnotexist');
    expect(missing.status).toBe(404);
    expect(missing.body.error).toMatchObject({ type: 'invalid_request_error', code: 'resource_missing' });
    const anonymous = await call(`${sandbox.url}/metrobank/v1/payment_intents`, { method: 'POST', headers: { 'idempotency-key': 'x' }, body: {} });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error).toMatchObject({ type: 'authentication_error' });
    const publishable = await call(`${sandbox.url}/metrobank/v1/payment_intents/pi_x`, { headers: { authorization: `Bearer ${KEYS.publishable}` } });
    expect(publishable.status).toBe(401);
  });

  it('validates the body', async () => {
    const token = await card.tokenId(CARDS.approve);
    for (const [body, param] of [
      [{ amount: 0, payment_method: token }, 'amount'],
      [{ amount: 10.5, payment_method: token }, 'amount'],
      [{ amount: 100, payment_method: token, currency: 'eur' }, 'currency'],
      [{ amount: 100, payment_method: 'card_123' }, 'payment_method'],
      [{ amount: 100, payment_method: token, confirm: false }, 'confirm'],
      [{ amount: 100, payment_method: token, metadata: { n: 1 } }, 'metadata'],
      [{ amount: 100, payment_method: token, return_url: '/relative' }, 'return_url'],
      [{ amount: 100, payment_method: token, surprise: true }, 'surprise'],
    ] as const) {
      const answer = await card.intent(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error, JSON.stringify(body)).toMatchObject({ type: 'invalid_request_error', param });
    }
    // None of these used the token.
    expect((await card.intent({ amount: 100, payment_method: token })).status).toBe(200);
  });
});

describe('GET /metrobank/v1/payment_intents/search', () => {
  it("finds the intents made under a metadata value, newest first, and refuses any other query", async () => {
    const key = `search-${Date.now()}`;
    const first = await card.intent({ amount: 700, payment_method: await card.tokenId(CARDS.approve), metadata: { payment_key: key } });
    const second = await card.intent({ amount: 800, payment_method: await card.tokenId(CARDS.decline), metadata: { payment_key: key } });
    const search = (query: string) => call(`${sandbox.url}/metrobank/v1/payment_intents/search?query=${encodeURIComponent(query)}`, { headers: { authorization: `Bearer ${KEYS.secret}` } });
    const found = await search(`metadata['payment_key']:'${key}'`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ object: 'search_result', has_more: false });
    const ids = (found.body.data as { id: string }[]).map((intent) => intent.id);
    expect(new Set(ids)).toEqual(new Set([first.body.id, (second.body.error as { payment_intent: { id: string } }).payment_intent.id]));
    expect((await search(`metadata['payment_key']:'nothing-${key}'`)).body.data).toEqual([]);
    expect((await search('amount>100')).status).toBe(400);
    expect((await call(`${sandbox.url}/metrobank/v1/payment_intents/search?query=x`, {})).status).toBe(401);
  });
});

describe('idempotency and single-use tokens', () => {
  it('replays the same key and body without a second charge', async () => {
    const key = card.nextKey();
    const body = { amount: 4200, payment_method: await card.tokenId(CARDS.approve) };
    const first = await card.intent(body, key);
    const again = await card.intent({ ...body }, key);
    expect(again.status).toBe(first.status);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('replays a decline too (402 with the same body)', async () => {
    const key = card.nextKey();
    const body = { amount: 4200, payment_method: await card.tokenId(CARDS.decline) };
    const first = await card.intent(body, key);
    const again = await card.intent(body, key);
    expect([first.status, again.status]).toEqual([402, 402]);
    expect(again.text).toBe(first.text);
  });

  it('refuses the same key with another body', async () => {
    const key = card.nextKey();
    const token = await card.tokenId(CARDS.approve);
    expect((await card.intent({ amount: 4200, payment_method: token }, key)).status).toBe(200);
    const other = await card.intent({ amount: 4300, payment_method: token }, key);
    expect(other.status).toBe(400);
    expect(other.body.error).toMatchObject({ type: 'idempotency_error' });
  });

  it('needs an Idempotency-Key', async () => {
    const answer = await call(`${sandbox.url}/metrobank/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.secret}` },
      body: { amount: 100, currency: 'usd', payment_method: await card.tokenId(CARDS.approve), confirm: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', param: 'Idempotency-Key' });
  });

  it('uses a token once: a second intent under another key is refused', async () => {
    const token = await card.tokenId(CARDS.decline);
    expect((await card.intent({ amount: 100, payment_method: token })).status).toBe(402);
    const second = await card.intent({ amount: 100, payment_method: token });
    expect(second.status).toBe(400);
    expect(second.body.error).toMatchObject({ type: 'invalid_request_error', code: 'token_already_used' });
    const unknown = await card.intent({ amount: 100, payment_method: 'tok_unknown' });
    expect(unknown.body.error).toMatchObject({ code: 'resource_missing' });
  });
});

describe('saved cards charged off-session', () => {
  it('saves a reusable pm_ that later charges with off_session: true and no 3-D Secure', async () => {
    const first = await card.intent({ amount: 1000, payment_method: await card.tokenId(CARDS.threeDs), setup_future_usage: 'off_session', return_url: RETURN_URL });
    expect(first.body).toMatchObject({ status: 'requires_action', setup_future_usage: 'off_session' });
    const pm = String(first.body.payment_method);
    expect(pm).toMatch(/^pm_\w+$/);
    // Not usable until the payment that saved it succeeded.
    const early = await card.intent({ amount: 300, payment_method: pm, off_session: true });
    expect(early.body.error).toMatchObject({ code: 'payment_method_unexpected_state' });

    const next = (first.body.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url;
    expect((await answerThreeDs(next, 'complete')).status).toBe(303);

    for (const amount of [300, 400]) {
      const later = await card.intent({ amount, payment_method: pm, off_session: true });
      expect(later.status).toBe(200);
      expect(later.body).toMatchObject({ status: 'succeeded', payment_method: pm, amount_received: amount, card: { last4: '3220' }, next_action: null });
    }
    // On-session, the same card asks for 3-D Secure again.
    expect((await card.intent({ amount: 500, payment_method: pm })).body).toMatchObject({ status: 'requires_action' });
  });

  it('does not let a card saved by a declined payment be charged later', async () => {
    const declined = await card.intent({ amount: 1000, payment_method: await card.tokenId(CARDS.decline), setup_future_usage: 'off_session' });
    expect(declined.status).toBe(402);
    const pm = String((declined.body.error as { payment_intent: { payment_method: string } }).payment_intent.payment_method);
    expect((await card.intent({ amount: 100, payment_method: pm, off_session: true })).body.error).toMatchObject({ code: 'payment_method_unexpected_state' });
  });

  it('refuses off_session with a token', async () => {
    const answer = await card.intent({ amount: 100, payment_method: await card.tokenId(CARDS.approve), off_session: true });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ param: 'off_session' });
  });
});

describe('3-D Secure page', () => {
  async function challenged() {
    const answer = await card.intent({ amount: 7750, payment_method: await card.tokenId(CARDS.threeDs), return_url: RETURN_URL, description: 'Reserva FF-7' });
    return { id: String(answer.body.id), url: (answer.body.next_action as { redirect_to_url: { url: string } }).redirect_to_url.url };
  }

  it('is an accessible page with the amount, the merchant and two buttons', async () => {
    const { url } = await challenged();
    const pageAnswer = await call(url);
    expect(pageAnswer.status).toBe(200);
    expect(pageAnswer.headers.get('content-type')).toContain('text/html');
    expect(pageAnswer.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(pageAnswer.headers.get('content-security-policy')).toContain('form-action \'self\' http://127.0.0.1:3999');
    expect(pageAnswer.text).toContain('<html lang="en">');
    expect(pageAnswer.text).toContain('<title>Sandbox 3-D Secure</title>');
    expect(pageAnswer.text).toContain('<h1>Sandbox 3-D Secure</h1>');
    expect(pageAnswer.text).toContain('$77.50 USD');
    expect(pageAnswer.text).toContain('Sandbox merchant');
    expect(pageAnswer.text).toContain('Reserva FF-7');
    expect(pageAnswer.text).toMatch(/<button[^>]*type="submit"[^>]*>Complete authentication<\/button>/);
    expect(pageAnswer.text).toMatch(/<button[^>]*type="submit"[^>]*>Fail authentication<\/button>/);
    expect(pageAnswer.text).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('"Complete authentication": the intent succeeds and the browser returns to return_url', async () => {
    const { id, url } = await challenged();
    const answer = await answerThreeDs(url, 'complete');
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:3999/reserva/checkout/return');
    expect(Object.fromEntries(location.searchParams)).toEqual({ step: 'pay', payment_intent: id, redirect_status: 'succeeded' });
    expect((await card.getIntent(id)).body).toMatchObject({ status: 'succeeded', amount_received: 7750, next_action: null });
  });

  it('"Fail authentication": requires_payment_method with authentication_failed; a second answer changes nothing', async () => {
    const { id, url } = await challenged();
    const pageAnswer = await call(url);
    const failed = await answerThreeDs(url, 'fail');
    expect(failed.status).toBe(303);
    expect(new URL(failed.headers.get('location') ?? '').searchParams.get('redirect_status')).toBe('failed');
    const intent = (await card.getIntent(id)).body;
    expect(intent).toMatchObject({ status: 'requires_payment_method', amount_received: 0, last_payment_error: { type: 'card_error', code: 'authentication_failed' } });

    // The same form submitted again (say, the back button) says "complete": nothing changes.
    const challenge = /name="challenge" value="([^"]*)"/.exec(pageAnswer.text)?.[1] ?? '';
    const again = await call(new URL(`/metrobank/3ds/${id}`, url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ challenge, result: 'complete' }).toString(),
    });
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get('location') ?? '').searchParams.get('redirect_status')).toBe('failed');
    expect((await card.getIntent(id)).body).toEqual(intent);
  });

  it('refuses a link without its challenge', async () => {
    const { id } = await challenged();
    expect((await call(`${sandbox.url}/metrobank/3ds/${id}`)).status).toBe(403);
    const forged = await call(`${sandbox.url}/metrobank/3ds/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'challenge=wrong&result=complete',
    });
    expect(forged.status).toBe(403);
    expect((await card.getIntent(id)).body.status).toBe('requires_action');
  });
});

describe('POST /metrobank/v1/refunds', () => {
  async function paid(amount: number): Promise<string> {
    const answer = await card.intent({ amount, payment_method: await card.tokenId(CARDS.approve) });
    return String(answer.body.id);
  }

  it('refunds part, then the rest by default, and refuses more', async () => {
    const id = await paid(10_000);
    const partial = await card.refund({ payment_intent: id, amount: 2_500 });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ object: 'refund', amount: 2_500, payment_intent: id, status: 'succeeded' });
    expect(String(partial.body.id)).toMatch(/^re_\w+$/);
    expect((await card.getIntent(id)).body).toMatchObject({ amount_refunded: 2_500, status: 'succeeded' });

    const tooLarge = await card.refund({ payment_intent: id, amount: 7_501 });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.error).toMatchObject({ type: 'invalid_request_error', code: 'amount_too_large' });

    const rest = await card.refund({ payment_intent: id });
    expect(rest.body).toMatchObject({ amount: 7_500 });
    expect((await card.getIntent(id)).body).toMatchObject({ amount_refunded: 10_000 });
    expect((await card.refund({ payment_intent: id, amount: 1 })).body.error).toMatchObject({ code: 'amount_too_large' });
    expect((await card.refund({ payment_intent: id })).body.error).toMatchObject({ code: 'charge_already_refunded' });

    const fetched = await call(`${sandbox.url}/metrobank/v1/refunds/${String(partial.body.id)}`, { headers: { authorization: `Bearer ${KEYS.secret}` } });
    expect(fetched.body).toEqual(partial.body);
    expect((await call(`${sandbox.url}/metrobank/v1/refunds/re_missing`, { headers: { authorization: `Bearer ${KEYS.secret}` } })).status).toBe(404);
  });

  it('is idempotent: the same key refunds once', async () => {
    const id = await paid(1_000);
    const key = card.nextKey();
    const first = await card.refund({ payment_intent: id, amount: 400 }, key);
    const again = await card.refund({ payment_intent: id, amount: 400 }, key);
    expect(again.text).toBe(first.text);
    expect((await card.getIntent(id)).body.amount_refunded).toBe(400);
    expect((await card.refund({ payment_intent: id, amount: 500 }, key)).body.error).toMatchObject({ type: 'idempotency_error' });
  });

  it('refuses an intent that did not succeed (charge_not_refundable)', async () => {
    const declined = await card.intent({ amount: 1000, payment_method: await card.tokenId(CARDS.decline) });
    const id = String((declined.body.error as { payment_intent: { id: string } }).payment_intent.id);
    const answer = await card.refund({ payment_intent: id });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'charge_not_refundable' });
  });
});

describe('POST /metrobank/v1/payment_intents/:id/cancel', () => {
  it('cancels an intent waiting for 3-D Secure, not a succeeded one', async () => {
    const waiting = await card.intent({ amount: 900, payment_method: await card.tokenId(CARDS.threeDs), return_url: RETURN_URL });
    const id = String(waiting.body.id);
    const cancel = (target: string) =>
      call(`${sandbox.url}/metrobank/v1/payment_intents/${target}/cancel`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.secret}`, 'idempotency-key': card.nextKey() },
        body: { cancellation_reason: 'abandoned' },
      });
    expect((await cancel(id)).body).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned', next_action: null });
    const paid = await card.intent({ amount: 900, payment_method: await card.tokenId(CARDS.approve) });
    expect((await cancel(String(paid.body.id))).body.error).toMatchObject({ code: 'payment_intent_unexpected_state' });
  });
});
