// The counter (extension counter, docs/counter.md) against a live instance (CONTENT_URL): who may hand a car over or take
// it back (Counter staff of the reservation's branch, administrators; another branch's staff read but do not act), the
// order of events (409 with the reason), the return's extra charges from the brand's rates, and the stock that follows
// what happened (a late car keeps its unit, a return frees it after the buffer, a no-show at once). Every row it needs is
// created here through the admin (two draft branches, an unpublished car) and removed at the end; the brand's rates it
// sets are put back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG } from './files';
import { adminToken, api, createdRows, createUnits, dataOf, errorCode, firstOf, panamaClock, postForm, qs, requireEnv, type ApiResult, uniqueSuffix } from './helpers';

interface Counted { car: number; units: number; occupied: number }
interface Done {
  reservation_number: string;
  rental_status: string;
  picked_up_by?: string;
  pickup_branch_actual?: number;
  return_charges?: Array<{ code: string; amount: number; quantity?: number }>;
}
interface Site { id: number; fuel_refill_rate_per_eighth: number | null; late_return_hourly_rate: number | null; late_return_grace_minutes: number | null; tax_rate_percent: number | null; turnaround_buffer_minutes: number | null }

const suffix = uniqueSuffix();
const password = `counter-${suffix}-pw`;
let admin = '';
let storefront = '';
let here = 0;
let there = 0;
let car = 0;
// One unit each, for the stock tests alone (the other tests' bookings of `car` would count too).
let lateCar = 0;
let noShowCar = 0;
let staffHere = '';
let staffThere = '';
let agent = '';
let site: Site | undefined;
let bufferMinutes = 120;
let counter = 0;
const testRows = createdRows(() => admin);
const create = testRows.create;

/** A reservation at `here` written by the admin (the counter acts on bookings whatever their dates), its number. */
async function reservation(overrides: Record<string, unknown> = {}): Promise<string> {
  counter += 1;
  const number = `TC-${suffix}-${counter}`.toUpperCase();
  await create('reservations', {
    reservation_number: number, brand: 'firefly', status: 'paid', reservation_type: 'postpaid', car,
    pickup_branch: here, return_branch: here, pickup_date: panamaClock(-60), return_date: panamaClock(60 * 24), days: 1,
    client_name: 'Ana', client_last_name: 'Pérez', client_email: 'ana@example.com', language: 'es-ES', total: 5000,
    ...overrides,
  });
  return number;
}

const act = (number: string, action: 'pickup' | 'return' | 'no-show', body: unknown, token: string | null) =>
  api<Done>(`/counter/reservations/${encodeURIComponent(number)}/${action}`, { method: 'POST', token, body });
const pickup = (number: string, token = staffHere, body: unknown = { mileage: 10_000, fuel_eighths: 8, notes: 'Rayón en la puerta' }) => act(number, 'pickup', body, token);
const giveBack = (number: string, token = staffHere, body: unknown = { mileage: 10_400, fuel_eighths: 8 }) => act(number, 'return', body, token);
const noShow = (number: string, token = staffHere) => act(number, 'no-show', {}, token);
const occupied = async (which: number, from: string, to: string) => {
  const result = await api<Counted[]>(`/booking/availability${qs({ branch: here, pickup: from, return: to, brand: 'firefly' })}`, { token: storefront });
  return firstOf(dataOf(result).filter((row) => row.car === which), 'the test car').occupied;
};

function expectConflict(result: ApiResult, reason: string): void {
  expect(result.status, result.text.slice(0, 300)).toBe(409);
  expect(result.body.errors?.[0]?.extensions, result.text.slice(0, 300)).toEqual({ code: 'RENTAL_STATE_CONFLICT', reason });
}

async function rowOf(number: string): Promise<Record<string, unknown>> {
  const result = await api<Array<Record<string, unknown>>>(`/items/reservations${qs({ filter: { reservation_number: { _eq: number } }, fields: '*' })}`, { token: admin });
  return firstOf(dataOf(result), number);
}

beforeAll(async () => {
  admin = await adminToken();
  storefront = requireEnv('DIRECTUS_STOREFRONT_TOKEN');
  here = (await create<{ id: number }>('branches', { status: 'draft', code: `H${suffix}`.slice(0, 12).toUpperCase(), name: `Counter test ${suffix}` })).id;
  there = (await create<{ id: number }>('branches', { status: 'draft', code: `T${suffix}`.slice(0, 12).toUpperCase(), name: `Other counter ${suffix}` })).id;
  car = (await create<{ id: number }>('flota', { published: false, marca: 'Test', modelo: `Counter ${suffix}`, tipo: 'sedan', clasificacion: 'CDAR', precio_firefly: 3000 })).id;
  await createUnits(create, car, here, 1);
  lateCar = (await create<{ id: number }>('flota', { published: false, marca: 'Test', modelo: `Counter late ${suffix}`, tipo: 'sedan', clasificacion: 'CDAR', precio_firefly: 3000 })).id;
  noShowCar = (await create<{ id: number }>('flota', { published: false, marca: 'Test', modelo: `Counter no-show ${suffix}`, tipo: 'sedan', clasificacion: 'CDAR', precio_firefly: 3000 })).id;
  await createUnits(create, lateCar, here, 1);
  await createUnits(create, noShowCar, here, 1);
  const roleOf = async (name: string) => firstOf(dataOf(await api<Array<{ id: string }>>(`/roles${qs({ filter: { name: { _eq: name } }, fields: 'id' })}`, { token: admin })), name).id;
  const counterRole = await roleOf('Counter staff');
  staffHere = `counter-here-${suffix}`;
  staffThere = `counter-there-${suffix}`;
  agent = `counter-agent-${suffix}`;
  await create('directus_users', { email: `here-${suffix}@example.com`, password, role: counterRole, branch: here, status: 'active', token: staffHere });
  await create('directus_users', { email: `there-${suffix}@example.com`, password, role: counterRole, branch: there, status: 'active', token: staffThere });
  await create('directus_users', { email: `agent-${suffix}@example.com`, role: await roleOf('Corporate agent'), status: 'active', token: agent });
  site = firstOf(dataOf(await api<Site[]>(`/items/sites_config${qs({ filter: { brand: { _eq: 'firefly' } }, fields: 'id,fuel_refill_rate_per_eighth,late_return_hourly_rate,late_return_grace_minutes,tax_rate_percent,turnaround_buffer_minutes' })}`, { token: admin })), 'the firefly site');
  bufferMinutes = site.turnaround_buffer_minutes ?? 120;
  const set = await api(`/items/sites_config/${site.id}`, { method: 'PATCH', token: admin, body: { fuel_refill_rate_per_eighth: 600, late_return_hourly_rate: 1000, late_return_grace_minutes: 30, tax_rate_percent: 7 } });
  expect(set.status, set.text.slice(0, 300)).toBe(200);
}, 60_000);

afterAll(async () => {
  if (site) {
    const { id, turnaround_buffer_minutes: _buffer, ...rates } = site;
    await api(`/items/sites_config/${id}`, { method: 'PATCH', token: admin, body: rates });
  }
  await testRows.removeAll();
});

describe('who may act at the counter', () => {
  it('answers 401 without a token and 403 to a user who is not counter staff (a corporate agent, the storefront)', async () => {
    const number = await reservation();
    expect((await pickup(number, '')).status).toBe(401);
    expect((await pickup(number, 'not-a-token')).status).toBe(401);
    for (const token of [agent, storefront]) {
      const result = await pickup(number, token);
      expect(result.status, result.text.slice(0, 200)).toBe(403);
      expect(errorCode(result)).toBe('FORBIDDEN');
    }
    expect((await rowOf(number)).rental_status).toBe('booked');
  });

  it('lets another branch\'s staff read the reservation but not act on it (403 OTHER_BRANCH)', async () => {
    const number = await reservation();
    const read = await api<Array<{ reservation_number: string; rental_status: string }>>(`/items/reservations${qs({ filter: { reservation_number: { _eq: number } }, fields: 'reservation_number,rental_status' })}`, { token: staffThere });
    expect(dataOf(read)).toEqual([{ reservation_number: number, rental_status: 'booked' }]);
    for (const result of [await pickup(number, staffThere), await noShow(number, staffThere)]) {
      expect(result.status, result.text.slice(0, 200)).toBe(403);
      expect(errorCode(result)).toBe('OTHER_BRANCH');
    }
    expect((await rowOf(number)).rental_status).toBe('booked');
  });

  it('gives counter staff no write at /items: the lifecycle goes through the endpoints', async () => {
    const number = await reservation();
    const { id } = await rowOf(number);
    const patched = await api(`/items/reservations/${String(id)}`, { method: 'PATCH', token: staffHere, body: { rental_status: 'returned' } });
    expect(patched.status).toBe(403);
    expect((await rowOf(number)).rental_status).toBe('booked');
  });

  it('answers 404 for a number that is no reservation and 400 naming the field for malformed input', async () => {
    expect((await pickup(`TC-${suffix}-NONE`.toUpperCase())).status).toBe(404);
    const number = await reservation();
    const bad = await pickup(number, staffHere, { mileage: 100, fuel_eighths: 9 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_PAYLOAD', field: 'fuel_eighths' });
    const unknown = await pickup(number, staffHere, { mileage: 100, fuel_eighths: 4, rental_status: 'returned' });
    expect(unknown.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_PAYLOAD', field: 'rental_status' });
    const noFile = await pickup(number, staffHere, { mileage: 100, fuel_eighths: 4, photos: ['5f0c1a2e-8b7d-4c61-9a3e-000000000000'] });
    expect(noFile.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_PAYLOAD', field: 'photos' });
    expect((await rowOf(number)).rental_status).toBe('booked');
  });
});

describe('the order of events', () => {
  it('refuses a return before the pickup, a pickup of a cancelled booking, a no-show before the pickup time', async () => {
    expectConflict(await giveBack(await reservation()), 'not_picked_up');
    expectConflict(await pickup(await reservation({ status: 'cancelled' })), 'reservation_cancelled');
    expectConflict(await noShow(await reservation({ pickup_date: panamaClock(60), return_date: panamaClock(60 * 24) })), 'pickup_time_not_reached');
  });

  it('hands a car over once, records who, where, mileage and fuel, then refuses a second pickup or a no-show', async () => {
    const form = new FormData();
    form.append('file', new Blob([JPEG], { type: 'image/jpeg' }), 'door.jpg');
    const photo = dataOf(await postForm<{ id: string }>('/files', form, admin)).id;
    testRows.track(`/files/${photo}`);
    const number = await reservation();
    const done = await pickup(number, staffHere, { mileage: 10_000, fuel_eighths: 6, notes: ' Rayón en la puerta ', photos: [photo] });
    expect(done.status, done.text.slice(0, 300)).toBe(200);
    expect(dataOf(done)).toMatchObject({ reservation_number: number, rental_status: 'picked_up', pickup_branch_actual: here });
    const row = await rowOf(number);
    expect(row).toMatchObject({ rental_status: 'picked_up', mileage_out: 10_000, fuel_out: 6, pickup_notes: 'Rayón en la puerta', pickup_photos: [photo], pickup_branch_actual: here, status: 'paid' });
    expect(typeof row.picked_up_at).toBe('string');
    expect(typeof row.picked_up_by).toBe('string');
    expectConflict(await pickup(number), 'already_picked_up');
    expectConflict(await noShow(number), 'already_picked_up');
    const lower = await giveBack(number, staffHere, { mileage: 9_999, fuel_eighths: 6 });
    expect(lower.status).toBe(422);
    expect(errorCode(lower)).toBe('MILEAGE_BELOW_PICKUP');
  });

  it('takes a late car back with its charges (missing fuel, started hours past the grace, damage, ITBMS), then nothing more', async () => {
    const number = await reservation({ pickup_date: panamaClock(-60 * 24), return_date: panamaClock(-90) });
    expect((await pickup(number, staffHere, { mileage: 20_000, fuel_eighths: 8 })).status).toBe(200);
    const back = await giveBack(number, staffHere, { mileage: 20_350, fuel_eighths: 5, damage_notes: 'Abolladura', damage_amount: 25_000 });
    expect(back.status, back.text.slice(0, 300)).toBe(200);
    // 90 minutes and a few seconds late, past a 30-minute grace: 2 started hours.
    expect(dataOf(back).return_charges).toEqual([
      { code: 'fuel', quantity: 3, unitAmount: 600, amount: 1800 },
      { code: 'late_return', quantity: 2, unitAmount: 1000, amount: 2000 },
      { code: 'damage', amount: 25_000 },
      { code: 'tax', amount: 266 },
    ]);
    expect(await rowOf(number)).toMatchObject({ rental_status: 'returned', mileage_in: 20_350, fuel_in: 5, damage_notes: 'Abolladura' });
    expectConflict(await giveBack(number), 'already_returned');
    expectConflict(await pickup(number), 'already_returned');
  });

  it('marks a no-show once the pickup time has passed, and nothing more happens to it', async () => {
    const number = await reservation();
    const done = await noShow(number);
    expect(done.status, done.text.slice(0, 300)).toBe(200);
    expect(typeof (await rowOf(number)).no_show_at).toBe('string');
    expectConflict(await pickup(number), 'marked_no_show');
  });
});

describe('the booking API once the counter has acted', () => {
  /** The storefront's reference of a reservation, found as manage booking finds it (number and e-mail). */
  const referenceOf = async (number: string) =>
    dataOf(await api<{ id: string }>('/booking/reservations/find', { method: 'POST', token: storefront, body: { number, email: 'ana@example.com' } })).id;
  const change = (reference: string, body: Record<string, unknown>) => api(`/booking/reservations/${reference}`, { method: 'PATCH', token: storefront, body });

  it('refuses a change of the booking or its cancellation after the pickup, the return or a no-show (409 with the reason)', async () => {
    const stillBooked = await referenceOf(await reservation());
    const pickedUp = await reservation();
    expect((await pickup(pickedUp)).status).toBe(200);
    const returned = await reservation();
    expect((await pickup(returned)).status).toBe(200);
    expect((await giveBack(returned)).status).toBe(200);
    const missed = await reservation();
    expect((await noShow(missed)).status).toBe(200);

    for (const [number, reason] of [[pickedUp, 'already_picked_up'], [returned, 'already_returned'], [missed, 'marked_no_show']] as const) {
      const reference = await referenceOf(number);
      expectConflict(await change(reference, { status: 'cancelled' }), reason);
      expectConflict(await change(reference, { return_date: panamaClock(60 * 48), total: 9000 }), reason);
      expectConflict(await change(reference, { pickup_branch: there }), reason);
      expect(await rowOf(number)).toMatchObject({ status: 'paid', total: 5000, pickup_branch: here });
    }
    // The renter's details are not the booking's terms: they may still be corrected.
    const phone = await change(await referenceOf(pickedUp), { client_phone: '+50761234567' });
    expect(phone.status, phone.text.slice(0, 300)).toBe(200);
    // A booking the counter has not acted on is still the renter's to cancel.
    const cancelled = await change(stillBooked, { status: 'cancelled' });
    expect(cancelled.status, cancelled.text.slice(0, 300)).toBe(200);
  });
});

describe('the stock follows the counter', () => {
  it('keeps a late car\'s unit until it is returned, then frees it after the buffer', async () => {
    const number = await reservation({ car: lateCar, pickup_date: panamaClock(-60 * 24), return_date: panamaClock(-90) });
    const later = [panamaClock(60 * 24 * 7), panamaClock(60 * 24 * 8)] as const;
    expect(await occupied(lateCar, ...later)).toBe(0);
    expect((await pickup(number)).status).toBe(200);
    expect(await occupied(lateCar, ...later)).toBe(1);
    expect((await giveBack(number)).status).toBe(200);
    expect(await occupied(lateCar, ...later)).toBe(0);
    expect(await occupied(lateCar, panamaClock(bufferMinutes - 10), panamaClock(60 * 24))).toBe(1);
    expect(await occupied(lateCar, panamaClock(bufferMinutes + 2), panamaClock(60 * 24))).toBe(0);
  });

  it('frees a no-show\'s unit at once', async () => {
    const number = await reservation({ car: noShowCar, pickup_date: panamaClock(-30), return_date: panamaClock(60 * 48) });
    const during = [panamaClock(60 * 24), panamaClock(60 * 30)] as const;
    expect(await occupied(noShowCar, ...during)).toBe(1);
    expect((await noShow(number)).status).toBe(200);
    expect(await occupied(noShowCar, ...during)).toBe(0);
  });
});

describe('the deposit, the receipt claim and the photos', () => {
  it('records a deposit at pickup and gives it back at the return less what is kept, never more than the deposit nor the charges', async () => {
    const number = await reservation({ pickup_date: panamaClock(-60 * 24), return_date: panamaClock(60 * 24) });
    const half = await pickup(number, staffHere, { mileage: 1_000, fuel_eighths: 8, deposit_amount: 20_000 });
    expect(half.status).toBe(400);
    expect(half.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_PAYLOAD', field: 'deposit_method' });
    expect((await pickup(number, staffHere, { mileage: 1_000, fuel_eighths: 8, deposit_amount: 20_000, deposit_method: 'cash' })).status).toBe(200);
    expect(await rowOf(number)).toMatchObject({ deposit_amount: 20_000, deposit_method: 'cash', deposit_refunded_at: null });
    // 2 eighths missing at 6.00 = 12.00 + ITBMS 0.84 = 12.84 of charges.
    const tooMuch = await giveBack(number, staffHere, { mileage: 1_100, fuel_eighths: 6, deposit_kept_amount: 1_285 });
    expect(tooMuch.status, tooMuch.text.slice(0, 300)).toBe(422);
    expect(tooMuch.body.errors?.[0]?.extensions).toMatchObject({ code: 'DEPOSIT_KEEP_REFUSED', field: 'deposit_kept_amount', reason: 'more_than_charges', max: 1_284 });
    expect((await rowOf(number)).rental_status).toBe('picked_up');
    const back = await giveBack(number, staffHere, { mileage: 1_100, fuel_eighths: 6, deposit_kept_amount: 1_284 });
    expect(back.status, back.text.slice(0, 300)).toBe(200);
    const row = await rowOf(number);
    expect(row).toMatchObject({ rental_status: 'returned', deposit_kept_amount: 1_284 });
    expect(typeof row.deposit_refunded_at).toBe('string');
  });

  it('refuses to keep anything when no deposit was taken', async () => {
    const number = await reservation();
    expect((await pickup(number)).status).toBe(200);
    const back = await giveBack(number, staffHere, { mileage: 10_400, fuel_eighths: 8, deposit_kept_amount: 100 });
    expect(back.status).toBe(422);
    expect(back.body.errors?.[0]?.extensions).toMatchObject({ code: 'DEPOSIT_KEEP_REFUSED', reason: 'no_deposit' });
  });

  it('grants the return receipt once, to the return branch\'s staff, after the return; a claim given back can be taken again', async () => {
    const number = await reservation();
    const claim = (token: string) => api<{ claimed: boolean }>(`/counter/reservations/${number}/receipt`, { method: 'POST', token });
    const before = await claim(staffHere);
    expect(before.status).toBe(409);
    expect(before.body.errors?.[0]?.extensions).toEqual({ code: 'RENTAL_STATE_CONFLICT', reason: 'not_returned' });
    expect((await pickup(number)).status).toBe(200);
    expect((await giveBack(number)).status).toBe(200);
    expect(errorCode(await claim(staffThere))).toBe('OTHER_BRANCH');
    expect((await claim(agent)).status).toBe(403);
    expect(dataOf(await claim(staffHere))).toEqual({ claimed: true });
    expect(dataOf(await claim(staffHere))).toEqual({ claimed: false });
    expect(dataOf(await api(`/counter/reservations/${number}/receipt`, { method: 'DELETE', token: staffHere }))).toEqual({ claimed: true });
    expect(dataOf(await claim(staffHere))).toEqual({ claimed: true });
  });

  it('lets the return\'s charges be collected one way at a time: the other way is told which holds the claim until it is given back', async () => {
    const number = await reservation();
    const path = `/counter/reservations/${number}/collection`;
    const claim = (method: string, token = staffHere) => api<{ claimed: boolean; method: string }>(path, { method: 'POST', token, body: { method } });
    expect(errorCode(await claim('card_on_file'))).toBe('RENTAL_STATE_CONFLICT');
    expect((await pickup(number)).status).toBe(200);
    expect((await giveBack(number)).status).toBe(200);
    const malformed = await claim('cash');
    expect(malformed.status).toBe(400);
    expect(malformed.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_PAYLOAD', field: 'method' });
    expect(errorCode(await claim('counter', staffThere))).toBe('OTHER_BRANCH');
    expect(dataOf(await claim('card_on_file'))).toEqual({ claimed: true, method: 'card_on_file' });
    // The same way again (a retry under the same idempotency key) keeps it; the other way is refused with the holder.
    expect(dataOf(await claim('card_on_file'))).toEqual({ claimed: true, method: 'card_on_file' });
    expect(dataOf(await claim('counter'))).toEqual({ claimed: false, method: 'card_on_file' });
    // Only the holder gives it back (a declined card); then the counter may collect.
    expect(dataOf(await api(path, { method: 'DELETE', token: staffHere, body: { method: 'counter' } }))).toEqual({ released: false });
    expect(dataOf(await api(path, { method: 'DELETE', token: staffHere, body: { method: 'card_on_file' } }))).toEqual({ released: true });
    expect(dataOf(await claim('counter'))).toEqual({ claimed: true, method: 'counter' });
    expect((await rowOf(number)).return_collection).toBe('counter');
  });

  it('stores counter staff\'s photos in the private folder they read, JPEG or PNG only, and nobody else may upload there', async () => {
    const upload = (token: string | null, bytes: typeof JPEG, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type }), 'car.jpg');
      return postForm<{ id: string }>('/counter/photos', form, token);
    };
    const stored = await upload(staffHere, JPEG, 'image/jpeg');
    expect(stored.status, stored.text.slice(0, 300)).toBe(201);
    const { id } = dataOf(stored);
    testRows.track(`/files/${id}`);
    const file = await api<{ folder: string }>(`/files/${id}${qs({ fields: 'folder' })}`, { token: staffHere });
    expect(file.status).toBe(200);
    expect(dataOf(file).folder).toBe('5f0c1a2e-8b7d-4c61-9a3e-0d6b2f4e7a34');
    expect((await api(`/files/${id}`, { token: storefront })).status).toBe(403);
    expect((await upload(staffHere, Buffer.from('not an image'), 'image/jpeg')).status).toBe(415);
    expect((await upload(agent, JPEG, 'image/jpeg')).status).toBe(403);
    expect((await upload(null, JPEG, 'image/jpeg')).status).toBe(401);
    const number = await reservation();
    expect((await pickup(number, staffHere, { mileage: 1, fuel_eighths: 8, photos: [id] })).status).toBe(200);
  });
});
