import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { eventually, staffContent, storefrontApi, threeDaySelection } from '../integration-clients';

// A full booking (a prepaid reservation, paid by card, then looked up as manage booking does) with the stack's logs
// captured: the harness gathers every line the storefront, the content service and the gateway sandbox write in
// STACK_LOG_FILE, as a log collector would. The test stands where nginx would (the harness's storefront trusts
// 127.0.0.1, TRUSTED_PROXIES) and names each request as nginx does ($request_id, X-Request-Id): every service's lines
// of that request carry the id, and no line anywhere holds the renter's data, the card or a secret.
const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3000';
const contentUrl = process.env.CONTENT_URL ?? 'http://127.0.0.1:8055';
const sandboxUrl = process.env.GATEWAY_SANDBOX_URL ?? 'http://127.0.0.1:8070';
const publishableKey = process.env.METROBANK_PUBLISHABLE_KEY ?? 'pk_test_local_sandbox';

function stackLogFile(): string {
  const file = process.env.STACK_LOG_FILE;
  if (!file) throw new Error('STACK_LOG_FILE is not set: run this test through `npm test` (scripts/test.mjs), which gathers the stack\'s logs');
  return file;
}

type Line = Record<string, unknown> & { name?: string; reqId?: string; req?: { id?: unknown; method?: string; url?: string } };

/** Every JSON line the stack wrote so far (Next's own text lines, if any, are left out). */
function stackLines(): Line[] {
  return readFileSync(stackLogFile(), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);
}

/** The lines of one request, by service: the storefront's and the sandbox's carry reqId, Directus' request line req.id. */
function linesOf(id: string) {
  const lines = stackLines();
  return {
    storefront: lines.filter((line) => line.name === 'storefront' && line.reqId === id),
    gateway: lines.filter((line) => line.name === 'gateway-sandbox' && line.reqId === id),
    content: lines.filter((line) => line.name === 'content' && (line.req?.id === id || line.reqId === id)),
  };
}

/** A request id as nginx makes them: 32 hexadecimal digits. */
const requestId = () => randomBytes(16).toString('hex');

const api = storefrontApi(webUrl, { acceptLanguage: 'es-ES', redirect: 'manual' });
const { signIn, seedRow } = staffContent(contentUrl);

// Values found nowhere else in the stack's logs: any trace of them is this renter's data leaking.
const run = String(Date.now() % 100_000).padStart(5, '0');
const renter = {
  name: 'Ximena',
  last_name: `Trazabilidad${run}`,
  email: `ximena.traza${run}@example.com`,
  license: `PA-TRZ${run}`,
  birthday: '1987-03-14',
  phone_number: `6${run.slice(0, 3)}-${run.slice(1)}`,
};
const CARD = '4242424242424242';

// Days 3,000 and later: clear of the other files' bands (booking-api 200 to 1,290, payments 1,400 and later).
const start = addDaysToLocalDate(formatPanamaDate(new Date()), 3000 + (Date.now() % 1000));

type Row = Record<string, unknown> & { id: number };
let branch: Row;
let car: Row;
let coverage: Row;

async function cardToken(): Promise<string> {
  const response = await fetch(`${sandboxUrl}/metrobank/v1/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ card: { number: CARD, exp_month: 12, exp_year: 2034, cvc: '739', name: `${renter.name} ${renter.last_name}` } }),
  });
  const token = (await response.json()) as { id?: string };
  if (!token.id) throw new Error(`no token: ${response.status}`);
  return token.id;
}

beforeAll(async () => {
  await signIn();
  branch = await seedRow<Row>('/items/branches?filter[code][_eq]=OBA');
  car = await seedRow<Row>('/items/flota?filter[modelo][_eq]=Accent');
  coverage = await seedRow<Row>('/items/coverages?filter[code][_eq]=BASIC');
});

describe('a booking followed through the logs', () => {
  const booked = { id: requestId(), number: '' };
  const paid = requestId();
  const lookedUp = requestId();
  let token = '';

  beforeAll(async () => {
    const reservation = await api(
      'POST',
      '/api/reservations',
      {
        ...threeDaySelection({ car, branch, coverage }, start),
        client: renter,
        terms_accepted: true,
      },
      { 'idempotency-key': `logs-test-${run}`, 'x-request-id': booked.id },
    );
    expect(reservation.status, JSON.stringify(reservation.json)).toBe(201);
    expect(reservation.headers.get('x-request-id')).toBe(booked.id);
    booked.number = String(reservation.json.reservation_number);

    token = await cardToken();
    const payment = await api('POST', `/api/reservations/${booked.number}/payments`, { email: renter.email, method: 'card', token }, { 'x-request-id': paid });
    expect(payment.status, JSON.stringify(payment.json)).toBe(201);
    expect(payment.headers.get('x-request-id')).toBe(paid);

    // Manage booking's lookup names the renter's e-mail in the query: no line may keep it.
    const found = await api('GET', `/api/reservations/${booked.number}?email=${encodeURIComponent(renter.email)}`, undefined, { 'x-request-id': lookedUp });
    expect(found.status).toBe(200);

    // Each part writes its line of a request once it has answered (the storefront's own line last), and the harness
    // appends them to the file as they come: wait for them, then read the file in full.
    await eventually(
      () => Promise.resolve([booked.id, paid, lookedUp].every((id) => linesOf(id).storefront.some((line) => line.area === 'request'))),
      'the storefront logged each request',
    );
    await eventually(() => {
      const payment = linesOf(paid);
      const booking = linesOf(booked.id);
      return Promise.resolve(
        payment.gateway.some((line) => line.path === '/metrobank/v1/payment_intents') &&
          payment.content.length > 0 &&
          booking.content.some((line) => line.req?.method === 'POST' && String(line.req.url).startsWith('/booking/')),
      );
    }, 'the sandbox and the content service logged the booking and the payment');
  });

  it('carries the payment request\'s id on its lines from the storefront to the content service and the gateway', () => {
    const { storefront, gateway, content } = linesOf(paid);
    expect(storefront).toContainEqual(expect.objectContaining({ area: 'request', method: 'POST', path: `/api/reservations/${booked.number}/payments`, status: 201 }));
    expect(storefront).toContainEqual(expect.objectContaining({ area: 'payments', msg: expect.stringContaining(`${booked.number}: paid`) as unknown }));
    expect(gateway).toContainEqual(expect.objectContaining({ method: 'POST', path: '/metrobank/v1/payment_intents', status: 200 }));
    expect(content.length).toBeGreaterThan(0);
    expect(content.every((line) => typeof line.req?.url === 'string')).toBe(true);
  });

  it('carries the booking request\'s id on the storefront\'s and the content service\'s lines, and no other request\'s', () => {
    const { storefront, content } = linesOf(booked.id);
    expect(storefront).toContainEqual(expect.objectContaining({ area: 'request', method: 'POST', path: '/api/reservations', status: 201 }));
    expect(content.some((line) => line.req?.method === 'POST' && String(line.req.url).startsWith('/booking/'))).toBe(true);
    // The payment's gateway call belongs to the payment's request, not to the booking's.
    expect(linesOf(booked.id).gateway).toEqual([]);
  });

  it('logs the lookup by its path only, without the query that names the renter', () => {
    expect(linesOf(lookedUp).storefront).toContainEqual(expect.objectContaining({ area: 'request', method: 'GET', path: `/api/reservations/${booked.number}`, status: 200 }));
  });

  it('holds none of the renter\'s data, the card, its token or a secret, in any line of any service', () => {
    const text = readFileSync(stackLogFile(), 'utf8');
    const phoneDigits = renter.phone_number.replace(/\D/g, '');
    const secrets = ['DIRECTUS_STOREFRONT_TOKEN', 'REVALIDATE_SECRET', 'ACCOUNT_EMAILS_SECRET', 'REMINDERS_SECRET', 'SECRET', 'ADMIN_PASSWORD', 'METROBANK_SECRET_KEY', 'METROBANK_WEBHOOK_SECRET', 'PAYPAL_CLIENT_SECRET']
      .map((name) => [name, process.env[name]] as const)
      .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string' && entry[1].length >= 8);
    expect(secrets.map(([name]) => name)).toEqual(expect.arrayContaining(['DIRECTUS_STOREFRONT_TOKEN', 'REVALIDATE_SECRET', 'METROBANK_SECRET_KEY']));
    const forbidden: [string, string][] = [
      ['the renter\'s name', renter.last_name],
      ['the renter\'s e-mail', renter.email],
      ['the renter\'s e-mail, encoded', encodeURIComponent(renter.email)],
      ['the renter\'s phone', renter.phone_number],
      ['the renter\'s document number', renter.license],
      ['the card number', CARD],
      ['the card number, spaced', CARD.replace(/(\d{4})(?=\d)/g, '$1 ')],
      ['the card token', token],
      ...secrets.map(([name, value]): [string, string] => [name, value]),
    ];
    for (const [what, value] of forbidden) expect(text.includes(value), `${what} (${value}) is in the stack's logs`).toBe(false);
    // Its digits alone, as a number of their own (a longer number, a timestamp say, may hold them by chance).
    expect(new RegExp(`(?<![0-9])(?:\\+?507)?${phoneDigits}(?![0-9])`).test(text), 'the renter\'s phone, digits only').toBe(false);
    expect(text.includes(`${renter.name} ${renter.last_name}`), 'the renter\'s full name').toBe(false);
  });
});

describe('a request that comes with no id', () => {
  it('gets one of the storefront\'s own, answered in X-Request-Id and carried by its line', async () => {
    const answer = await api('GET', '/robots.txt');
    const id = answer.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    await eventually(() => Promise.resolve(linesOf(id).storefront.some((line) => line.path === '/robots.txt')), 'the storefront logged it under that id');
  });
});
