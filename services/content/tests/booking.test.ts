// The booking extension (extensions/booking) against a live instance (CONTENT_URL): reservations that cannot oversell
// a car's units at a pickup branch (also under 40 simultaneous requests), idempotent retries, cancellation, the
// turnaround buffer and the payment hold, availability, the shared rate limiter, who may call it, and the one stock
// row per car and branch. docs/content-model.md, "Booking endpoint". Every row it needs is created here through the
// admin (a draft branch and two unpublished cars, so no storefront page changes) and removed at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, createdRows, createUnits, dataOf, errorCode, firstOf, qs, requireEnv, testPlate, type ApiResult, uniqueSuffix } from './helpers';

interface Reservation {
  /** The reservation's reference, as the booking routes answer it (`<id>.<mac>`). */
  id: string;
  status: string;
  reservation_type: string;
  idempotency_key: string;
  pickup_date: string;
  return_date: string;
  cancelled_at: string | null;
  date_created: string;
  revision: number;
  notified_revision: number | null;
  lines: unknown;
  extras: unknown;
  young_driver_fee: number;
  channel: string | null;
  total_usd: number | null;
  flight_number: string | null;
}
interface Availability { car: number; units: number; occupied: number }
interface RateLimit { allowed: boolean; remaining: number; retry_after_seconds: number }

const suffix = uniqueSuffix();
let admin = '';
let storefront = '';
let branch = 0;
let carA = 0; // 3 units at the test branch
let carB = 0; // 1 unit
let bufferMinutes = 120;
let holdMinutes = 30;
let counter = 0;
const testRows = createdRows(() => admin);
const create = testRows.create;

/** A reservation body the storefront would send, for car A by default. */
function reservation(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    idempotency_key: `test-${suffix}-${counter}`,
    reservation_number: `TB-${suffix}-${counter}`.toUpperCase(),
    brand: 'firefly',
    status: 'unpaid',
    payment_type: 'unpaid',
    reservation_type: 'postpaid',
    car: carA,
    coverage: null,
    pickup_branch: branch,
    return_branch: branch,
    pickup_date: '2031-03-10T10:00',
    return_date: '2031-03-12T10:00',
    days: 2,
    era: false,
    delivery_option: null,
    coupon: null,
    client_name: 'Ana',
    client_last_name: 'Pérez',
    client_email: 'ana@example.com',
    client_phone: '+50761234567',
    language: 'es-ES',
    car_total: 6000,
    coverage_total: 0,
    era_total: 0,
    extras_total: 1400,
    dropoff: 0,
    delivery_price: 0,
    coupon_discount: 0,
    subtotal: 7400,
    airport_tax: 0,
    tax: 518,
    total: 7918,
    young_driver_fee: 0,
    lines: [{ code: 'car', label: 'Car, 2 days', amount: 6000 }, { code: 'CHILD_SEAT', label: 'Child seat', amount: 1400 }],
    extras: [{ code: 'CHILD_SEAT', quantity: 1, total: 1400 }],
    ...overrides,
  };
}

/** The row id in a reference the booking routes answer, for the admin's own calls at /items. */
const recordId = (reference: string) => reference.split('.')[0] ?? '';
const book = (body: unknown, token: string | null = storefront) => api<Reservation>('/booking/reservations', { method: 'POST', token, body });
const change = (id: number | string, body: unknown, token: string | null = storefront) => api<Reservation>(`/booking/reservations/${id}`, { method: 'PATCH', token, body });
const availability = (params: Record<string, string | number>, token: string | null = storefront) => api<Availability[]>(`/booking/availability${qs(params)}`, { token });
const hit = (body: unknown, token: string | null = storefront) => api<RateLimit>('/booking/rate-limit', { method: 'POST', token, body });

/** Panama wall-clock arithmetic, like the extension's. */
const shift = (local: string, minutes: number) => new Date(Date.parse(`${local}Z`) + minutes * 60_000).toISOString().slice(0, 16);

function expectCreated(result: ApiResult<Reservation>): Reservation {
  expect(result.status, result.text.slice(0, 300)).toBe(201);
  const row = dataOf(result);
  testRows.track(`/items/reservations/${recordId(row.id)}`);
  return row;
}

function expectSoldOut(result: ApiResult): void {
  expect(result.status, result.text.slice(0, 300)).toBe(409);
  expect(result.body.errors?.[0]).toEqual({ message: 'No units of this car are left at this branch for these dates', extensions: { code: 'SOLD_OUT' } });
}

function expectInvalid(result: ApiResult, field: string | null): void {
  expect(result.status, result.text.slice(0, 300)).toBe(400);
  expect(errorCode(result), result.text.slice(0, 300)).toBe('INVALID_PAYLOAD');
  const extensions = result.body.errors?.[0]?.extensions as { field?: string | null } | undefined;
  expect(extensions?.field ?? null, result.text.slice(0, 300)).toBe(field);
}

async function reservationsOf(car: number): Promise<Reservation[]> {
  const result = await api<Reservation[]>(`/items/reservations${qs({ filter: { car: { _eq: car } }, fields: '*', limit: -1, sort: 'id' })}`, { token: admin });
  return dataOf(result);
}

beforeAll(async () => {
  admin = await adminToken();
  storefront = requireEnv('DIRECTUS_STOREFRONT_TOKEN');
  branch = (await create<{ id: number }>('branches', { status: 'draft', code: `B${suffix}`.slice(0, 12).toUpperCase(), name: `Booking test ${suffix}` })).id;
  const car = (modelo: string) => create<{ id: number }>('flota', { published: false, marca: 'Test', modelo: `${modelo} ${suffix}`, tipo: 'sedan', clasificacion: 'CDAR', precio_firefly: 3000 });
  carA = (await car('Three units')).id;
  carB = (await car('One unit')).id;
  await createUnits(create, carA, branch, 3);
  await createUnits(create, carB, branch, 1);
  const sites = await api<Array<{ turnaround_buffer_minutes: number | null; payment_hold_minutes: number | null }>>(
    `/items/sites_config${qs({ filter: { brand: { _eq: 'firefly' } }, fields: 'turnaround_buffer_minutes,payment_hold_minutes' })}`, { token: admin });
  const site = dataOf(sites)[0];
  bufferMinutes = site?.turnaround_buffer_minutes ?? 120;
  holdMinutes = site?.payment_hold_minutes ?? 30;
}, 60_000);

afterAll(async () => {
  await testRows.removeAll();
});

describe('addresses', () => {
  it('answers a path that cannot be percent-decoded with 400 MALFORMED_ADDRESS, here and on Directus\' own routes', async () => {
    for (const result of [await change('%ff', { status: 'cancelled' }), await change('1%E0%A4%A', {}), await api('/items/flota/%ff', { token: admin }), await api('/items/%ff')]) {
      expect(result.status, result.text.slice(0, 300)).toBe(400);
      expect(errorCode(result), result.text.slice(0, 300)).toBe('MALFORMED_ADDRESS');
    }
    expect((await api('/items/flota?limit=1', { token: admin })).status).toBe(200);
  });
});

describe('who may book', () => {
  const routes = () => [
    { what: 'POST /booking/reservations', call: (token: string | null) => book(reservation(), token) },
    { what: 'PATCH /booking/reservations/1', call: (token: string | null) => change(1, { status: 'cancelled' }, token) },
    { what: 'GET /booking/availability', call: (token: string | null) => availability({ branch, pickup: '2031-01-01T10:00', return: '2031-01-02T10:00', brand: 'firefly' }, token) },
    { what: 'POST /booking/rate-limit', call: (token: string | null) => hit({ key: `who-${suffix}`, limit: 5, window_seconds: 60 }, token) },
  ];

  it('answers 401 without a token or with an unknown one, on every route', async () => {
    for (const { what, call } of routes()) {
      for (const token of [null, 'not-a-token']) {
        const result = await call(token);
        expect(result.status, `${what} (${token ?? 'no token'}): ${result.text.slice(0, 200)}`).toBe(401);
      }
    }
  });

  it('answers 403 to a user without the Storefront policy (a corporate agent), on every route', async () => {
    const roles = await api<Array<{ id: string }>>(`/roles${qs({ filter: { name: { _eq: 'Corporate agent' } }, fields: 'id' })}`, { token: admin });
    const role = firstOf(dataOf(roles), 'the Corporate agent role').id;
    const token = `agent-token-${suffix}`;
    await create('directus_users', { email: `agent-${suffix}@example.com`, role, status: 'active', token });
    for (const { what, call } of routes()) {
      const result = await call(token);
      expect(result.status, `${what}: ${result.text.slice(0, 200)}`).toBe(403);
      expect(errorCode(result)).toBe('FORBIDDEN');
    }
    expect(await reservationsOf(carA)).toEqual([]);
  });

  it('lets administrators in', async () => {
    const result = await availability({ branch, pickup: '2031-01-01T10:00', return: '2031-01-02T10:00', brand: 'firefly' }, admin);
    expect(result.status, result.text.slice(0, 200)).toBe(200);
  });
});

describe('malformed input', () => {
  it('answers 400 INVALID_PAYLOAD naming the field, never 500', async () => {
    expectInvalid(await book([reservation()]), null);
    expectInvalid(await book('text'), null);
    const without = reservation();
    delete without.idempotency_key;
    expectInvalid(await book(without), 'idempotency_key');
    expectInvalid(await book(reservation({ idempotency_key: '' })), 'idempotency_key');
    expectInvalid(await book(reservation({ idempotency_key: 'x'.repeat(256) })), 'idempotency_key');
    expectInvalid(await book(reservation({ car: 'one' })), 'car');
    expectInvalid(await book(reservation({ car: 1.5 })), 'car');
    expectInvalid(await book(reservation({ pickup_branch: null })), 'pickup_branch');
    expectInvalid(await book(reservation({ pickup_date: '10/03/2031 10:00' })), 'pickup_date');
    expectInvalid(await book(reservation({ pickup_date: '2031-02-30T10:00' })), 'pickup_date');
    expectInvalid(await book(reservation({ return_date: '2031-03-10T09:00' })), 'return_date');
    expectInvalid(await book(reservation({ brand: 'avis' })), 'brand');
    expectInvalid(await book(reservation({ status: 'done' })), 'status');
    expectInvalid(await book(reservation({ total: -1 })), 'total');
    expectInvalid(await book(reservation({ era: 'yes' })), 'era');
    expectInvalid(await book(reservation({ client_birthday: '2001-13-01' })), 'client_birthday');
    expectInvalid(await book(reservation({ lines: [{ code: 'car', label: 'Car', amount: '60.00' }] })), 'lines');
    expectInvalid(await book(reservation({ lines: { code: 'car' } })), 'lines');
    expectInvalid(await book(reservation({ extras: [{ code: 'CHILD_SEAT', quantity: 0, total: 0 }] })), 'extras');
    expectInvalid(await book(reservation({ extras: [{ code: `NOPE_${suffix}`, quantity: 1, total: 100 }] })), 'extras');
    expectInvalid(await book(reservation({ young_driver_fee: 'none' })), 'young_driver_fee');
    expectInvalid(await book(reservation({ colour: 'red' })), 'colour');
    expectInvalid(await book(reservation({ id: 5 })), 'id');
    expectInvalid(await book(reservation({ payments: [] })), 'payments');
    expectInvalid(await book(reservation({ car: 2_000_000_000 })), 'car');
    // Recorded by the content service, never taken from a caller.
    expectInvalid(await book(reservation({ channel: 'web' })), 'channel');
    expectInvalid(await book(reservation({ total_usd: 79.18 })), 'total_usd');
    expectInvalid(await book({ ...reservation(), booked_via: 'phone' }), 'booked_via');

    // A reservation is named by the reference the booking routes answered: anything else names none.
    for (const reference of ['abc', '1', `1.${'A'.repeat(22)}`]) expect((await change(reference, { status: 'paid' })).status, reference).toBe(404);
    expectInvalid(await change(1, { status: 'done' }), 'status');
    expectInvalid(await change(1, { pickup_date: '2031-03-10' }), 'pickup_date');

    const window = { branch, pickup: '2031-01-01T10:00', return: '2031-01-02T10:00', brand: 'firefly' };
    expectInvalid(await availability({ ...window, branch: 'PTY' }), 'branch');
    expectInvalid(await availability({ ...window, pickup: 'tomorrow' }), 'pickup');
    expectInvalid(await availability({ ...window, return: '2031-01-01T09:00' }), 'return');
    expectInvalid(await availability({ ...window, brand: 'avis' }), 'brand');

    expectInvalid(await hit({ key: '', limit: 1, window_seconds: 1 }), 'key');
    expectInvalid(await hit({ key: 'k'.repeat(256), limit: 1, window_seconds: 1 }), 'key');
    expectInvalid(await hit({ key: 'k', limit: 0, window_seconds: 1 }), 'limit');
    expectInvalid(await hit({ key: 'k', limit: 1, window_seconds: 0.5 }), 'window_seconds');
    expectInvalid(await hit(null), null);

    // A body that is not JSON at all: Directus' own parser refuses it, also with 400 INVALID_PAYLOAD.
    const response = await fetch(`${requireEnv('CONTENT_URL')}/booking/reservations`, {
      method: 'POST', headers: { authorization: `Bearer ${storefront}`, 'content-type': 'application/json' }, body: '{"car":',
    });
    expect(response.status).toBe(400);
    expect(await reservationsOf(carA)).toEqual([]);
  });
});

describe('reservations against the stock', () => {
  it('gives 3 of 40 simultaneous bookings of a car with 3 units, and refuses the other 37 as sold out', async () => {
    const bodies = Array.from({ length: 40 }, () => reservation());
    const results = await Promise.all(bodies.map((body) => book(body)));
    const created = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status === 409);
    for (const result of created) testRows.track(`/items/reservations/${recordId(dataOf(result).id)}`);
    expect(results.filter((r) => r.status !== 201 && r.status !== 409).map((r) => `${r.status} ${r.text.slice(0, 200)}`)).toEqual([]);
    expect(created).toHaveLength(3);
    expect(refused).toHaveLength(37);
    for (const result of refused) expectSoldOut(result);
    const rows = await reservationsOf(carA);
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r.idempotency_key).sort()).toEqual(created.map((r) => dataOf(r).idempotency_key).sort());
  });

  it('answers 201 with the whole row as created, the quote lines, extras and young-driver fee included', async () => {
    // Ids as the storefront may send them: decimal strings, as Directus accepts at /items.
    const body = reservation({ car: String(carB), pickup_branch: String(branch), pickup_date: '2031-04-01T09:30', return_date: '2031-04-03T09:30', young_driver_fee: 3000 });
    const row = expectCreated(await book(body));
    expect(row).toMatchObject({
      idempotency_key: body.idempotency_key, reservation_number: body.reservation_number, car: carB, pickup_branch: branch,
      pickup_date: '2031-04-01T09:30:00', return_date: '2031-04-03T09:30:00', status: 'unpaid', total: 7918,
      lines: body.lines, extras: body.extras, young_driver_fee: 3000, cancelled_at: null,
    });
    expect(Date.parse(row.date_created)).toBeGreaterThan(Date.now() - 5 * 60_000);
    // Another request (another key) reusing the reservation number: Directus' own unique check answers.
    const duplicate = await book(reservation({ car: carB, reservation_number: body.reservation_number, pickup_date: '2031-04-10T09:30', return_date: '2031-04-11T09:30' }));
    expect(duplicate.status, duplicate.text.slice(0, 200)).toBe(400);
    expect(errorCode(duplicate)).toBe('RECORD_NOT_UNIQUE');
    expect(duplicate.text).toContain('reservation_number');
  });

  it('records the sales channel the storefront names, else the one its key tells, and the total in dollars', async () => {
    const dates = (day: number) => ({ car: carB, pickup_date: `2032-10-${String(day).padStart(2, '0')}T10:00`, return_date: `2032-10-${String(day + 1).padStart(2, '0')}T10:00` });
    // A client of the public API may send a key that looks like the pages': what the storefront says wins.
    const viaApi = expectCreated(await book({ ...reservation({ ...dates(1), idempotency_key: `draft-${suffix}-api` }), booked_via: 'api' }));
    const web = expectCreated(await book({ ...reservation(dates(4)), booked_via: 'web' }));
    const unsaid = expectCreated(await book(reservation({ ...dates(7), idempotency_key: `draft-${suffix}-page` })));
    expect([viaApi.channel, web.channel, unsaid.channel]).toEqual(['api', 'web', 'web']);
    expect(web.total_usd).toBe(79.18);
    // Staff writing a reservation in the admin: the channel its fields tell, and the dollars follow a new total.
    const written = await api<Omit<Reservation, 'id'> & { id: number }>('/items/reservations', { method: 'POST', token: admin, body: reservation({ ...dates(10), idempotency_key: `partner-${suffix}`, total: 12_345 }) });
    expect(written.status, written.text.slice(0, 300)).toBe(200);
    const row = dataOf(written);
    testRows.track(`/items/reservations/${row.id}`);
    expect([row.channel, row.total_usd]).toEqual(['api', 123.45]);
    const retotalled = await api<Omit<Reservation, 'id'> & { id: number }>(`/items/reservations/${row.id}`, { method: 'PATCH', token: admin, body: { total: 5_000 } });
    expect(dataOf(retotalled).total_usd).toBe(50);
  });

  it('books once for one idempotency key, sent twice or many times at once', async () => {
    const body = reservation({ car: carB, pickup_date: '2031-05-01T10:00', return_date: '2031-05-02T10:00' });
    const first = expectCreated(await book(body));
    const again = await book(body);
    expect(again.status, again.text.slice(0, 200)).toBe(200);
    expect(dataOf(again).id).toBe(first.id);
    expect(again.body.meta).toEqual({ replayed: true });

    const concurrent = reservation({ car: carA, pickup_date: '2031-05-10T10:00', return_date: '2031-05-11T10:00' });
    const results = await Promise.all(Array.from({ length: 8 }, () => book(concurrent)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses, results.map((r) => r.text.slice(0, 120)).join('\n')).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    const ids = new Set(results.map((r) => dataOf(r).id));
    expect(ids.size).toBe(1);
    testRows.track(`/items/reservations/${recordId([...ids][0] ?? '')}`);
    const rows = (await reservationsOf(carA)).filter((r) => r.idempotency_key === concurrent.idempotency_key);
    expect(rows).toHaveLength(1);

    // The same key for two cars at once: the two requests lock different stock rows and meet at the unique index.
    const shared = reservation({ pickup_date: '2031-05-20T10:00', return_date: '2031-05-21T10:00' });
    const pair = await Promise.all([book({ ...shared, car: carA }), book({ ...shared, car: carB })]);
    expect(pair.map((r) => r.status).sort(), pair.map((r) => r.text.slice(0, 200)).join('\n')).toEqual([200, 201]);
    expect(new Set(pair.map((r) => dataOf(r).id)).size).toBe(1);
    testRows.track(`/items/reservations/${recordId(dataOf(pair[0]).id)}`);
  });

  it('frees the unit of a cancelled reservation', async () => {
    const dates = { car: carB, pickup_date: '2031-06-01T10:00', return_date: '2031-06-05T10:00' };
    const first = expectCreated(await book(reservation(dates)));
    expectSoldOut(await book(reservation(dates)));
    const cancelled = await change(first.id, { status: 'cancelled' });
    expect(cancelled.status, cancelled.text.slice(0, 200)).toBe(200);
    expect(dataOf(cancelled).status).toBe('cancelled');
    expect(Date.parse(dataOf(cancelled).cancelled_at ?? '')).toBeGreaterThan(Date.now() - 5 * 60_000);
    expectCreated(await book(reservation(dates)));
    // Taking the cancelled one back needs a free unit, which is gone now.
    expectSoldOut(await change(first.id, { status: 'unpaid', cancelled_at: null }));
  });

  it('raises the revision once per change of the calendar event or cancellation, and e-mails each revision once', async () => {
    const first = expectCreated(await book(reservation({ car: carA, pickup_date: '2031-06-10T10:00', return_date: '2031-06-12T10:00' })));
    expect(first).toMatchObject({ revision: 0, notified_revision: null });
    const notice = (revision: unknown) => api<{ claimed: boolean }>(`/booking/reservations/${first.id}/notices`, { method: 'POST', token: storefront, body: { revision } });
    const release = (revision: number) => api<{ released: boolean }>(`/booking/reservations/${first.id}/notices/${revision}`, { method: 'DELETE', token: storefront });

    // New dates: one more. The same dates again, a total or a payment: no change of the event.
    const moved = await change(first.id, { return_date: '2031-06-13T10:00', total: 9000 });
    expect(dataOf(moved).revision).toBe(1);
    expect(dataOf(await change(first.id, { return_date: '2031-06-13T10:00:00', total: 9100 })).revision).toBe(1);
    expect(dataOf(await change(first.id, { status: 'paid', payment_type: 'card' })).revision).toBe(1);
    expectInvalid(await change(first.id, { revision: 7 }), 'revision');

    // Two claims of revision 1 at once: one wins. An older or a future revision is not claimed.
    const claims = await Promise.all([notice(1), notice(1), notice(1)]);
    expect(claims.map((result) => result.status)).toEqual([200, 200, 200]);
    expect(claims.map((result) => dataOf(result).claimed).sort()).toEqual([false, false, true]);
    expect(dataOf(await notice(0)).claimed).toBe(false);
    expect(dataOf(await notice(2)).claimed).toBe(false);
    // Given back (the e-mail failed), it can be claimed again, once.
    expect(dataOf(await release(1)).released).toBe(true);
    expect(dataOf(await notice(1)).claimed).toBe(true);
    expect(dataOf(await notice(1)).claimed).toBe(false);

    // Cancelled: one more, whoever cancels; staff editing the dates in the admin raise it too.
    const cancelled = await change(first.id, { status: 'cancelled' });
    expect(dataOf(cancelled).revision).toBe(2);
    expect(dataOf(await notice(2)).claimed).toBe(true);
    const edited = await api<Reservation>(`/items/reservations/${recordId(first.id)}`, { method: 'PATCH', token: admin, body: { pickup_date: '2031-06-11T10:00:00' } });
    expect(edited.status, edited.text.slice(0, 200)).toBe(200);
    expect(dataOf(edited)).toMatchObject({ revision: 3, notified_revision: 2 });

    expectInvalid(await notice(-1), 'revision');
    expectInvalid(await api(`/booking/reservations/${first.id}/notices`, { method: 'POST', token: storefront, body: { revision: 1, kind: 'x' } }), 'kind');
    expect((await api(`/booking/reservations/${recordId(first.id)}.forged/notices`, { method: 'POST', token: storefront, body: { revision: 1 } })).status).toBe(404);
    expect((await api(`/booking/reservations/${first.id}/notices`, { method: 'POST', token: null, body: { revision: 1 } })).status).toBe(401);
  });

  it('keeps a returned car for the turnaround buffer before its next rental', async () => {
    const returnAt = '2031-07-03T10:00';
    expectCreated(await book(reservation({ car: carB, pickup_date: '2031-07-01T10:00', return_date: returnAt })));
    if (bufferMinutes > 0) {
      // Starting within the buffer after the return, and ending within the buffer before the pickup: refused.
      expectSoldOut(await book(reservation({ car: carB, pickup_date: shift(returnAt, bufferMinutes - 1), return_date: '2031-07-06T10:00' })));
      expectSoldOut(await book(reservation({ car: carB, pickup_date: '2031-06-28T10:00', return_date: shift('2031-07-01T10:00', 1 - bufferMinutes) })));
    }
    // Once the buffer is over (and ending a buffer before the pickup): accepted.
    expectCreated(await book(reservation({ car: carB, pickup_date: shift(returnAt, bufferMinutes), return_date: '2031-07-06T10:00' })));
    expectCreated(await book(reservation({ car: carB, pickup_date: '2031-06-28T10:00', return_date: shift('2031-07-01T10:00', -bufferMinutes) })));
  });

  it('stops counting an unpaid prepaid reservation once its payment hold has run out', async () => {
    const dates = { car: carB, pickup_date: '2031-08-01T10:00', return_date: '2031-08-02T10:00' };
    const prepaid = expectCreated(await book(reservation({ ...dates, reservation_type: 'prepaid', status: 'unpaid' })));
    expectSoldOut(await book(reservation(dates)));
    // Staff may set the creation time; here it stands for a renter who left the payment page longer ago than the hold.
    const earlier = new Date(Date.now() - (holdMinutes + 5) * 60_000).toISOString();
    const aged = await api<Reservation>(`/items/reservations/${recordId(prepaid.id)}`, { method: 'PATCH', token: admin, body: { date_created: earlier } });
    expect(aged.status, aged.text.slice(0, 200)).toBe(200);
    expect(Math.abs(Date.parse(dataOf(aged).date_created) - Date.parse(earlier))).toBeLessThan(2000);
    const postpaid = expectCreated(await book(reservation(dates)));
    // A payment arriving after the hold needs a unit again: there is none left.
    expectSoldOut(await change(prepaid.id, { status: 'paid', payment_type: 'card' }));
    // A paid prepaid reservation, however old, keeps its unit.
    expect((await change(postpaid.id, { status: 'cancelled' })).status).toBe(200);
    const paid = await change(prepaid.id, { status: 'paid', payment_type: 'card' });
    expect(paid.status, paid.text.slice(0, 200)).toBe(200);
    expectSoldOut(await book(reservation(dates)));
  });

  it('checks the stock when a reservation moves, and answers 404 for an unknown one', async () => {
    const row = expectCreated(await book(reservation({ car: carB, pickup_date: '2031-09-01T10:00', return_date: '2031-09-02T10:00' })));
    expectCreated(await book(reservation({ car: carB, pickup_date: '2031-09-10T10:00', return_date: '2031-09-12T10:00' })));
    expectSoldOut(await change(row.id, { pickup_date: '2031-09-11T10:00', return_date: '2031-09-13T10:00' }));
    const moved = await change(row.id, { pickup_date: '2031-09-20T10:00', return_date: '2031-09-22T10:00', total: 9900, lines: [{ code: 'car', label: 'Car, 2 days', amount: 9900 }] });
    expect(moved.status, moved.text.slice(0, 200)).toBe(200);
    expect(dataOf(moved)).toMatchObject({ pickup_date: '2031-09-20T10:00:00', return_date: '2031-09-22T10:00:00', total: 9900 });
    // Changes that do not move it need no free unit (the car is fully booked on its own dates).
    expect((await change(row.id, { client_phone: '+50760000000' })).status).toBe(200);
    expectInvalid(await change(row.id, { return_date: '2031-09-19T10:00' }), 'return_date');
    expectInvalid(await change(row.id, { idempotency_key: 'another' }), 'idempotency_key');
    const missing = await change(2_000_000_000, { status: 'paid' });
    expect(missing.status, missing.text.slice(0, 200)).toBe(404);
    expect(errorCode(missing)).toBe('NOT_FOUND');
  });

  it('counts every car of a branch in availability with the same rule', async () => {
    const during = await availability({ branch, pickup: '2031-03-11T08:00', return: '2031-03-11T18:00', brand: 'firefly' });
    expect(during.status, during.text.slice(0, 200)).toBe(200);
    expect(dataOf(during)).toEqual([{ car: carA, units: 3, occupied: 3 }, { car: carB, units: 1, occupied: 0 }].sort((a, b) => a.car - b.car));
    // Within the buffer after those rentals return (2031-03-12 10:00), and after it.
    const justAfter = await availability({ branch, pickup: shift('2031-03-12T10:00', Math.max(bufferMinutes - 1, 0)), return: '2031-03-14T10:00', brand: 'firefly' });
    expect(dataOf(justAfter).find((a) => a.car === carA)?.occupied).toBe(bufferMinutes > 0 ? 3 : 0);
    const later = await availability({ branch, pickup: shift('2031-03-12T10:00', bufferMinutes), return: '2031-03-14T10:00', brand: 'firefly' });
    expect(dataOf(later).find((a) => a.car === carA)?.occupied).toBe(0);
    // The cancelled reservation of 2031-06 is not counted; its replacement is.
    const june = await availability({ branch, pickup: '2031-06-02T10:00', return: '2031-06-03T10:00', brand: 'firefly' });
    expect(dataOf(june).find((a) => a.car === carB)).toEqual({ car: carB, units: 1, occupied: 1 });
    const empty = await availability({ branch: 2_000_000_000, pickup: '2031-06-02T10:00', return: '2031-06-03T10:00', brand: 'firefly' });
    expect(dataOf(empty)).toEqual([]);
  });
});

describe('the flight number of a delivery option that meets the renter\'s flight', () => {
  it('is required with such an option, checked and kept upper case without a space, and never dropped by a change', async () => {
    const meetGreet = (await create<{ id: number }>('delivery_options', { status: 'draft', code: `MG_${suffix}`.toUpperCase(), price: 1500, needs_flight_number: true })).id;
    const hotel = (await create<{ id: number }>('delivery_options', { status: 'draft', code: `HOTEL_${suffix}`.toUpperCase(), price: 2000, needs_flight_number: false })).id;
    const dates = { pickup_date: '2033-05-10T10:00', return_date: '2033-05-12T10:00' };
    const before = (await reservationsOf(carA)).length;

    expectInvalid(await book(reservation({ ...dates, delivery_option: meetGreet })), 'flight_number');
    expectInvalid(await book(reservation({ ...dates, delivery_option: meetGreet, flight_number: '  ' })), 'flight_number');
    expectInvalid(await book(reservation({ ...dates, delivery_option: meetGreet, flight_number: 'Copa 123' })), 'flight_number');
    expectInvalid(await book(reservation({ ...dates, delivery_option: hotel, flight_number: 'tomorrow' })), 'flight_number');
    // Refused ones write nothing (other tests of this file book the same car).
    expect(await reservationsOf(carA)).toHaveLength(before);

    const booked = expectCreated(await book(reservation({ ...dates, delivery_option: meetGreet, flight_number: 'cm 123' })));
    expect(booked.flight_number).toBe('CM123');
    // Another option needs none.
    expect(expectCreated(await book(reservation({ ...dates, delivery_option: hotel }))).flight_number).toBeNull();

    // A change may correct the flight, never leave the meet & greet without one.
    expectInvalid(await change(booked.id, { flight_number: '' }), 'flight_number');
    expectInvalid(await change(booked.id, { flight_number: null }), 'flight_number');
    const corrected = await change(booked.id, { flight_number: 'av 24' });
    expect(corrected.status, corrected.text.slice(0, 300)).toBe(200);
    expect(dataOf(corrected).flight_number).toBe('AV24');
    const toHotel = await change(booked.id, { delivery_option: hotel, flight_number: null });
    expect(toHotel.status, toHotel.text.slice(0, 300)).toBe(200);
    expectInvalid(await change(booked.id, { delivery_option: meetGreet }), 'flight_number');
  });
});

describe('reservations per client (hold_limit)', () => {
  it('counts only the bookings it writes, refuses past the limit with 429 and Retry-After, and writes nothing then', async () => {
    const holdLimit = { key: `reservations:${suffix}`, limit: 2, window_seconds: 60 };
    const first = reservation({ car: carB, pickup_date: '2032-01-01T10:00', return_date: '2032-01-02T10:00', hold_limit: holdLimit });
    expectCreated(await book(first));
    // A replay and a sold-out attempt write nothing, so they count nothing.
    expect((await book(first)).status).toBe(200);
    expectSoldOut(await book(reservation({ car: carB, pickup_date: '2032-01-01T12:00', return_date: '2032-01-02T10:00', hold_limit: holdLimit })));
    expectCreated(await book(reservation({ pickup_date: '2032-01-01T10:00', return_date: '2032-01-02T10:00', hold_limit: holdLimit })));

    const dates = { pickup_date: '2032-01-05T10:00', return_date: '2032-01-06T10:00' };
    const third = reservation({ ...dates, hold_limit: holdLimit });
    const refused = await book(third);
    expect(refused.status, refused.text.slice(0, 300)).toBe(429);
    expect(errorCode(refused)).toBe('TOO_MANY_RESERVATIONS');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(55);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.body.errors?.[0]?.extensions).toMatchObject({ retry_after_seconds: retryAfter });
    expect((await reservationsOf(carA)).filter((r) => r.idempotency_key === third.idempotency_key)).toEqual([]);
    // Another client, and a booking without a limit, are not affected.
    expectCreated(await book(reservation({ ...dates, hold_limit: { ...holdLimit, key: `reservations:other-${suffix}` } })));
    expectCreated(await book(reservation(dates)));
  });

  it('gives the last allowed booking to one of several simultaneous requests', async () => {
    const holdLimit = { key: `reservations:burst-${suffix}`, limit: 1, window_seconds: 60 };
    const results = await Promise.all(
      ['2032-02-01', '2032-02-03', '2032-02-05', '2032-02-07'].map((date) => book(reservation({ pickup_date: `${date}T10:00`, return_date: `${date}T18:00`, hold_limit: holdLimit }))),
    );
    expect(results.map((r) => r.status).sort(), results.map((r) => r.text.slice(0, 120)).join('\n')).toEqual([201, 429, 429, 429]);
    for (const result of results.filter((r) => r.status === 201)) testRows.track(`/items/reservations/${recordId(dataOf(result).id)}`);
  });

  it('answers 400 naming the part of a malformed hold_limit', async () => {
    expectInvalid(await book(reservation({ hold_limit: 'ten' })), 'hold_limit');
    expectInvalid(await book(reservation({ hold_limit: { key: '', limit: 1, window_seconds: 60 } })), 'hold_limit.key');
    expectInvalid(await book(reservation({ hold_limit: { key: 'k', limit: 0, window_seconds: 60 } })), 'hold_limit.limit');
    expectInvalid(await book(reservation({ hold_limit: { key: 'k', limit: 1, window_seconds: 0 } })), 'hold_limit.window_seconds');
  });
});

describe('rate limit', () => {
  it('allows `limit` hits in a window, then refuses with the seconds until it ends', async () => {
    const body = { key: `form:${suffix}`, limit: 3, window_seconds: 60 };
    const results: RateLimit[] = [];
    for (let i = 0; i < 4; i++) results.push(dataOf(await hit(body)));
    expect(results.slice(0, 3)).toEqual([
      { allowed: true, remaining: 2, retry_after_seconds: 0 },
      { allowed: true, remaining: 1, retry_after_seconds: 0 },
      { allowed: true, remaining: 0, retry_after_seconds: 0 },
    ]);
    const refused = results[3];
    expect(refused?.allowed).toBe(false);
    expect(refused?.remaining).toBe(0);
    expect(refused?.retry_after_seconds).toBeGreaterThanOrEqual(55);
    expect(refused?.retry_after_seconds).toBeLessThanOrEqual(60);
  });

  it('counts simultaneous hits exactly, and starts a new window when the last one ends', async () => {
    const body = { key: `burst:${suffix}`, limit: 5, window_seconds: 3 };
    const results = await Promise.all(Array.from({ length: 20 }, () => hit(body)));
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    expect(results.filter((r) => dataOf(r).allowed)).toHaveLength(5);
    expect(results.map((r) => dataOf(r).remaining).sort((a, b) => a - b)).toEqual([...Array(16).fill(0), 1, 2, 3, 4]);
    await new Promise((resolve) => setTimeout(resolve, 3100));
    expect(dataOf(await hit(body))).toEqual({ allowed: true, remaining: 4, retry_after_seconds: 0 });
  });
});

describe('stock, drafts and counters: who reads and writes them', () => {
  it('keeps one unit per plate, in Panama\'s form, and refuses a VIN that is not one', async () => {
    const [unitId] = await createUnits(create, carA, branch, 1, { colour: 'Blanco' });
    const unit = dataOf(await api<{ plate: string }>(`/items/vehicles/${unitId}`, { token: admin }));
    const again = await api('/items/vehicles', { method: 'POST', token: admin, body: { plate: unit.plate, car: carA, current_branch: branch } });
    expect(again.status, again.text.slice(0, 300)).toBe(400);
    const written = await api<{ plate: string }>('/items/vehicles', { method: 'POST', token: admin, body: { plate: 'zz-99x1', car: carA, current_branch: branch } });
    expect(written.status, written.text.slice(0, 300)).toBe(400);
    expect(written.text).toContain('plate');
    const vin = await api('/items/vehicles', { method: 'POST', token: admin, body: { plate: testPlate(), car: carA, current_branch: branch, vin: 'NOT-A-VIN' } });
    expect(vin.status, vin.text.slice(0, 300)).toBe(400);
    expect((await api(`/items/vehicles/${unitId}`, { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('keeps the units from the storefront and the public: availability is read through /booking', async () => {
    expect((await api('/items/vehicles', { token: storefront })).status).toBe(403);
    expect((await api('/items/vehicles', { method: 'POST', token: storefront, body: { plate: testPlate(), car: carA, current_branch: branch } })).status).toBe(403);
    expect((await api('/items/vehicles')).status).toBe(403);
    // The units alias of a car is left out of the public's `*`.
    const car = await api<Record<string, unknown>>(`/items/flota${qs({ fields: '*', limit: 1 })}`);
    expect(car.status).toBe(200);
    expect(Object.keys(dataOf(car)[0] ?? {})).not.toContain('units');
  });

  it('keeps reservation drafts from everyone at /items; the storefront reaches one only by the reference it was given', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    expect((await api('/items/reservation_drafts', { method: 'POST', token: storefront, body: { data: { step: 1 }, expires_at: expiresAt } })).status).toBe(403);
    const created = await api<{ id: string; data: unknown }>('/booking/drafts', { method: 'POST', token: storefront, body: { data: { step: 1 }, expires_at: expiresAt } });
    expect(created.status, created.text.slice(0, 200)).toBe(201);
    const draft = dataOf(created);
    const uuid = recordId(draft.id);
    testRows.track(`/items/reservation_drafts/${uuid}`);
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);
    const updated = await api(`/booking/drafts/${draft.id}`, { method: 'PATCH', token: storefront, body: { data: { step: 2 }, expires_at: expiresAt } });
    expect(updated.status).toBe(200);
    expect(dataOf(await api<{ data: unknown }>(`/booking/drafts/${draft.id}`, { token: storefront })).data).toEqual({ step: 2 });
    for (const token of [storefront, null]) {
      expect((await api(`/items/reservation_drafts/${uuid}`, { token })).status).toBe(403);
      expect((await api(`/items/reservation_drafts/${uuid}`, { method: 'DELETE', token })).status).toBe(403);
    }
    expect((await api(`/booking/drafts/${draft.id}`)).status).toBe(401);
    expect((await api('/items/rate_limits', { token: storefront })).status).toBe(403);
    expect((await api('/items/rate_limits')).status).toBe(403);
  });
});
