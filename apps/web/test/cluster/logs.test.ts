import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { eventually, staffContent, threeDaySelection } from '../integration-clients';
import { clusterUrl, contentUrl, getPage, postJson } from './cluster';

// One renter's request followed by its id from nginx ($request_id, its access log) to the instance that served it, the
// content service and the payment gateway: the harness gathers the services' lines in CLUSTER_LOG_FILE and nginx
// writes its access log to NGINX_ACCESS_LOG.
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the cluster tests with \`npm run test:cluster\``);
  return value;
}
const clusterLog = required('CLUSTER_LOG_FILE');
const accessLog = required('NGINX_ACCESS_LOG');
const sandboxUrl = required('GATEWAY_SANDBOX_URL');
const publishableKey = process.env.METROBANK_PUBLISHABLE_KEY ?? 'pk_test_local_sandbox';

type Line = Record<string, unknown> & { name?: string; reqId?: string; instance?: string; req?: { id?: unknown } };

function linesOf(file: string): Line[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);
}

/** Every part's lines of the request `id`. */
function requestLines(id: string) {
  const lines = linesOf(clusterLog);
  return {
    nginx: linesOf(accessLog).filter((line) => line.reqId === id),
    storefront: lines.filter((line) => line.name === 'storefront' && line.reqId === id),
    content: lines.filter((line) => line.name === 'content' && (line.req?.id === id || line.reqId === id)),
    gateway: lines.filter((line) => line.name === 'gateway-sandbox' && line.reqId === id),
  };
}

const { signIn, seedRow } = staffContent(contentUrl);
type Row = Record<string, unknown> & { id: number };
const start = addDaysToLocalDate(formatPanamaDate(new Date()), 3000 + (Date.now() % 1000));
const renter = { name: 'Ramiro', last_name: 'Seguimiento', email: `ramiro.seguimiento.${Date.now() % 100_000}@example.com`, license: 'PA-556677', birthday: '1984-02-02', phone_number: '6234-5678' };

let booking: Record<string, unknown>;

beforeAll(async () => {
  await signIn();
  const branch = await seedRow<Row>('/items/branches?filter[code][_eq]=OBA');
  const car = await seedRow<Row>('/items/flota?filter[modelo][_eq]=Accent');
  const coverage = await seedRow<Row>('/items/coverages?filter[code][_eq]=BASIC');
  booking = {
    ...threeDaySelection({ car, branch, coverage }, start),
    client: renter,
    terms_accepted: true,
  };
});

describe('a paid booking through nginx', () => {
  it('shares nginx\'s request id from its access log to the instance, the content service and the gateway', async () => {
    const reserved = await postJson(clusterUrl, '/api/reservations', booking, { 'idempotency-key': randomUUID() });
    expect(reserved.status, JSON.stringify(reserved.json)).toBe(201);
    const tokenAnswer = await fetch(`${sandboxUrl}/metrobank/v1/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '739' } }),
    });
    const token = ((await tokenAnswer.json()) as { id: string }).id;
    // A client's own X-Request-Id is not the request's: nginx names it.
    const number = String(reserved.json.reservation_number);
    const paid = await postJson(clusterUrl, `/api/reservations/${number}/payments`, { email: renter.email, method: 'card', token }, { 'x-request-id': 'chosen-by-the-client-0001' });
    expect(paid.status, JSON.stringify(paid.json)).toBe(201);
    const id = paid.headers.get('x-request-id') ?? '';
    expect(id).toMatch(/^[0-9a-f]{32}$/);

    // Each part writes its line once it has answered; the instance's own line comes last.
    await eventually(() => {
      const lines = requestLines(id);
      return Promise.resolve(
        lines.nginx.length > 0 && lines.content.length > 0 && lines.storefront.some((line) => line.area === 'request') && lines.gateway.some((line) => line.path === '/metrobank/v1/payment_intents'),
      );
    }, 'every part logged the payment under nginx\'s id');
    const lines = requestLines(id);
    expect(lines.nginx).toEqual([expect.objectContaining({ method: 'POST', path: `/api/reservations/${number}/payments`, status: 201 })]);
    expect(lines.storefront).toContainEqual(expect.objectContaining({ area: 'request', path: `/api/reservations/${number}/payments`, status: 201, instance: paid.servedBy }));
    expect(lines.storefront).toContainEqual(expect.objectContaining({ area: 'payments', msg: expect.stringContaining(`${number}: paid`) as unknown }));
    expect(lines.gateway).toContainEqual(expect.objectContaining({ method: 'POST', path: '/metrobank/v1/payment_intents', status: 200 }));
    expect(lines.content.length).toBeGreaterThan(0);
    expect(requestLines('chosen-by-the-client-0001').storefront).toEqual([]);
  });
});

describe('a page nginx serves from its cache', () => {
  it('answers the id of this request, not the one of the request that filled the cache', async () => {
    const url = `${clusterUrl}/es/flota`;
    const first = await getPage(url);
    const second = await getPage(url);
    expect(second.cache).toBe('HIT');
    const [firstId, secondId] = [first.headers.get('x-request-id'), second.headers.get('x-request-id')];
    expect(firstId).toMatch(/^[0-9a-f]{32}$/);
    expect(secondId).toMatch(/^[0-9a-f]{32}$/);
    expect(secondId).not.toBe(firstId);
    await eventually(() => Promise.resolve(requestLines(secondId ?? '').nginx.length === 1), 'nginx logged the second request');
    expect(requestLines(secondId ?? '').nginx[0]).toMatchObject({ method: 'GET', status: second.status, cache: second.cache });
  });
});
