// What the counter reads (extension counter, read.ts; docs/counter.md, "Reading at the counter") against a live instance
// (CONTENT_URL): who may read (any Counter staff member, of any branch, and administrators; 401 and 403 as the actions),
// one reservation shaped for the counter (renter, bill, payments, pre-check-in, drivers, what this caller may do), a car
// not back in time (overdue) and the warning on the next booking of its unit, and a branch's day. Every row it needs is
// created here through the admin (two draft branches, unpublished cars) and removed at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, createdRows, createUnits, dataOf, errorCode, firstOf, panamaClock, qs, requireEnv, uniqueSuffix } from './helpers';

type Allowed = { allowed: true } | { allowed: false; reason: string };
interface CounterRecord {
  reservation_number: string;
  status: string;
  rental_status: string;
  payment_standing: string;
  pickup_branch: { id: number; code: string; name: string } | null;
  return_branch: { id: number; code: string; name: string } | null;
  pickup_date: string;
  return_date: string;
  car: { id: number; name: string; class: string | null } | null;
  renter: { name: string; email: string | null; phone: string | null; language: string | null };
  lines: Array<{ code: string | null; label: string | null; amount: number }>;
  total: number;
  payments: { paid: number; refunded: number; due: number };
  precheckin: { done: boolean; license_number: string | null; documents: { license_file: string | null; id_file: string | null } | null } | null;
  drivers: Array<{ main: boolean; name: string; license_number: string | null }>;
  overdue: boolean;
  allowed: Record<'pickup' | 'return' | 'no_show', Allowed>;
  late_unit_warning: { reservation_number: string; return_date: string | null } | null;
}
interface DayRow { reservation_number: string; renter_name: string; car: { name: string } | null; rental_status: string; precheckin_done: boolean; overdue: boolean }
interface Day { date: string; branch: { id: number; code: string }; pickups: DayRow[]; returns: DayRow[]; overdue: DayRow[] }

const suffix = uniqueSuffix();
let admin = '';
let storefront = '';
let here = 0;
let there = 0;
let car = 0;
let lateCar = 0;
let roomyCar = 0;
let staffHere = '';
let staffThere = '';
let agent = '';
let counter = 0;
const testRows = createdRows(() => admin);
const create = testRows.create;

async function reservation(overrides: Record<string, unknown> = {}): Promise<{ id: number; number: string }> {
  counter += 1;
  const number = `TR-${suffix}-${counter}`.toUpperCase();
  const { id } = await create<{ id: number }>('reservations', {
    reservation_number: number, brand: 'firefly', status: 'unpaid', reservation_type: 'postpaid', car,
    pickup_branch: here, return_branch: here, pickup_date: panamaClock(60 * 3), return_date: panamaClock(60 * 24 * 2), days: 2,
    client_name: 'Ana', client_last_name: 'Pérez', client_email: 'ana@example.com', client_phone: '+50761234567', language: 'es-ES',
    lines: [{ code: 'car', label: 'Alquiler', amount: 9000 }, { code: 'tax', label: 'ITBMS', amount: 630 }], total: 9630,
    ...overrides,
  });
  return { id, number };
}

const read = (number: string, token: string | null) => api<CounterRecord>(`/counter/reservations/${encodeURIComponent(number)}`, { token });
const day = (token: string | null, params: Record<string, string | number> = {}) => api<Day>(`/counter/today${Object.keys(params).length ? qs(params) : ''}`, { token });
const pickup = (number: string) =>
  api(`/counter/reservations/${encodeURIComponent(number)}/pickup`, { method: 'POST', token: staffHere, body: { mileage: 10_000, fuel_eighths: 8 } });

beforeAll(async () => {
  admin = await adminToken();
  storefront = requireEnv('DIRECTUS_STOREFRONT_TOKEN');
  here = (await create<{ id: number }>('branches', { status: 'draft', code: `RH${suffix}`.slice(0, 12).toUpperCase(), name: `Read here ${suffix}` })).id;
  there = (await create<{ id: number }>('branches', { status: 'draft', code: `RT${suffix}`.slice(0, 12).toUpperCase(), name: `Read there ${suffix}` })).id;
  const newCar = async (model: string, units: number) => {
    const id = (await create<{ id: number }>('flota', { published: false, marca: 'Test', modelo: `${model} ${suffix}`, tipo: 'sedan', clasificacion: 'CDAR', precio_firefly: 3000 })).id;
    await createUnits(create, id, here, units);
    return id;
  };
  car = await newCar('Read', 5);
  lateCar = await newCar('Read late', 1);
  roomyCar = await newCar('Read roomy', 2);
  const roleOf = async (name: string) => firstOf(dataOf(await api<Array<{ id: string }>>(`/roles${qs({ filter: { name: { _eq: name } }, fields: 'id' })}`, { token: admin })), name).id;
  const counterRole = await roleOf('Counter staff');
  staffHere = `read-here-${suffix}`;
  staffThere = `read-there-${suffix}`;
  agent = `read-agent-${suffix}`;
  await create('directus_users', { email: `read-here-${suffix}@example.com`, first_name: 'Marta', last_name: 'Ríos', role: counterRole, branch: here, status: 'active', token: staffHere });
  await create('directus_users', { email: `read-there-${suffix}@example.com`, role: counterRole, branch: there, status: 'active', token: staffThere });
  await create('directus_users', { email: `read-agent-${suffix}@example.com`, role: await roleOf('Corporate agent'), status: 'active', token: agent });
}, 60_000);

afterAll(async () => {
  await testRows.removeAll();
});

describe('who may read at the counter', () => {
  it('answers 401 without a valid token and 403 to users who are not counter staff, on every read', async () => {
    const { number } = await reservation();
    for (const ask of [() => read(number, null), () => read(number, 'not-a-token'), () => day(null), () => api('/counter/me')]) {
      const result = await ask();
      expect(result.status, result.text.slice(0, 200)).toBe(401);
      expect(errorCode(result)).toBe('INVALID_CREDENTIALS');
    }
    for (const token of [agent, storefront]) {
      for (const result of [await read(number, token), await day(token), await api('/counter/me', { token })]) {
        expect(result.status, result.text.slice(0, 200)).toBe(403);
        expect(errorCode(result)).toBe('FORBIDDEN');
      }
    }
  });

  it('tells staff who they are and their branch, and an administrator that they are one', async () => {
    const me = await api<{ first_name: string; email: string; admin: boolean; branch: { id: number; code: string; name: string } | null }>('/counter/me', { token: staffHere });
    expect(me.status, me.text.slice(0, 300)).toBe(200);
    expect(dataOf(me)).toMatchObject({ first_name: 'Marta', email: `read-here-${suffix}@example.com`, admin: false, branch: { id: here, name: `Read here ${suffix}` } });
    expect(dataOf(await api<{ admin: boolean; branch: unknown }>('/counter/me', { token: admin }))).toMatchObject({ admin: true, branch: null });
  });

  it('lets another branch\'s staff read a reservation, with no action allowed to them (other_branch)', async () => {
    const { number } = await reservation();
    const mine = await read(number, staffHere);
    expect(mine.status, mine.text.slice(0, 300)).toBe(200);
    expect(dataOf(mine).allowed).toEqual({ pickup: { allowed: true }, return: { allowed: false, reason: 'not_picked_up' }, no_show: { allowed: false, reason: 'pickup_time_not_reached' } });
    const theirs = await read(number, staffThere);
    expect(theirs.status, theirs.text.slice(0, 300)).toBe(200);
    expect(dataOf(theirs).allowed).toEqual({ pickup: { allowed: false, reason: 'other_branch' }, return: { allowed: false, reason: 'not_picked_up' }, no_show: { allowed: false, reason: 'pickup_time_not_reached' } });
    expect(dataOf(await read(number, admin)).allowed.pickup).toEqual({ allowed: true });
  });

  it('answers 404 for a number that is no reservation, and for one that cannot be a number', async () => {
    for (const number of [`TR-${suffix}-NONE`, 'FF 7K3M9Q!']) {
      const result = await read(number, staffHere);
      expect(result.status).toBe(404);
      expect(errorCode(result)).toBe('NOT_FOUND');
    }
  });
});

describe('a reservation at the counter', () => {
  it('shows the renter, the booking, its bill, what is paid and due, the pre-check-in and the drivers', async () => {
    const { id, number } = await reservation();
    await create('payments', { reservation: id, kind: 'charge', provider: 'metrobank', status: 'succeeded', amount: 5000, idempotency_key: `read-${suffix}-1` });
    await create('payments', { reservation: id, kind: 'charge', provider: 'metrobank', status: 'failed', amount: 4630, idempotency_key: `read-${suffix}-2` });
    await create('precheckins', {
      reservation: id, status: 'paid', contact_email: 'ana@example.com', license_number: 'LIC-123', license_country: 'PA', license_expiry: '2035-01-01',
      additional_drivers: [{ first_name: 'Luis', last_name: 'Gómez', birthday: '1990-05-01', license_number: 'LIC-456', license_country: 'CO', license_expiry: '2034-01-01' }],
    });
    const record = dataOf(await read(number.toLowerCase(), staffHere));
    expect(record).toMatchObject({
      reservation_number: number,
      status: 'unpaid',
      rental_status: 'booked',
      payment_standing: 'payAtPickup',
      pickup_branch: { id: here },
      return_branch: { id: here },
      pickup_date: panamaClock(60 * 3),
      car: { id: car, name: `Test Read ${suffix}`, class: 'CDAR' },
      renter: { name: 'Ana Pérez', email: 'ana@example.com', phone: '+50761234567', language: 'es-ES' },
      lines: [{ code: 'car', label: 'Alquiler', amount: 9000 }, { code: 'tax', label: 'ITBMS', amount: 630 }],
      total: 9630,
      payments: { paid: 5000, refunded: 0, due: 4630 },
      precheckin: { done: true, license_number: 'LIC-123', documents: { license_file: null, id_file: null } },
      overdue: false,
      late_unit_warning: null,
    });
    expect(record.drivers).toEqual([
      expect.objectContaining({ main: true, name: 'Ana Pérez', license_number: 'LIC-123' }),
      expect.objectContaining({ main: false, name: 'Luis Gómez', license_number: 'LIC-456' }),
    ]);
  });

  it('marks a car not back by its booked return as overdue, and warns the next booking of its unit when no other unit is left', async () => {
    const late = await reservation({ car: lateCar, pickup_date: panamaClock(-60 * 24 * 2), return_date: panamaClock(-60) });
    const roomyLate = await reservation({ car: roomyCar, pickup_date: panamaClock(-60 * 24 * 2), return_date: panamaClock(-60) });
    expect((await pickup(late.number)).status).toBe(200);
    expect((await pickup(roomyLate.number)).status).toBe(200);
    const next = await reservation({ car: lateCar });
    const roomyNext = await reservation({ car: roomyCar });

    const lateRecord = dataOf(await read(late.number, staffThere));
    expect(lateRecord).toMatchObject({ rental_status: 'picked_up', overdue: true, late_unit_warning: null });
    expect(lateRecord.allowed.return).toEqual({ allowed: false, reason: 'other_branch' });
    expect(dataOf(await read(late.number, staffHere)).allowed.return).toEqual({ allowed: true });
    expect(dataOf(await read(next.number, staffHere)).late_unit_warning).toEqual({ reservation_number: late.number, return_date: panamaClock(-60) });
    // Two units: the late car keeps one, the next booking has the other.
    expect(dataOf(await read(roomyNext.number, staffHere)).late_unit_warning).toBeNull();
  });
});

describe('the day at a branch', () => {
  it('lists the day\'s pickups and returns at the staff member\'s branch and every car of it not back in time', async () => {
    const pickupDay = panamaClock(60 * 3).slice(0, 10);
    const coming = await reservation({ pickup_date: `${pickupDay}T23:30`, return_date: panamaClock(60 * 24 * 3) });
    await create('precheckins', { reservation: coming.id, status: 'paid' });
    const cancelled = await reservation({ pickup_date: `${pickupDay}T23:00`, status: 'cancelled' });
    const elsewhere = await reservation({ pickup_date: `${pickupDay}T22:00`, pickup_branch: there, return_branch: there });
    const back = await reservation({ pickup_date: panamaClock(-60 * 24 * 3), return_date: `${pickupDay}T23:45` });
    const out = await reservation({ pickup_date: panamaClock(-60 * 24 * 3), return_date: panamaClock(-120) });
    expect((await pickup(out.number)).status).toBe(200);

    const result = await day(staffHere, { date: pickupDay });
    expect(result.status, result.text.slice(0, 300)).toBe(200);
    const list = dataOf(result);
    expect(list).toMatchObject({ date: pickupDay, branch: { id: here } });
    const numbers = (rows: DayRow[]) => rows.map((row) => row.reservation_number);
    expect(numbers(list.pickups)).toContain(coming.number);
    expect(numbers(list.pickups)).not.toContain(cancelled.number);
    expect(numbers(list.pickups)).not.toContain(elsewhere.number);
    expect(list.pickups.find((row) => row.reservation_number === coming.number)).toMatchObject({
      renter_name: 'Ana Pérez', car: { name: `Test Read ${suffix}` }, rental_status: 'booked', precheckin_done: true, overdue: false,
    });
    expect(numbers(list.returns)).toContain(back.number);
    expect(list.overdue.find((row) => row.reservation_number === out.number)).toMatchObject({ rental_status: 'picked_up', overdue: true, precheckin_done: false });

    // Today by default, the staff member's own branch only; an administrator names the branch.
    expect(dataOf(await day(staffHere)).branch.id).toBe(here);
    expect(numbers(dataOf(await day(staffHere)).overdue)).toContain(out.number);
    const other = await day(staffThere, { branch: here });
    expect(other.status).toBe(403);
    expect(errorCode(other)).toBe('OTHER_BRANCH');
    expect(numbers(dataOf(await day(admin, { branch: here, date: pickupDay })).pickups)).toContain(coming.number);
    const noBranch = await day(admin);
    expect(noBranch.status).toBe(400);
    expect(noBranch.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_PAYLOAD', field: 'branch' });
    const badDate = await day(staffHere, { date: '2030-02-30' });
    expect(badDate.body.errors?.[0]?.extensions).toMatchObject({ code: 'INVALID_PAYLOAD', field: 'date' });
  });
});
