import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { eventually, type Json, staffContent, storefrontApi, threeDaySelection } from '../integration-clients';

// Payments over HTTP against the storefront, the content service and the gateway sandbox the harness started: the
// public payments API, webhooks (signed, replayed, forged, early), PayPal's return replayed, and the gateway down or
// slow. Card tokens come from the sandbox's token endpoint, as its card-fields page would get them.
const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3000';
const contentUrl = process.env.CONTENT_URL ?? 'http://127.0.0.1:8055';
const sandboxUrl = process.env.GATEWAY_SANDBOX_URL ?? 'http://127.0.0.1:8070';
const publishableKey = process.env.METROBANK_PUBLISHABLE_KEY ?? 'pk_test_local_sandbox';
const webhookSecret = process.env.METROBANK_WEBHOOK_SECRET ?? 'whsec_local_sandbox_change_me';
const outbox = process.env.MAIL_OUTBOX_DIR;

/** Confirmation emails written for a reservation number (the harness has no SMTP: each message is an .eml file). */
function emailsFor(number: string): number {
  if (!outbox || !existsSync(outbox)) return 0;
  return readdirSync(outbox).filter((file) => readFileSync(join(outbox, file), 'utf8').includes(number)).length;
}

type Row = Record<string, unknown> & { id: number | string };

const api = storefrontApi(webUrl, { acceptLanguage: 'en-US', redirect: 'manual' });
const { signIn, content, seedRow } = staffContent(contentUrl);

async function sandbox(path: string, body?: unknown) {
  const response = await fetch(`${sandboxUrl}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  return (await response.json()) as Json;
}

async function tokenFor(number: string): Promise<string> {
  const response = await fetch(`${sandboxUrl}/metrobank/v1/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ card: { number, exp_month: 12, exp_year: 2034, cvc: '739', name: 'Test Renter' } }),
  });
  const token = (await response.json()) as { id?: string };
  if (!token.id) throw new Error(`no token: ${response.status}`);
  return token.id;
}

/** Submits one of the sandbox's pages (3-D Secure, PayPal approval) as the renter's browser would; the redirect target. */
async function submitPage(pageUrl: string, fields: Record<string, string>): Promise<string> {
  const page = await (await fetch(pageUrl)).text();
  const form = /<form method="post" action="([^"]+)"/.exec(page)?.[1];
  if (!form) throw new Error(`no form on ${pageUrl}`);
  const hidden = Object.fromEntries([...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1], match[2]]));
  const response = await fetch(new URL(form.replaceAll('&amp;', '&'), pageUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, ...fields }).toString(),
  });
  return response.headers.get('location') ?? '';
}

const day = (offset: number) => addDaysToLocalDate(formatPanamaDate(new Date()), offset);
// Days 1,400 and later: clear of booking-api.integration.test.ts's band (200 to 1,263), whose overbooking test holds
// every unit of the same car at the same branch for its dates.
const RUN_OFFSET = 1400 + (Date.now() % 1000);
let nextOffset = 0;

let branch: Row;
let car: Row;
let coverage: Row;

const renter = { name: 'Paula', last_name: 'Pago', email: 'paula.pago@example.com', license: 'PA-778899', birthday: '1985-01-09', phone_number: '6123-4567' };

/** A prepaid reservation of its own dates, booked through the public API: unpaid, holding its unit. */
async function prepaidReservation(): Promise<{ number: string; total: number; id: string }> {
  nextOffset += 4;
  const start = day(RUN_OFFSET + nextOffset);
  const { status, json } = await api(
    'POST',
    '/api/reservations',
    {
      ...threeDaySelection({ car, branch, coverage }, start),
      client: renter,
      terms_accepted: true,
    },
    { 'idempotency-key': `payments-test-${RUN_OFFSET}-${nextOffset}` },
  );
  expect(status, JSON.stringify(json)).toBe(201);
  const totals = json.totals as { total: number };
  // reservation_id is the content service's reference (`<row id>.<mac>`); the admin's reads below name the row.
  return { number: String(json.reservation_number), total: totals.total, id: String(json.reservation_id).split('.')[0] ?? '' };
}

async function paymentsOf(reservationId: string): Promise<Row[]> {
  return content<Row[]>(`/items/payments?filter[reservation][_eq]=${reservationId}&fields=*&sort=date_created`);
}

async function reservationRow(id: string): Promise<Row> {
  const [row] = await content<Row[]>(`/items/reservations?filter[id][_eq]=${id}&fields=*`);
  if (!row) throw new Error(`no reservation ${id}`);
  return row;
}

function signed(body: string, secret = webhookSecret): Record<string, string> {
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return { 'metrobank-signature': `t=${timestamp},v1=${signature}` };
}

beforeAll(async () => {
  await signIn();
  const one = (path: string) => seedRow<Row>(path);
  branch = await one('/items/branches?filter[code][_eq]=OBA');
  car = await one('/items/flota?filter[modelo][_eq]=Accent');
  coverage = await one('/items/coverages?filter[code][_eq]=BASIC');
});

afterEach(async () => {
  await sandbox('/__sandbox/reset', {});
});

describe('POST /api/reservations/{number}/payments by card', () => {
  it('pays the saved total once, whatever amount the body claims, and stores no card data', async () => {
    const reservation = await prepaidReservation();
    const token = await tokenFor('4242424242424242');
    const paid = await api('POST', `/api/reservations/${reservation.number}/payments`, { email: renter.email, method: 'card', token, amount: 1 });
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    expect(paid.json).toMatchObject({ status: 'paid', payment_type: 'card', reservation_type: 'prepaid' });
    // The same token again: the same attempt, no second charge.
    const again = await api('POST', `/api/reservations/${reservation.number}/payments`, { email: renter.email, method: 'card', token });
    expect(again.status).toBe(409);
    const payments = await paymentsOf(reservation.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'succeeded', amount: reservation.total, card_last4: '4242', provider: 'metrobank' });
    expect(JSON.stringify([payments, await reservationRow(reservation.id)])).not.toContain('4242424242424242');
  });

  it('answers a decline with 402 and the reason, and leaves the reservation unpaid', async () => {
    const reservation = await prepaidReservation();
    const declined = await api('POST', `/api/reservations/${reservation.number}/payments`, { email: renter.email, method: 'card', token: await tokenFor('4000000000009995') });
    expect(declined.status).toBe(402);
    expect(declined.json.errors).toEqual([expect.objectContaining({ code: 'insufficient_funds', message: expect.stringContaining('Processing error') as unknown })]);
    expect(await reservationRow(reservation.id)).toMatchObject({ status: 'unpaid' });
  });

  it('records a payment once when the webhook arrives before the window, and again, and forged', async () => {
    const reservation = await prepaidReservation();
    const started = await api('POST', `/api/reservations/${reservation.number}/payments`, { email: renter.email, method: 'card', token: await tokenFor('4000000000003220') });
    expect(started.status).toBe(202);
    const actionUrl = String(started.json.action_url);
    // The renter completes the check; nobody comes back through the window: the gateway's webhook settles it.
    const back = await submitPage(actionUrl, { result: 'complete' });
    expect(back).toContain('/api/payments/metrobank/return');
    await eventually(async () => (await reservationRow(reservation.id)).status === 'paid', 'the webhook paid the reservation');

    const [payment] = await paymentsOf(reservation.id);
    const event = JSON.stringify({ id: 'evt_replay', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: payment?.provider_reference, metadata: { payment_key: payment?.idempotency_key } } } });
    const replayed = await api('POST', '/api/payments/webhooks/metrobank', event, signed(event));
    expect(replayed.status).toBe(200);
    // The window's return arrives last: still one payment.
    const windowReturn = await fetch(back, { redirect: 'manual' });
    expect(windowReturn.status).toBe(303);
    expect(windowReturn.headers.get('location')).toContain('resultado=paid');
    const forged = await api('POST', '/api/payments/webhooks/metrobank', event, signed(event, 'not-the-shared-secret-at-all'));
    expect(forged.status).toBe(400);
    expect(forged.json.errors).toEqual([expect.objectContaining({ code: 'bad_signature' })]);
    expect((await paymentsOf(reservation.id)).map((row) => row.status)).toEqual(['succeeded']);
    if (outbox) expect(emailsFor(reservation.number)).toBe(1);
  });

  it('answers 503 while the gateway is down and records nothing as paid', async () => {
    const reservation = await prepaidReservation();
    const token = await tokenFor('4242424242424242');
    await sandbox('/__sandbox/control', { down: true });
    const down = await api('POST', `/api/reservations/${reservation.number}/payments`, { email: renter.email, method: 'card', token });
    expect(down.status).toBe(503);
    expect(down.json.errors).toEqual([expect.objectContaining({ code: 'payment_unavailable' })]);
    expect(await reservationRow(reservation.id)).toMatchObject({ status: 'unpaid', payment_type: 'unpaid' });
    expect((await paymentsOf(reservation.id)).map((row) => row.status)).toEqual(['pending']);
  });

  it('settles a charge whose answer came too late: reconciliation finds it and records it once', async () => {
    const reservation = await prepaidReservation();
    const token = await tokenFor('4242424242424242');
    // Slower than the storefront's timeout (the harness sets it to 3 s): the charge happens, its answer is lost.
    await sandbox('/__sandbox/control', { latency_ms: 4500 });
    const slow = await api('POST', `/api/reservations/${reservation.number}/payments`, { email: renter.email, method: 'card', token });
    expect(slow.status).toBe(503);
    await sandbox('/__sandbox/reset', {});
    await eventually(async () => (await reservationRow(reservation.id)).status === 'paid', 'reconciliation recorded the charge', 400);
    const payments = await paymentsOf(reservation.id);
    expect(payments.map((row) => row.status)).toEqual(['succeeded']);
    // Reconciliation runs outside any request, and still confirms to the renter.
    if (outbox) await eventually(() => Promise.resolve(emailsFor(reservation.number) === 1), 'one confirmation email');
  }, 120_000);
});

describe('PayPal', () => {
  it('captures an approved order once, even when the return is replayed', async () => {
    const reservation = await prepaidReservation();
    const started = await api('POST', `/api/reservations/${reservation.number}/payments`, { email: renter.email, method: 'paypal' });
    expect(started.status).toBe(202);
    const back = await submitPage(String(started.json.action_url), { action: 'pay' });
    expect(back).toContain('/api/payments/paypal/return');
    const [first, second] = await Promise.all([fetch(back, { redirect: 'manual' }), fetch(back, { redirect: 'manual' })]);
    expect([first.status, second.status]).toEqual([303, 303]);
    await eventually(async () => (await reservationRow(reservation.id)).status === 'paid', 'the capture paid the reservation');
    const payments = await paymentsOf(reservation.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'succeeded', amount: reservation.total, provider: 'paypal' });
    expect(payments[0]?.provider_capture).toBeTruthy();
    expect(await reservationRow(reservation.id)).toMatchObject({ payment_type: 'paypal' });
  });

  it('refuses, logs and refunds a capture for another amount than the quote', async () => {
    const reservation = await prepaidReservation();
    const started = await api('POST', `/api/reservations/${reservation.number}/payments`, { email: renter.email, method: 'paypal' });
    expect(started.status).toBe(202);
    await sandbox('/__sandbox/control', { capture_amount_delta_cents: -1000 });
    const back = await submitPage(String(started.json.action_url), { action: 'pay' });
    await fetch(back, { redirect: 'manual' });
    await eventually(async () => (await paymentsOf(reservation.id))[0]?.status === 'failed', 'the capture refused');
    const [payment] = await paymentsOf(reservation.id);
    expect(payment).toMatchObject({ failure_code: 'amount_mismatch', amount: reservation.total });
    expect(String(payment?.failure_reason)).toContain('refunded as');
    expect(await reservationRow(reservation.id)).toMatchObject({ status: 'unpaid', payment_type: 'unpaid' });
  });

  it('refuses a webhook PayPal does not vouch for', async () => {
    const event = JSON.stringify({ id: 'WH-FORGED', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CAP-X', supplementary_data: { related_ids: { order_id: 'ORDER-X' } } } });
    const forged = await api('POST', '/api/payments/webhooks/paypal', event, {
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${sandboxUrl}/paypal/v1/notifications/certs/sandbox`,
      'paypal-transmission-id': 'forged-1',
      'paypal-transmission-sig': Buffer.from('not a signature').toString('base64'),
      'paypal-transmission-time': new Date().toISOString(),
    });
    expect(forged.status).toBe(400);
  });
});

describe('money back', () => {
  it('refunds a paid reservation in full when it is cancelled long before pickup', async () => {
    const reservation = await prepaidReservation();
    const paid = await api('POST', `/api/reservations/${reservation.number}/payments`, { email: renter.email, method: 'card', token: await tokenFor('4242424242424242') });
    expect(paid.status).toBe(201);
    const cancelled = await api('POST', `/api/reservations/${reservation.number}/cancel`, { email: renter.email });
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'cancelled', refunded: reservation.total });
    const payments = await paymentsOf(reservation.id);
    expect(payments.map((row) => `${String(row.kind)} ${String(row.status)} ${String(row.amount)}`)).toEqual([`charge succeeded ${reservation.total}`, `refund succeeded ${reservation.total}`]);
  });

  it('charges the extra of a longer rental to the same card, and refunds when shorter', async () => {
    const reservation = await prepaidReservation();
    await api('POST', `/api/reservations/${reservation.number}/payments`, { email: renter.email, method: 'card', token: await tokenFor('4242424242424242') });
    const current = await api('GET', `/api/reservations/${reservation.number}?email=${encodeURIComponent(renter.email)}`);
    const pickup = String(current.json.pickup_date);
    const longer = `${addDaysToLocalDate(pickup.slice(0, 10), 5)}T10:00`;
    const preview = await api('PATCH', `/api/reservations/${reservation.number}`, { email: renter.email, return_date: longer, preview: true });
    expect(preview.status).toBe(200);
    const quote = preview.json.quote as { totals: { total: number } };
    expect(preview.json.payment).toEqual({ kind: 'charge', amount: quote.totals.total - reservation.total });
    const changed = await api('PATCH', `/api/reservations/${reservation.number}`, { email: renter.email, return_date: longer });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.payment).toEqual({ charged: quote.totals.total - reservation.total, refunded: 0, due_at_counter: 0 });

    const shorter = await api('PATCH', `/api/reservations/${reservation.number}`, { email: renter.email, return_date: `${addDaysToLocalDate(pickup.slice(0, 10), 2)}T10:00` });
    expect(shorter.status).toBe(200);
    const shortTotal = (shorter.json.reservation as { totals: { total: number } }).totals.total;
    expect(shorter.json.payment).toMatchObject({ refunded: quote.totals.total - shortTotal });
    const held = (await paymentsOf(reservation.id)).reduce((sum, row) => (row.status !== 'succeeded' ? sum : row.kind === 'refund' ? sum - Number(row.amount) : sum + Number(row.amount)), 0);
    expect(held).toBe(shortTotal);
  });
});
