// Payments through the payments extension (extensions/payments) against a live instance (CONTENT_URL):
// POST /payments-ledger records a payment once per idempotency key and only moves it forward, pays the reservation
// when a charge succeeds (or reports why it could not), limits refunds to their charge; POST /booking/holds/expire
// cancels prepaid reservations left unpaid past their hold. docs/content-model.md, "Booking endpoint". Every row it
// needs is created here (a draft branch, two unpublished cars) and removed at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, createUnits, dataOf, errorCode, firstOf, qs, requireEnv, uniqueSuffix, type ApiResult } from './helpers';

interface Reservation {
  /** The reservation's reference, as the booking routes answer it (`<id>.<mac>`). */
  id: string;
  reservation_number: string;
  status: string;
  payment_type: string;
  reservation_type: string;
  total: number;
  cancelled_at: string | null;
  date_created: string;
}
interface Payment {
  id: number;
  reservation: string;
  kind: string;
  provider: string;
  status: string;
  amount: number;
  currency: string;
  idempotency_key: string;
  provider_reference: string | null;
  provider_capture: string | null;
  payment_method: string | null;
  card_brand: string | null;
  card_last4: string | null;
  card_expiry: string | null;
  failure_code: string | null;
  failure_reason: string | null;
  refund_of: number | null;
  reservation_conflict: string | null;
  date_created: string;
  date_updated: string | null;
  settled_at: string | null;
}
interface Recorded {
  payment: Payment;
  changed: boolean;
  reservation: Pick<Reservation, 'id' | 'reservation_number' | 'status' | 'payment_type' | 'reservation_type' | 'total'>;
  reservation_conflict?: 'cancelled' | 'sold_out';
}

const suffix = uniqueSuffix();
let admin = '';
let storefront = '';
let branch = 0;
let carMany = 0; // 9 units: payments that never run out of stock
let carOne = 0; // 1 unit: the hold and sold-out cases
let counter = 0;
const cleanup: string[] = [];
const holdMinutes: Record<string, number> = {};

async function create<T extends { id: number | string }>(collection: string, body: Record<string, unknown>): Promise<T> {
  const path = collection === 'directus_users' ? '/users' : `/items/${collection}`;
  const result = await api<T>(path, { method: 'POST', token: admin, body });
  expect(result.status, `create ${collection}: ${result.text.slice(0, 300)}`).toBe(200);
  const item = dataOf(result);
  cleanup.push(`${path}/${item.id}`);
  return item;
}

/** 10:00 on the n-th day of 2033 (Panama local time). */
const day = (n: number) => `${new Date(Date.UTC(2033, 0, 1 + n)).toISOString().slice(0, 10)}T10:00`;

/** A reservation booked through the storefront's endpoint (postpaid, firefly, car with 9 units, unless overridden). */
async function reservation(overrides: Record<string, unknown> = {}): Promise<Reservation> {
  counter += 1;
  const result = await api<Reservation>('/booking/reservations', {
    method: 'POST', token: storefront,
    body: {
      idempotency_key: `pay-res-${suffix}-${counter}`,
      reservation_number: `TP-${suffix}-${counter}`.toUpperCase(),
      brand: 'firefly', status: 'unpaid', payment_type: 'unpaid', reservation_type: 'postpaid',
      car: carMany, pickup_branch: branch, return_branch: branch,
      // Each its own dates, so the 9 units of the default car never run out.
      pickup_date: day(counter * 3), return_date: day(counter * 3 + 2), days: 2,
      client_name: 'Ana', client_last_name: 'Pérez', client_email: 'ana@example.com', language: 'es-ES',
      subtotal: 7400, tax: 518, total: 7918,
      ...overrides,
    },
  });
  expect(result.status, result.text.slice(0, 300)).toBe(201);
  const row = dataOf(result);
  cleanup.push(`/items/reservations/${recordId(row.id)}`);
  return row;
}

/** A payment call body: a pending card charge of 79.18 for `reservationId`, with a fresh idempotency key. */
function charge(reservationId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return { idempotency_key: `pay-${suffix}-${counter}`, reservation: reservationId, provider: 'metrobank', amount: 7918, status: 'pending', ...overrides };
}

const pay = (body: unknown, token: string | null = storefront) => api<Recorded>('/payments-ledger', { method: 'POST', token, body });
const expire = (body: unknown, token: string | null = storefront) => api<{ expired: Array<{ id: string; reservation_number: string }> }>('/booking/holds/expire', { method: 'POST', token, body });

function expectRecorded(result: ApiResult<Recorded>, status: 200 | 201): Recorded {
  expect(result.status, result.text.slice(0, 400)).toBe(status);
  const data = dataOf(result);
  cleanup.push(`/items/payments/${data.payment.id}`);
  return data;
}

function expectError(result: ApiResult, status: number, code: string, field?: string | null): void {
  expect(result.status, result.text.slice(0, 300)).toBe(status);
  expect(errorCode(result), result.text.slice(0, 300)).toBe(code);
  if (field !== undefined) {
    const extensions = result.body.errors?.[0]?.extensions as { field?: string | null } | undefined;
    expect(extensions?.field ?? null, result.text.slice(0, 300)).toBe(field);
  }
}

/** The row id in a reference the booking routes answer, for the admin's own calls at /items. */
const recordId = (reference: string) => reference.split('.')[0] ?? '';

async function reservationRow(reference: string): Promise<Reservation> {
  return dataOf(await api<Reservation>(`/items/reservations/${recordId(reference)}`, { token: admin }));
}

async function paymentsWithKey(key: string): Promise<Payment[]> {
  return dataOf(await api<Payment[]>(`/items/payments${qs({ filter: { idempotency_key: { _eq: key } }, fields: '*', limit: -1 })}`, { token: admin }));
}

/** Stands for a renter who left the payment page longer ago than the brand's payment hold (staff may set it). */
async function ageBeyondHold(reference: string, brand = 'firefly'): Promise<void> {
  const earlier = new Date(Date.now() - ((holdMinutes[brand] ?? 30) + 5) * 60_000).toISOString();
  const aged = await api(`/items/reservations/${recordId(reference)}`, { method: 'PATCH', token: admin, body: { date_created: earlier } });
  expect(aged.status, aged.text.slice(0, 200)).toBe(200);
}

beforeAll(async () => {
  admin = await adminToken();
  storefront = requireEnv('DIRECTUS_STOREFRONT_TOKEN');
  branch = (await create<{ id: number }>('branches', { status: 'draft', code: `P${suffix}`.slice(0, 12).toUpperCase(), name: `Payments test ${suffix}` })).id;
  const car = (modelo: string) => create<{ id: number }>('flota', { published: false, marca: 'Test', modelo: `${modelo} ${suffix}`, tipo: 'sedan', clasificacion: 'CDAR', precio_firefly: 3000 });
  carMany = (await car('Payments many')).id;
  carOne = (await car('Payments one')).id;
  await createUnits(create, carMany, branch, 9);
  await createUnits(create, carOne, branch, 1);
  const sites = await api<Array<{ brand: string; payment_hold_minutes: number | null }>>(`/items/sites_config${qs({ fields: 'brand,payment_hold_minutes', limit: -1 })}`, { token: admin });
  for (const site of dataOf(sites)) holdMinutes[site.brand] = site.payment_hold_minutes ?? 30;
}, 60_000);

afterAll(async () => {
  // Refunds before their charges, payments before their reservations.
  for (const path of [...new Set(cleanup)].reverse()) await api(path, { method: 'DELETE', token: admin });
});

describe('who may record payments', () => {
  it('refuses callers without a token (401) and users without the Storefront policy (403); lets the storefront and staff in', async () => {
    const row = await reservation();
    for (const call of [() => pay(charge(row.id), null), () => expire({}, null), () => pay(charge(row.id), 'not-a-token'), () => expire({}, 'not-a-token')]) {
      const result = await call();
      expect(result.status, result.text.slice(0, 200)).toBe(401);
    }
    const roles = await api<Array<{ id: string }>>(`/roles${qs({ filter: { name: { _eq: 'Corporate agent' } }, fields: 'id' })}`, { token: admin });
    const role = firstOf(dataOf(roles), 'the Corporate agent role').id;
    const agent = `pay-agent-token-${suffix}`;
    await create('directus_users', { email: `pay-agent-${suffix}@example.com`, role, status: 'active', token: agent });
    expectError(await pay(charge(row.id), agent), 403, 'FORBIDDEN');
    expectError(await expire({}, agent), 403, 'FORBIDDEN');

    const byStorefront = expectRecorded(await pay(charge(row.id)), 201);
    expect(byStorefront.changed).toBe(true);
    // Written with the caller's identity: the activity log names the storefront user.
    const me = dataOf(await api<{ id: string }>(`/users/me${qs({ fields: 'id' })}`, { token: storefront }));
    const activity = await api<Array<{ user: string; action: string }>>(
      `/activity${qs({ filter: { collection: { _eq: 'payments' }, item: { _eq: String(byStorefront.payment.id) } }, fields: 'user,action' })}`, { token: admin });
    expect(dataOf(activity)).toEqual([{ user: me.id, action: 'create' }]);
    const byAdmin = expectRecorded(await pay(charge(row.id), admin), 201);
    expect(byAdmin.changed).toBe(true);
    expect((await expire({ brand: 'hertz' }, admin)).status).toBe(200);
  });

  it('lets the storefront read payments only through the endpoint, by key, gateway reference or reservation reference', async () => {
    const row = await reservation();
    const recorded = expectRecorded(await pay(charge(row.id, { provider_reference: `pi_${suffix}_read` })), 201);
    const ledger = (query: Record<string, string>, token: string | null = storefront) => api<Payment[]>(`/payments-ledger${qs(query)}`, { token });
    const queries: Array<Record<string, string>> = [{ key: recorded.payment.idempotency_key }, { reference: `pi_${suffix}_read` }, { reservation: row.id }];
    for (const query of queries) {
      const found = dataOf(await ledger(query));
      expect(found.map((p) => p.id), JSON.stringify(query)).toEqual([recorded.payment.id]);
      expect(found[0]?.reservation).toBe(row.id);
    }
    expect(dataOf(await ledger({ key: 'no-such-key' }))).toEqual([]);
    expect((await ledger({ key: recorded.payment.idempotency_key }, null)).status).toBe(401);
    expect((await ledger({})).status).toBe(400);
    expect((await ledger({ key: 'a', reference: 'b' })).status).toBe(400);
    expect((await ledger({ open_before: 'yesterday' })).status).toBe(400);
    expect((await ledger({ open_before: new Date().toISOString(), limit: '1000' })).status).toBe(400);
    for (const token of [storefront, null]) {
      expect((await api(`/items/payments/${recorded.payment.id}`, { token })).status).toBe(403);
      expect((await api('/items/payments', { method: 'POST', token, body: charge(row.id) })).status).toBe(403);
      expect((await api(`/items/payments/${recorded.payment.id}`, { method: 'PATCH', token, body: { status: 'succeeded' } })).status).toBe(403);
      expect((await api(`/items/payments/${recorded.payment.id}`, { method: 'DELETE', token })).status).toBe(403);
    }
    // Staff see the payments under their reservation.
    const withPayments = await api<{ payments: number[] }>(`/items/reservations/${recordId(row.id)}${qs({ fields: 'payments' })}`, { token: admin });
    expect(dataOf(withPayments).payments).toEqual([recorded.payment.id]);
  });
});

describe('malformed input', () => {
  it('answers 400 INVALID_PAYLOAD naming the field, never 500', async () => {
    const row = await reservation();
    const invalid = async (body: unknown, field: string | null) => expectError(await pay(body), 400, 'INVALID_PAYLOAD', field);
    await invalid([charge(row.id)], null);
    await invalid('text', null);
    const without = (name: string) => {
      const body = charge(row.id);
      delete body[name];
      return body;
    };
    for (const name of ['idempotency_key', 'reservation', 'provider', 'amount', 'status']) await invalid(without(name), name);
    await invalid(charge(row.id, { idempotency_key: '' }), 'idempotency_key');
    await invalid(charge(row.id, { idempotency_key: 'k'.repeat(256) }), 'idempotency_key');
    // A reservation is named by its reference: anything else names none.
    for (const reservation of ['one', 0, row.id.split('.')[0], `${row.id}x`]) expectError(await pay(charge(row.id, { reservation })), 404, 'NOT_FOUND');
    await invalid(charge(row.id, { provider: '' }), 'provider');
    await invalid(charge(row.id, { provider: 'PayPal' }), 'provider');
    await invalid(charge(row.id, { kind: 'payout' }), 'kind');
    await invalid(charge(row.id, { amount: 0 }), 'amount');
    await invalid(charge(row.id, { amount: 79.18 }), 'amount');
    await invalid(charge(row.id, { amount: '7918' }), 'amount');
    await invalid(charge(row.id, { currency: 'EUR' }), 'currency');
    await invalid(charge(row.id, { status: 'paid' }), 'status');
    await invalid(charge(row.id, { status: 'cancelled' }), 'status');
    await invalid(charge(row.id, { card_last4: '424' }), 'card_last4');
    await invalid(charge(row.id, { card_last4: 'abcd' }), 'card_last4');
    await invalid(charge(row.id, { card_expiry: '13/29' }), 'card_expiry');
    await invalid(charge(row.id, { card_expiry: '1229' }), 'card_expiry');
    await invalid(charge(row.id, { failure_reason: 'x'.repeat(501) }), 'failure_reason');
    await invalid(charge(row.id, { provider_reference: 'pi with spaces' }), 'provider_reference');
    await invalid(charge(row.id, { refund_of: 5 }), 'refund_of');
    await invalid(charge(row.id, { kind: 'refund' }), 'refund_of');
    await invalid(charge(row.id, { refund_of: 'x', kind: 'refund' }), 'refund_of');
    await invalid(charge(row.id, { settled_at: new Date().toISOString() }), 'settled_at');
    await invalid(charge(row.id, { reservation_conflict: 'sold_out' }), 'reservation_conflict');
    await invalid(charge(row.id, { id: 4 }), 'id');
    await invalid(charge(row.id, { cvv: '123' }), 'cvv');

    // holds/expire
    expectError(await expire({ brand: 'avis' }), 400, 'INVALID_PAYLOAD', 'brand');
    expectError(await expire({ brnd: 'firefly' }), 400, 'INVALID_PAYLOAD', 'brnd');
    expectError(await expire([1]), 400, 'INVALID_PAYLOAD', null);
  });

  it('refuses anything that looks like a card number, in any field, without storing it', async () => {
    const row = await reservation();
    const cases: Array<[string, Record<string, unknown>]> = [
      ['failure_reason', { failure_reason: 'card 4242424242424242 declined' }],
      ['failure_reason', { failure_reason: 'card 4242 4242 4242 4242 declined' }],
      ['card_brand', { card_brand: '4000-0000-0000-3220' }],
      ['failure_code', { failure_code: 'amex 3782-822463-10005' }],
      ['provider_reference', { provider_reference: '5555555555554444' }],
      ['idempotency_key', { idempotency_key: `k-${'4'.repeat(13)}` }],
      ['amount', { amount: 4242424242424242 }],
      ['card_number', { card_number: '378282246310005' }],
      ['card', { card: { number: '4242424242424242' } }],
    ];
    for (const [field, overrides] of cases) {
      const body = charge(row.id, overrides);
      const result = await pay(body);
      expectError(result, 400, 'INVALID_PAYLOAD', field);
      expect(result.text).not.toMatch(/[0-9]{13}/);
      expect(await paymentsWithKey(String(body.idempotency_key))).toEqual([]);
    }
    // Digit runs that are not card-number length are fine (a 12-digit run; a 20-digit run), so are grouped digits that
    // fail the Luhn check, and UUIDs (whose digit groups stand against letters).
    const reason = 'ref 123456789012 / 12345678901234567890 / 4242 4242 4242 4241';
    const ok = expectRecorded(await pay(charge(row.id, { failure_reason: reason, idempotency_key: `pay_${crypto.randomUUID()}` })), 201);
    expect(ok.payment.failure_reason).toBe(reason);
    expectRecorded(await pay(charge(row.id, { idempotency_key: 'pay_d1234123-4123-4123-4123-abcdef012345' })), 201);
  });

  it('answers 404 for an unknown reservation', async () => {
    expectError(await pay(charge('2000000000')), 404, 'NOT_FOUND');
  });
});

describe('a payment recorded once, moving only forward', () => {
  it('inserts (201), replays (200, changed false), refuses a mismatch (409) and fills what was empty', async () => {
    const row = await reservation();
    const body = charge(row.id, { card_brand: 'visa', card_last4: '4242', card_expiry: '12/29', payment_method: `pm_${suffix}` });
    const first = expectRecorded(await pay(body), 201);
    expect(first.changed).toBe(true);
    expect(first.payment).toMatchObject({
      reservation: row.id, kind: 'charge', provider: 'metrobank', status: 'pending', amount: 7918, currency: 'USD',
      idempotency_key: body.idempotency_key, provider_reference: null, payment_method: `pm_${suffix}`,
      card_brand: 'visa', card_last4: '4242', card_expiry: '12/29', refund_of: null, reservation_conflict: null, settled_at: null,
    });
    expect(Date.parse(first.payment.date_created)).toBeGreaterThan(Date.now() - 5 * 60_000);
    expect(first.reservation).toEqual({ id: row.id, reservation_number: row.reservation_number, status: 'unpaid', payment_type: 'unpaid', reservation_type: 'postpaid', total: 7918 });
    expect(first.reservation_conflict).toBeUndefined();

    const again = expectRecorded(await pay(body), 200);
    expect(again.changed).toBe(false);
    expect(again.payment).toEqual(first.payment);

    // Another reservation, provider, kind or amount under the same key: not the same payment.
    const other = await reservation();
    expectError(await pay({ ...body, reservation: other.id }), 409, 'IDEMPOTENCY_MISMATCH', 'reservation');
    expectError(await pay({ ...body, provider: 'paypal' }), 409, 'IDEMPOTENCY_MISMATCH', 'provider');
    expectError(await pay({ ...body, amount: 7919 }), 409, 'IDEMPOTENCY_MISMATCH', 'amount');
    expectError(await pay({ ...body, kind: 'refund', refund_of: first.payment.id }), 409, 'IDEMPOTENCY_MISMATCH', 'kind');

    // An empty reference is filled (no status change: changed false); a set one cannot change.
    const filled = expectRecorded(await pay({ ...body, provider_reference: `pi_${suffix}_a` }), 200);
    expect(filled.changed).toBe(false);
    expect(filled.payment.provider_reference).toBe(`pi_${suffix}_a`);
    expectError(await pay({ ...body, provider_reference: `pi_${suffix}_b` }), 409, 'IDEMPOTENCY_MISMATCH', 'provider_reference');
    expectError(await pay({ ...body, payment_method: `pm_${suffix}_other` }), 409, 'IDEMPOTENCY_MISMATCH', 'payment_method');
    // The card details stay those of the first report.
    expect(dataOf(await pay({ ...body, card_last4: '0000' })).payment.card_last4).toBe('4242');

    // A gateway id belongs to one payment.
    const taken = await pay(charge(row.id, { provider_reference: `pi_${suffix}_a` }));
    expectError(taken, 400, 'RECORD_NOT_UNIQUE');
    expect(taken.text).toContain('provider_reference');
    expect((await paymentsWithKey(String(body.idempotency_key))).length).toBe(1);
  });

  it('moves pending -> requires_action -> succeeded, ignores every later or older status, and pays the reservation once', async () => {
    const row = await reservation({ reservation_type: 'prepaid' });
    const body = charge(row.id, { provider_reference: `pi_${suffix}_fwd` });
    expect(expectRecorded(await pay(body), 201).changed).toBe(true);
    const action = expectRecorded(await pay({ ...body, status: 'requires_action' }), 200);
    expect(action).toMatchObject({ changed: true, payment: { status: 'requires_action', settled_at: null }, reservation: { status: 'unpaid' } });
    const back = expectRecorded(await pay({ ...body, status: 'pending' }), 200);
    expect(back).toMatchObject({ changed: false, payment: { status: 'requires_action' } });

    const succeeded = expectRecorded(await pay({ ...body, status: 'succeeded', card_brand: 'visa', card_last4: '4242' }), 200);
    expect(succeeded.changed).toBe(true);
    expect(succeeded.payment).toMatchObject({ status: 'succeeded', card_brand: 'visa', card_last4: '4242', reservation_conflict: null });
    expect(Date.parse(succeeded.payment.settled_at ?? '')).toBeGreaterThan(Date.now() - 5 * 60_000);
    expect(Date.parse(succeeded.payment.date_updated ?? '')).toBeGreaterThan(Date.now() - 5 * 60_000);
    expect(succeeded.reservation).toMatchObject({ status: 'paid', payment_type: 'card', reservation_type: 'prepaid' });
    expect(succeeded.reservation_conflict).toBeUndefined();

    for (const status of ['failed', 'canceled', 'pending', 'requires_action', 'succeeded']) {
      const later = expectRecorded(await pay({ ...body, status, failure_code: 'card_declined' }), 200);
      expect(later.changed, status).toBe(false);
      expect(later.payment, status).toEqual(succeeded.payment);
    }
    expect((await reservationRow(row.id)).status).toBe('paid');

    // failed and canceled are final too, with their reason; a failed charge pays nothing.
    const other = await reservation();
    const failing = charge(other.id);
    expectRecorded(await pay(failing), 201);
    const failed = expectRecorded(await pay({ ...failing, status: 'failed', failure_code: 'card_declined', failure_reason: 'Your card was declined.' }), 200);
    expect(failed).toMatchObject({ changed: true, payment: { status: 'failed', failure_code: 'card_declined', failure_reason: 'Your card was declined.' }, reservation: { status: 'unpaid', payment_type: 'unpaid' } });
    expect(failed.payment.settled_at).toBeTruthy();
    expect(expectRecorded(await pay({ ...failing, status: 'succeeded' }), 200)).toMatchObject({ changed: false, payment: { status: 'failed' }, reservation: { status: 'unpaid' } });
    const abandoned = expectRecorded(await pay(charge(other.id, { status: 'requires_action' })), 201);
    const canceled = expectRecorded(await pay({ ...charge(other.id), idempotency_key: abandoned.payment.idempotency_key, status: 'canceled', failure_code: 'authentication_expired' }), 200);
    expect(canceled).toMatchObject({ changed: true, payment: { status: 'canceled', failure_code: 'authentication_expired' } });
    expect(expectRecorded(await pay({ ...charge(other.id), idempotency_key: abandoned.payment.idempotency_key, status: 'succeeded' }), 200).changed).toBe(false);
    expect((await reservationRow(other.id)).status).toBe('unpaid');

    // A second charge of a paid reservation (a change): recorded, the reservation stays paid.
    const second = expectRecorded(await pay(charge(row.id, { amount: 2500, status: 'succeeded' })), 201);
    expect(second).toMatchObject({ changed: true, reservation: { status: 'paid', payment_type: 'card' } });
    expect(second.reservation_conflict).toBeUndefined();
  });

  it('records 20 simultaneous identical calls as one payment, with changed true for exactly one (card and PayPal)', async () => {
    for (const provider of ['metrobank', 'paypal']) {
      const row = await reservation({ reservation_type: 'prepaid' });
      const body = charge(row.id, { provider, status: 'succeeded', provider_reference: `${provider}-${suffix}-burst`, ...(provider === 'paypal' ? { provider_capture: `cap-${suffix}` } : {}) });
      // Card: the attempt is already recorded as pending, and 20 confirmations move it at once (the row lock's case);
      // PayPal: 20 captures report an attempt not yet recorded (the unique key's case).
      if (provider === 'metrobank') expectRecorded(await pay({ ...body, status: 'pending' }), 201);
      const results = await Promise.all(Array.from({ length: 20 }, () => pay(body)));
      expect(results.map((r) => r.status).filter((s) => s !== 200 && s !== 201), results.map((r) => r.text.slice(0, 200)).join('\n')).toEqual([]);
      expect(results.filter((r) => r.status === 201)).toHaveLength(provider === 'metrobank' ? 0 : 1);
      expect(results.filter((r) => dataOf(r).changed)).toHaveLength(1);
      expect(results.find((r) => dataOf(r).changed)?.status).toBe(provider === 'metrobank' ? 200 : 201);
      const rows = await paymentsWithKey(String(body.idempotency_key));
      expect(rows).toHaveLength(1);
      cleanup.push(`/items/payments/${firstOf(rows, 'the payment').id}`);
      expect(rows[0]).toMatchObject({ status: 'succeeded', provider, amount: 7918 });
      for (const result of results) expect(dataOf(result).reservation).toMatchObject({ status: 'paid', payment_type: provider === 'paypal' ? 'paypal' : 'card' });
      expect(await reservationRow(row.id)).toMatchObject({ status: 'paid', payment_type: provider === 'paypal' ? 'paypal' : 'card' });
    }
  });

  it('answers 409 to one of two simultaneous calls with one key for two reservations', async () => {
    const [one, two] = [await reservation(), await reservation()];
    const body = charge(one.id);
    const pair = await Promise.all([pay(body), pay({ ...body, reservation: two.id })]);
    expect(pair.map((r) => r.status).sort(), pair.map((r) => r.text.slice(0, 200)).join('\n')).toEqual([201, 409]);
    const created = firstOf(pair.filter((r) => r.status === 201), 'the created payment');
    cleanup.push(`/items/payments/${dataOf(created).payment.id}`);
    expect(errorCode(firstOf(pair.filter((r) => r.status === 409), 'the refused call'))).toBe('IDEMPOTENCY_MISMATCH');
    expect(await paymentsWithKey(String(body.idempotency_key))).toHaveLength(1);
  });
});

describe('a charge that succeeds but cannot pay its reservation', () => {
  it('records a late payment of a cancelled reservation and says so, leaving the reservation cancelled', async () => {
    const row = await reservation({ reservation_type: 'prepaid' });
    const body = charge(row.id, { provider_reference: `pi_${suffix}_cancelled` });
    expectRecorded(await pay(body), 201);
    expect((await api(`/booking/reservations/${row.id}`, { method: 'PATCH', token: storefront, body: { status: 'cancelled' } })).status).toBe(200);
    const late = expectRecorded(await pay({ ...body, status: 'succeeded' }), 200);
    expect(late).toMatchObject({ changed: true, reservation_conflict: 'cancelled', payment: { status: 'succeeded', reservation_conflict: 'cancelled' }, reservation: { status: 'cancelled', payment_type: 'unpaid' } });
    // A retry learns the same.
    expect(expectRecorded(await pay({ ...body, status: 'succeeded' }), 200)).toMatchObject({ changed: false, reservation_conflict: 'cancelled' });
    expect((await reservationRow(row.id)).status).toBe('cancelled');
  });

  it('pays a prepaid reservation whose hold ran out while its car is still free, and refuses it once the car was taken', async () => {
    // Brand thrifty: the storefront the harness runs (firefly) releases its own brand's lapsed holds every few seconds,
    // and must not cancel these before they are paid.
    // Still free: the unit of car "one" at these dates is nobody else's.
    const free = await reservation({ brand: 'thrifty', car: carOne, reservation_type: 'prepaid', pickup_date: '2032-05-01T10:00', return_date: '2032-05-03T10:00' });
    await ageBeyondHold(free.id, 'thrifty');
    const paid = expectRecorded(await pay(charge(free.id, { status: 'succeeded' })), 201);
    expect(paid).toMatchObject({ changed: true, reservation: { status: 'paid', payment_type: 'card' } });
    expect(paid.reservation_conflict).toBeUndefined();

    // Taken: after the hold ran out another renter booked the only unit.
    const dates = { brand: 'thrifty', car: carOne, pickup_date: '2032-06-01T10:00', return_date: '2032-06-03T10:00' };
    const lapsed = await reservation({ ...dates, reservation_type: 'prepaid' });
    await ageBeyondHold(lapsed.id, 'thrifty');
    await reservation(dates);
    const body = charge(lapsed.id, { provider: 'paypal', provider_reference: `PAYPAL-${suffix}-SOLD`, status: 'succeeded' });
    const refused = expectRecorded(await pay(body), 201);
    expect(refused).toMatchObject({
      changed: true, reservation_conflict: 'sold_out',
      payment: { status: 'succeeded', reservation_conflict: 'sold_out' }, reservation: { status: 'unpaid', payment_type: 'unpaid' },
    });
    expect(expectRecorded(await pay(body), 200)).toMatchObject({ changed: false, reservation_conflict: 'sold_out' });
    expect((await reservationRow(lapsed.id)).status).toBe('unpaid');
    // Within its hold a prepaid reservation is paid whatever else was asked for meanwhile (its unit was kept for it).
    const held = await reservation({ brand: 'thrifty', car: carOne, reservation_type: 'prepaid', pickup_date: '2032-07-01T10:00', return_date: '2032-07-03T10:00' });
    expect(expectRecorded(await pay(charge(held.id, { status: 'succeeded' })), 201).reservation.status).toBe('paid');
  });
});

describe('refunds', () => {
  it('returns money from a succeeded charge of the same reservation, never more than it, and leaves the reservation alone', async () => {
    const row = await reservation();
    const paid = expectRecorded(await pay(charge(row.id, { amount: 10_000, status: 'succeeded', provider_reference: `pi_${suffix}_refunded` })), 201);
    expect(paid.reservation.status).toBe('paid');
    const refund = (overrides: Record<string, unknown>) => charge(row.id, { kind: 'refund', refund_of: paid.payment.id, ...overrides });

    const pending = refund({ amount: 4000, provider_reference: `re_${suffix}_1` });
    const first = expectRecorded(await pay(pending), 201);
    expect(first.payment).toMatchObject({ kind: 'refund', refund_of: paid.payment.id, status: 'pending', amount: 4000 });
    // Pending refunds count: 4000 + 7000 > 10000.
    expectError(await pay(refund({ amount: 7000 })), 422, 'REFUND_TOO_LARGE', 'amount');
    const done = expectRecorded(await pay({ ...pending, status: 'succeeded' }), 200);
    expect(done).toMatchObject({ changed: true, payment: { status: 'succeeded' }, reservation: { status: 'paid', payment_type: 'card' } });
    const second = expectRecorded(await pay(refund({ amount: 6000, status: 'succeeded' })), 201);
    expect(second.reservation.status).toBe('paid');
    expectError(await pay(refund({ amount: 1 })), 422, 'REFUND_TOO_LARGE', 'amount');
    // A failed refund returns nothing, so it is recorded whatever is left.
    expect(expectRecorded(await pay(refund({ amount: 500, status: 'failed' })), 201).payment.status).toBe('failed');
    const refunds = await api<{ refunds: number[] }>(`/items/payments/${paid.payment.id}${qs({ fields: 'refunds' })}`, { token: admin });
    expect(dataOf(refunds).refunds).toHaveLength(3);
  });

  it('refuses a refund of a failed charge, of another reservation\'s charge, of a refund, or through another provider', async () => {
    const row = await reservation();
    const other = await reservation();
    const failed = expectRecorded(await pay(charge(row.id, { status: 'failed' })), 201);
    const paid = expectRecorded(await pay(charge(row.id, { status: 'succeeded' })), 201);
    const elsewhere = expectRecorded(await pay(charge(other.id, { status: 'succeeded' })), 201);
    const refund = expectRecorded(await pay(charge(row.id, { kind: 'refund', refund_of: paid.payment.id, amount: 100 })), 201);
    for (const [refundOf, provider] of [[failed.payment.id, 'metrobank'], [elsewhere.payment.id, 'metrobank'], [refund.payment.id, 'metrobank'], [paid.payment.id, 'paypal'], [2_000_000_000, 'metrobank']] as const) {
      expectError(await pay(charge(row.id, { kind: 'refund', refund_of: refundOf, provider, amount: 100 })), 422, 'REFUND_OF_INVALID', 'refund_of');
    }
  });
});

describe('expired payment holds', () => {
  it('cancels prepaid reservations left unpaid past their hold without a live payment, and only those, once', async () => {
    // Brand dollar: no other test books it, so the list is this test's.
    const dollar = { brand: 'dollar' };
    const lapsed = await reservation({ ...dollar, reservation_type: 'prepaid' });
    const lapsedFailed = await reservation({ ...dollar, reservation_type: 'prepaid' });
    const lapsedPending = await reservation({ ...dollar, reservation_type: 'prepaid' });
    const lapsedAction = await reservation({ ...dollar, reservation_type: 'prepaid' });
    const lapsedTaken = await reservation({ ...dollar, reservation_type: 'prepaid', car: carOne, pickup_date: '2032-09-01T10:00', return_date: '2032-09-02T10:00' });
    const fresh = await reservation({ ...dollar, reservation_type: 'prepaid' });
    const postpaid = await reservation({ ...dollar, reservation_type: 'postpaid' });
    const paid = await reservation({ ...dollar, reservation_type: 'prepaid' });
    expectRecorded(await pay(charge(paid.id, { status: 'succeeded' })), 201);
    expectRecorded(await pay(charge(lapsedFailed.id, { status: 'failed' })), 201);
    expectRecorded(await pay(charge(lapsedFailed.id, { status: 'canceled' })), 201);
    expectRecorded(await pay(charge(lapsedPending.id, { status: 'pending' })), 201);
    expectRecorded(await pay(charge(lapsedAction.id, { status: 'requires_action' })), 201);
    for (const row of [lapsed, lapsedFailed, lapsedPending, lapsedAction, lapsedTaken, postpaid, paid]) await ageBeyondHold(row.id, 'dollar');
    // Its car was taken after the hold ran out; its late payment succeeded but could not pay it (money to refund).
    await reservation({ ...dollar, car: carOne, pickup_date: '2032-09-01T10:00', return_date: '2032-09-02T10:00' });
    expect(expectRecorded(await pay(charge(lapsedTaken.id, { status: 'succeeded' })), 201).reservation_conflict).toBe('sold_out');

    const result = await expire(dollar);
    expect(result.status, result.text.slice(0, 300)).toBe(200);
    const expired = dataOf(result).expired;
    expect(expired.filter((e) => e.reservation_number.startsWith(`TP-${suffix}`.toUpperCase())).sort((a, b) => Number(recordId(a.id)) - Number(recordId(b.id)))).toEqual(
      [lapsed, lapsedFailed].map((r) => ({ id: r.id, reservation_number: r.reservation_number })),
    );
    for (const row of [lapsed, lapsedFailed]) {
      const now = await reservationRow(row.id);
      expect(now.status).toBe('cancelled');
      expect(Date.parse(now.cancelled_at ?? '')).toBeGreaterThan(Date.now() - 5 * 60_000);
    }
    for (const row of [lapsedPending, lapsedAction, lapsedTaken, fresh, postpaid]) expect((await reservationRow(row.id)).status).toBe('unpaid');
    expect((await reservationRow(paid.id)).status).toBe('paid');

    // Idempotent: nothing more to do; other brands' calls leave these alone.
    expect(dataOf(await expire(dollar)).expired.map((e) => e.id)).not.toContain(lapsed.id);
    expect(dataOf(await expire({ brand: 'thrifty' })).expired.map((e) => e.id)).toEqual(expect.not.arrayContaining([lapsedPending.id, lapsedAction.id]));

    // Its pending payment fails at last: the next call releases it. A payment that still succeeds then reports the
    // cancelled reservation, so the storefront refunds it.
    const pendingKey = dataOf(await api<Payment[]>(`/items/payments${qs({ filter: { reservation: { _eq: recordId(lapsedPending.id) } }, fields: 'idempotency_key' })}`, { token: admin }))[0]?.idempotency_key;
    expectRecorded(await pay(charge(lapsedPending.id, { idempotency_key: pendingKey, status: 'failed' })), 200);
    expect(dataOf(await expire({})).expired.map((e) => e.id)).toContain(lapsedPending.id);
    expect(expectRecorded(await pay(charge(lapsedPending.id, { status: 'succeeded' })), 201)).toMatchObject({ reservation_conflict: 'cancelled', reservation: { status: 'cancelled' } });
    expect((await expire({})).status).toBe(200);
  });
});

describe('cancellation refund rule in the site config', () => {
  it('is readable by the public for every published brand, and kept within its bounds', async () => {
    const sites = await api<Array<{ id: number; brand: string; cancellation_full_refund_hours: number; cancellation_late_fee_days: number }>>(
      `/items/sites_config${qs({ fields: 'id,brand,cancellation_full_refund_hours,cancellation_late_fee_days', limit: -1 })}`,
    );
    expect(sites.status, sites.text.slice(0, 200)).toBe(200);
    const list = dataOf(sites);
    expect(list.length).toBeGreaterThan(0);
    for (const site of list) {
      expect(Number.isInteger(site.cancellation_full_refund_hours) && site.cancellation_full_refund_hours >= 0, site.brand).toBe(true);
      expect(Number.isInteger(site.cancellation_late_fee_days) && site.cancellation_late_fee_days >= 0 && site.cancellation_late_fee_days <= 30, site.brand).toBe(true);
    }
    // The seed's rule: everything back until 48 hours before pickup, less one day of the car rate after that.
    const firefly = list.find((s) => s.brand === 'firefly');
    if (firefly) expect(firefly).toMatchObject({ cancellation_full_refund_hours: 48, cancellation_late_fee_days: 1 });

    const site = firstOf(list, 'a site config');
    const id = site.id;
    for (const body of [{ cancellation_late_fee_days: 31 }, { cancellation_late_fee_days: -1 }, { cancellation_full_refund_hours: -1 }, { cancellation_full_refund_hours: null }]) {
      const result = await api(`/items/sites_config/${id}`, { method: 'PATCH', token: admin, body });
      expect(result.status, `${JSON.stringify(body)}: ${result.text.slice(0, 200)}`).toBe(400);
    }
    const after = dataOf(await api<{ cancellation_late_fee_days: number; cancellation_full_refund_hours: number }>(`/items/sites_config/${id}`, { token: admin }));
    expect(after).toMatchObject({ cancellation_late_fee_days: site.cancellation_late_fee_days, cancellation_full_refund_hours: site.cancellation_full_refund_hours });
  });
});
