// A storefront killed between a card charge and its record: the charge happened at the gateway, its answer never
// came back. The next storefront to start settles it (reconciliation at start-up): the reservation is paid, once.
// A content service and a gateway sandbox of the test's own, so nothing else settles the payment first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { threeDaySelection } from '../integration-clients';
import { GATEWAY_SANDBOX_DEFAULTS, startGatewaySandbox, type GatewaySandbox } from '../../../../scripts/lib/gateway-sandbox.mjs';
import { adminHeaders } from '../content-admin';
import { cloneBuild, freePort, startOwnContentService, startStorefront, storefrontEnv, trackProcess, waitForOutput, type StorefrontProcess } from './storefront-process';

type Row = Record<string, unknown>;

describe('a storefront killed in the middle of a card payment', () => {
  const build = cloneBuild('payment-restart');
  const sandboxData = mkdtempSync(join(tmpdir(), 'process-test-gateway-'));
  let content: Awaited<ReturnType<typeof startOwnContentService>> | undefined;
  let sandbox: GatewaySandbox | undefined;
  let env: Record<string, string>;
  const storefronts: StorefrontProcess[] = [];

  beforeAll(async () => {
    content = await startOwnContentService();
    const port = String(await freePort());
    sandbox = await startGatewaySandbox({
      env: { ...GATEWAY_SANDBOX_DEFAULTS, GATEWAY_SANDBOX_HOST: '127.0.0.1', GATEWAY_SANDBOX_PORT: port, GATEWAY_SANDBOX_DATA_DIR: sandboxData, GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL: 'off', GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL: 'off' },
      log: () => {},
      quiet: true,
    });
    trackProcess(sandbox.pid);
    env = {
      ...storefrontEnv(content.service.url),
      METROBANK_API_URL: `${sandbox.url}/metrobank`,
      METROBANK_FIELDS_URL: `${sandbox.url}/metrobank/fields/v1/card.html`,
      METROBANK_PUBLISHABLE_KEY: GATEWAY_SANDBOX_DEFAULTS.METROBANK_PUBLISHABLE_KEY ?? '',
      METROBANK_SECRET_KEY: GATEWAY_SANDBOX_DEFAULTS.METROBANK_SECRET_KEY ?? '',
      METROBANK_WEBHOOK_SECRET: GATEWAY_SANDBOX_DEFAULTS.METROBANK_WEBHOOK_SECRET ?? '',
      PAYMENT_GATEWAY_TIMEOUT_MS: '2000',
      // Only the run at start-up: what this test is about.
      PAYMENT_RECONCILE_INTERVAL_SECONDS: '3600',
    };
  });

  afterAll(async () => {
    for (const storefront of storefronts) await storefront.stop();
    await sandbox?.stop();
    await content?.stop();
    rmSync(sandboxData, { recursive: true, force: true });
    build.remove();
  });

  it('is paid once after the next start, by reconciliation', async () => {
    if (!content || !sandbox) throw new Error('the stack did not start');
    const contentUrl = content.service.url;
    const admin = await adminHeaders(contentUrl);
    const first = await startStorefront(build.distDir, env);
    storefronts.push(first);

    const one = async (path: string): Promise<Row> => {
      const response = await fetch(`${contentUrl}${path}`, { headers: admin });
      const [row] = ((await response.json()) as { data: Row[] }).data;
      if (!row) throw new Error(`nothing at ${path}`);
      return row;
    };
    const [branch, car, coverage] = await Promise.all([one('/items/branches?filter[code][_eq]=OBA'), one('/items/flota?filter[modelo][_eq]=Accent'), one('/items/coverages?filter[code][_eq]=BASIC')]);
    const start = addDaysToLocalDate(formatPanamaDate(new Date()), 40);
    const email = 'reinicio@example.com';
    const booked = await fetch(`${first.url}/api/reservations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': `restart-test-${Date.now()}` },
      body: JSON.stringify({
        ...threeDaySelection({ car, branch, coverage }, start),
        client: { name: 'Rita', last_name: 'Reinicio', email, license: 'PA-1', birthday: '1980-01-01', phone_number: '6123-4567' },
        terms_accepted: true,
      }),
    });
    expect(booked.status).toBe(201);
    const booking = (await booked.json()) as { reservation_id: string; reservation_number: string };
    // reservation_id is the content service's reference (`<row id>.<mac>`); the admin's reads below name the row.
    const reservation = { ...booking, reservation_id: booking.reservation_id.split('.')[0] ?? '' };

    const tokenAnswer = await fetch(`${sandbox.url}/metrobank/v1/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${env.METROBANK_PUBLISHABLE_KEY ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '739' } }),
    });
    const token = ((await tokenAnswer.json()) as { id: string }).id;

    // The gateway carries the charge out, then answers late; the storefront is killed while it waits.
    await fetch(`${sandbox.url}/__sandbox/control`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ latency_ms: 5000 }) });
    const paying = fetch(`${first.url}/api/reservations/${reservation.reservation_number}/payments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, method: 'card', token }),
    }).catch(() => undefined);
    const payments = async () => {
      const response = await fetch(`${contentUrl}/items/payments?filter[reservation][_eq]=${reservation.reservation_id}&fields=status,amount`, { headers: admin });
      return ((await response.json()) as { data: Row[] }).data;
    };
    for (let attempt = 0; attempt < 40 && (await payments()).length === 0; attempt += 1) await new Promise((done) => setTimeout(done, 100));
    expect((await payments()).map((row) => row.status)).toEqual(['pending']);
    const pendingSince = Date.now();
    // The charge leaves for the gateway right after the pending record; give a busy machine time to send it (the
    // gateway answers only after 5 s, and the storefront gives up after 2 s), so the kill comes while it waits.
    await new Promise((done) => setTimeout(done, 700));
    first.child.kill('SIGKILL');
    await first.exited;
    await paying;
    await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST' });

    const reservationRow = () => one(`/items/reservations?filter[id][_eq]=${reservation.reservation_id}&fields=status,payment_type`);
    expect(await reservationRow()).toMatchObject({ status: 'unpaid' });

    // Older than twice the timeout (4 s) by the time reconciliation looks, so it is no longer anyone's request.
    await new Promise((done) => setTimeout(done, Math.max(0, pendingSince + 5000 - Date.now())));
    const second = await startStorefront(build.distDir, env);
    storefronts.push(second);
    await waitForOutput(second, /\[payments\] reconciliation: 1 settled/, 30_000);
    expect(await reservationRow()).toMatchObject({ status: 'paid', payment_type: 'card' });
    expect((await payments()).map((row) => row.status)).toEqual(['succeeded']);
    // Neither storefront ever saw the card: only the token passed through. (The CVC is looked for in what the lines
    // say, not in their numbers: a line's pid or duration may be 739.)
    for (const storefront of [first, second]) {
      expect(storefront.printed()).not.toContain('4242424242424242');
      expect(storefront.output()).not.toMatch(/\b739\b/);
    }
  });
});
