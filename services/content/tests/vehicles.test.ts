// Units (`vehicles`, docs/fleet.md) against a live instance (CONTENT_URL): a one-way rental moves its car, a unit in
// maintenance is offered for nothing, every booking holds a unit and is assigned one before pickup, a late return moves
// the next renter to another unit or onto "needs a car", the counter's board, state changes and assignments (who may,
// and 409 with the reason), and a pickup that checks the plate. Every row it needs is created here through the admin
// (draft branches, unpublished cars) and removed at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, createdRows, createUnits, dataOf, errorCode, firstOf, panamaClock, qs, requireEnv, uniqueSuffix } from './helpers';

interface Counted { car: number; units: number; occupied: number }
interface Booked { id: string; reservation_number: string }
interface Unit { id: number; plate: string; status: string; current_branch: number; mileage: number; fuel_eighths: number }
interface CounterRead { vehicle: { plate: string; colour: string | null; bay: string | null; car: { id: number | null; name: string } } | null; needs_vehicle: boolean; vehicle_assignment: string | null }
interface Board { branch: number; may_act: boolean; counts: Record<string, number>; vehicles: Array<{ plate: string; state: string; status: string; rental: { reservation_number: string; late: boolean } | null }> }

const suffix = uniqueSuffix();
let admin = '';
let storefront = '';
let david = 0;
let tocumen = 0;
let staffDavid = '';
let staffTocumen = '';
let bufferMinutes = 120;
let counter = 0;
const testRows = createdRows(() => admin);
const create = testRows.create;

async function model(name: string, classCode = 'CDAR'): Promise<number> {
  return (await create<{ id: number }>('flota', { published: false, marca: 'Test', modelo: `${name} ${suffix}`, tipo: 'sedan', clasificacion: classCode, precio_firefly: 3000 })).id;
}

async function book(car: number, pickup: string, returnAt: string, overrides: Record<string, unknown> = {}) {
  counter += 1;
  const result = await api<Booked>('/booking/reservations', {
    method: 'POST', token: storefront,
    body: {
      idempotency_key: `units-${suffix}-${counter}`, reservation_number: `TU-${suffix}-${counter}`.toUpperCase(), brand: 'firefly', status: 'paid',
      reservation_type: 'postpaid', car, pickup_branch: david, return_branch: david, pickup_date: pickup, return_date: returnAt, days: 1,
      client_name: 'Ana', client_last_name: 'Pérez', client_email: 'ana@example.com', language: 'es-ES', total: 5000, ...overrides,
    },
  });
  if (result.status === 201) testRows.track(`/items/reservations/${dataOf(result).id.split('.')[0] ?? ''}`);
  return result;
}

async function booked(car: number, pickup: string, returnAt: string, overrides: Record<string, unknown> = {}): Promise<Booked> {
  const result = await book(car, pickup, returnAt, overrides);
  expect(result.status, result.text.slice(0, 300)).toBe(201);
  return dataOf(result);
}

const rowOf = async (reference: string) => dataOf(await api<{ vehicle: number | null; vehicle_assigned_at: string | null; needs_vehicle_since: string | null }>(
  `/items/reservations/${reference.split('.')[0] ?? ''}${qs({ fields: 'vehicle,vehicle_assigned_at,needs_vehicle_since' })}`, { token: admin }));
const unitOf = async (id: number) => dataOf(await api<Unit>(`/items/vehicles/${id}`, { token: admin }));
const counted = async (car: number, branch: number, pickup: string, returnAt: string, returnBranch = branch): Promise<Counted | undefined> =>
  dataOf(await api<Counted[]>(`/booking/availability${qs({ branch, return_branch: returnBranch, pickup, return: returnAt, brand: 'firefly' })}`, { token: storefront }))
    .find((row) => row.car === car);
const counterRead = async (number: string, token = staffDavid) => dataOf(await api<CounterRead>(`/counter/reservations/${number}`, { token }));
const act = (number: string, action: string, body: unknown, token = staffDavid) => api(`/counter/reservations/${number}/${action}`, { method: 'POST', token, body });
const setStatus = (plate: string, body: unknown, token = staffDavid) => api<{ status: string; moved: unknown[]; needs_vehicle: string[] }>(`/counter/vehicles/${plate}/status`, { method: 'POST', token, body });
const assignPass = (now: Date, only: number[]) => api<{ assigned: string[]; moved: Array<{ reservation_number: string; reason: string }>; needs_vehicle: string[] }>(
  '/booking/vehicles/assign', { method: 'POST', token: storefront, body: { now: now.toISOString(), only } });

beforeAll(async () => {
  admin = await adminToken();
  storefront = requireEnv('DIRECTUS_STOREFRONT_TOKEN');
  david = (await create<{ id: number }>('branches', { status: 'draft', code: `UD${suffix}`.slice(0, 12).toUpperCase(), name: `Units David ${suffix}` })).id;
  tocumen = (await create<{ id: number }>('branches', { status: 'draft', code: `UT${suffix}`.slice(0, 12).toUpperCase(), name: `Units Tocumen ${suffix}` })).id;
  const role = firstOf(dataOf(await api<Array<{ id: string }>>(`/roles${qs({ filter: { name: { _eq: 'Counter staff' } }, fields: 'id' })}`, { token: admin })), 'Counter staff').id;
  staffDavid = `units-david-${suffix}`;
  staffTocumen = `units-tocumen-${suffix}`;
  await create('directus_users', { email: `units-david-${suffix}@example.com`, password: `units-${suffix}-pw`, role, branch: david, status: 'active', token: staffDavid });
  await create('directus_users', { email: `units-tocumen-${suffix}@example.com`, password: `units-${suffix}-pw`, role, branch: tocumen, status: 'active', token: staffTocumen });
  const site = firstOf(dataOf(await api<Array<{ turnaround_buffer_minutes: number | null }>>(`/items/sites_config${qs({ filter: { brand: { _eq: 'firefly' } }, fields: 'turnaround_buffer_minutes' })}`, { token: admin })), 'firefly');
  bufferMinutes = site.turnaround_buffer_minutes ?? 120;
}, 60_000);

afterAll(async () => {
  await testRows.removeAll();
});

/** Panama wall-clock arithmetic on `YYYY-MM-DDTHH:mm`. */
const shift = (local: string, minutes: number) => new Date(Date.parse(`${local}Z`) + minutes * 60_000).toISOString().slice(0, 16);

describe('a one-way rental moves its car', () => {
  it('makes a car booked from David to Tocumen bookable at Tocumen after its return and the buffer, and no longer at David', async () => {
    const car = await model('One way');
    await createUnits(create, car, david, 1);
    await booked(car, '2031-05-01T10:00', '2031-05-03T10:00', { return_branch: tocumen });
    const after = shift('2031-05-03T10:00', bufferMinutes);

    expect(await counted(car, tocumen, after, '2031-05-05T10:00')).toEqual({ car, units: 1, occupied: 0 });
    expect(await counted(car, tocumen, shift(after, -1), '2031-05-05T10:00')).toEqual({ car, units: 1, occupied: 1 });
    expect(await counted(car, david, '2031-05-04T10:00', '2031-05-05T10:00')).toEqual({ car, units: 0, occupied: 0 });
    expect((await book(car, '2031-05-04T10:00', '2031-05-05T10:00')).status).toBe(409);
    // Before the one-way rental, the car is still at David: a round trip there that ends in time still fits.
    expect(await counted(car, david, '2031-04-20T10:00', '2031-04-21T10:00')).toEqual({ car, units: 1, occupied: 0 });
    // ...but a one-way rental to Tocumen before it would leave David without the car its renter booked.
    expect(await counted(car, david, '2031-04-20T10:00', '2031-04-21T10:00', tocumen)).toEqual({ car, units: 1, occupied: 1 });
    await booked(car, after, '2031-05-05T10:00', { pickup_branch: tocumen, return_branch: tocumen });
  });

  it('moves the unit at the counter: picked up at David, returned at Tocumen, it is there and waits to be cleaned', async () => {
    const car = await model('Counter one way');
    const [unitId = 0] = await createUnits(create, car, david, 1, { mileage: 20_000 });
    const unit = await unitOf(unitId);
    const rental = await booked(car, panamaClock(30), panamaClock(60 * 5), { return_branch: tocumen });
    expect((await rowOf(rental.id)).vehicle_assigned_at, 'a booking within 24 h of pickup is assigned at once').not.toBeNull();
    const wrong = await act(rental.reservation_number, 'pickup', { mileage: 20_000, fuel_eighths: 8, plate: 'ZZ-0000' });
    expect(wrong.status, wrong.text.slice(0, 300)).toBe(422);
    expect(errorCode(wrong)).toBe('PLATE_MISMATCH');
    const handed = await act(rental.reservation_number, 'pickup', { mileage: 20_050, fuel_eighths: 7, plate: unit.plate.toLowerCase() });
    expect(handed.status, handed.text.slice(0, 300)).toBe(200);
    expect(await unitOf(unitId)).toMatchObject({ mileage: 20_050, fuel_eighths: 7, current_branch: david });
    const back = await act(rental.reservation_number, 'return', { mileage: 20_400, fuel_eighths: 6 }, staffTocumen);
    expect(back.status, back.text.slice(0, 300)).toBe(200);
    expect(await unitOf(unitId)).toMatchObject({ mileage: 20_400, fuel_eighths: 6, current_branch: tocumen, status: 'needs_cleaning' });
    const board = dataOf(await api<Board>(`/counter/vehicles${qs({ branch: tocumen })}`, { token: staffTocumen }));
    expect(board.vehicles.find((vehicle) => vehicle.plate === unit.plate)?.state).toBe('needs_cleaning');
  });
});

describe('maintenance and services', () => {
  it('takes a unit in maintenance out of the fleet for overlapping dates, and back from the date staff give', async () => {
    const car = await model('Maintenance');
    const [unitId = 0] = await createUnits(create, car, david, 1);
    const unit = await unitOf(unitId);
    expect((await counted(car, david, '2031-06-01T10:00', '2031-06-02T10:00'))?.occupied).toBe(0);
    const other = await setStatus(unit.plate, { status: 'in_maintenance', note: 'Frenos' }, staffTocumen);
    expect(other.status, other.text.slice(0, 300)).toBe(403);
    expect(errorCode(other)).toBe('OTHER_BRANCH');
    const set = await setStatus(unit.plate, { status: 'in_maintenance', note: 'Frenos', available_from: '2031-06-10T08:00' });
    expect(set.status, set.text.slice(0, 300)).toBe(200);
    expect(await counted(car, david, '2031-06-01T10:00', '2031-06-02T10:00')).toEqual({ car, units: 1, occupied: 1 });
    expect((await book(car, '2031-06-01T10:00', '2031-06-02T10:00')).status).toBe(409);
    expect((await counted(car, david, '2031-06-10T10:00', '2031-06-11T10:00'))?.occupied).toBe(0);
    const invalid = await setStatus(unit.plate, { status: 'broken' });
    expect(invalid.status).toBe(400);
    expect((await setStatus(unit.plate, { status: 'ready' })).status).toBe(200);
    expect((await counted(car, david, '2031-06-01T10:00', '2031-06-02T10:00'))?.occupied).toBe(0);
  });

  it('does not offer a unit past its service mileage, nor for rentals that reach its service date', async () => {
    const car = await model('Service');
    const [dueId = 0] = await createUnits(create, car, david, 1, { mileage: 30_000, next_service_km: 30_000 });
    expect(await counted(car, david, '2031-06-01T10:00', '2031-06-02T10:00')).toEqual({ car, units: 1, occupied: 1 });
    await api(`/items/vehicles/${dueId}`, { method: 'PATCH', token: admin, body: { next_service_km: 40_000, next_service_date: '2031-06-02' } });
    expect((await counted(car, david, '2031-06-01T10:00', '2031-06-01T20:00'))?.occupied).toBe(0);
    expect((await counted(car, david, '2031-06-01T10:00', '2031-06-02T10:00'))?.occupied).toBe(1);
  });

  it('moves the bookings a unit sent to maintenance can no longer take to another unit, or onto "needs a car"', async () => {
    const car = await model('Repair moves');
    const [firstId = 0] = await createUnits(create, car, david, 2);
    const rental = await booked(car, panamaClock(60 * 3), panamaClock(60 * 8));
    const held = (await rowOf(rental.id)).vehicle;
    expect(held).not.toBeNull();
    const heldUnit = await unitOf(held ?? firstId);
    const moved = dataOf(await setStatus(heldUnit.plate, { status: 'out_of_service', note: 'Choque' }));
    expect(moved.moved).toEqual([{ reservation_number: rental.reservation_number, reason: 'out_of_service' }]);
    const now = await rowOf(rental.id);
    expect(now.vehicle).not.toBe(held);
    expect(now.vehicle).not.toBeNull();
    const secondUnit = await unitOf(now.vehicle ?? 0);
    const none = dataOf(await setStatus(secondUnit.plate, { status: 'in_maintenance' }));
    expect(none.needs_vehicle).toEqual([rental.reservation_number]);
    expect(await counterRead(rental.reservation_number)).toMatchObject({ vehicle: null, needs_vehicle: true });
    const day = dataOf(await api<{ needs_vehicle: Array<{ reservation_number: string }> }>('/counter/today', { token: staffDavid }));
    if (panamaClock(60 * 3).slice(0, 10) === panamaClock(0).slice(0, 10)) {
      expect(day.needs_vehicle.map((row) => row.reservation_number)).toContain(rental.reservation_number);
    }
    // Ready again: the next pass gives it a unit.
    await setStatus(heldUnit.plate, { status: 'ready' });
    expect((await counterRead(rental.reservation_number)).vehicle?.plate).toBe(heldUnit.plate);
  });
});

describe('assignment', () => {
  it('shows every booking\'s plate at the counter 24 h before pickup, not before', async () => {
    const car = await model('Assigned');
    const [unitId = 0] = await createUnits(create, car, david, 1, { colour: 'Rojo', bay: 'B04' });
    const unit = await unitOf(unitId);
    const later = await booked(car, panamaClock(60 * 30), panamaClock(60 * 32));
    expect(await rowOf(later.id)).toMatchObject({ vehicle: unitId, vehicle_assigned_at: null });
    expect((await counterRead(later.reservation_number)).vehicle).toBeNull();
    // The counter shows no car yet: a plate typed at a pickup is answered "assign one first", not compared with the plan.
    expect(errorCode(await act(later.reservation_number, 'pickup', { mileage: 10_000, fuel_eighths: 8, plate: 'ZZ-0000' }))).toBe('NO_VEHICLE_ASSIGNED');
    const pass = dataOf(await assignPass(new Date(Date.now() + 7 * 3_600_000), [car]));
    expect(pass.assigned).toContain(later.reservation_number);
    expect((await counterRead(later.reservation_number)).vehicle).toEqual({ plate: unit.plate, colour: 'Rojo', bay: 'B04', car: expect.objectContaining({ id: car }) as unknown });
  });

  it('moves the next renter off a unit that is not back, to another ready unit, or onto "needs a car"', async () => {
    const car = await model('Late return');
    await createUnits(create, car, david, 2);
    const out = await booked(car, panamaClock(10), panamaClock(60 * 2));
    expect((await act(out.reservation_number, 'pickup', { mileage: 10_000, fuel_eighths: 8 })).status).toBe(200);
    // Booked right after the first one's return: it takes the same unit (the tightest fit).
    const next = await booked(car, shift(panamaClock(60 * 2), bufferMinutes + 30), shift(panamaClock(60 * 2), bufferMinutes + 600));
    const outUnit = (await rowOf(out.id)).vehicle;
    expect((await rowOf(next.id)).vehicle).toBe(outUnit);
    // Another booking takes the other unit meanwhile, so that the late return leaves none.
    const third = await booked(car, shift(panamaClock(60 * 2), bufferMinutes + 30), shift(panamaClock(60 * 2), bufferMinutes + 600));
    // Two hours and a half later the first car is not back: the pass finds no unit for the next renter.
    const later = new Date(Date.now() + 150 * 60_000);
    const pass = dataOf(await assignPass(later, [car]));
    expect(pass.needs_vehicle).toContain(next.reservation_number);
    expect(await counterRead(next.reservation_number)).toMatchObject({ needs_vehicle: true, vehicle: null });
    // The other booking is cancelled: its unit is free, and the next pass moves the renter to it.
    const cancelled = await api(`/booking/reservations/${third.id}`, { method: 'PATCH', token: storefront, body: { status: 'cancelled' } });
    expect(cancelled.status, cancelled.text.slice(0, 300)).toBe(200);
    const again = dataOf(await assignPass(later, [car]));
    expect(again.assigned).toContain(next.reservation_number);
    const read = await counterRead(next.reservation_number);
    expect(read.needs_vehicle).toBe(false);
    expect(read.vehicle).not.toBeNull();
  });

  it('lets the pickup branch choose a unit of the class, or an upgrade with its reason; refuses one that cannot take it', async () => {
    const car = await model('Chosen');
    const bigger = await model('Bigger', 'SFAR');
    const [, spareId = 0] = await createUnits(create, car, david, 2);
    const [suvId = 0] = await createUnits(create, bigger, david, 1);
    const [repairId = 0] = await createUnits(create, car, david, 1, { status: 'in_maintenance' });
    const rental = await booked(car, panamaClock(60 * 4), panamaClock(60 * 9));
    const [spare, suv, repair] = await Promise.all([unitOf(spareId), unitOf(suvId), unitOf(repairId)]);
    const assign = (body: unknown, token = staffDavid) => api<{ vehicle: { plate: string }; vehicle_assignment: string }>(`/counter/reservations/${rental.reservation_number}/assign`, { method: 'POST', token, body });

    expect(errorCode(await assign({ plate: spare.plate }, staffTocumen))).toBe('OTHER_BRANCH');
    const inRepair = await assign({ plate: repair.plate });
    expect(inRepair.status).toBe(409);
    expect(inRepair.body.errors?.[0]?.extensions).toMatchObject({ code: 'VEHICLE_UNAVAILABLE', reason: 'in_maintenance' });
    expect(errorCode(await assign({ plate: 'QQ-0001' }))).toBe('UNKNOWN_PLATE');
    expect(errorCode(await assign({ plate: 'not a plate' }))).toBe('INVALID_PAYLOAD');
    const swapped = await assign({ plate: spare.plate });
    expect(swapped.status, swapped.text.slice(0, 300)).toBe(200);
    expect(dataOf(swapped)).toMatchObject({ vehicle: { plate: spare.plate }, vehicle_assignment: 'staff' });
    expect(errorCode(await assign({ plate: suv.plate }))).toBe('REASON_REQUIRED');
    const upgraded = await assign({ plate: suv.plate, reason: 'Sin sedanes limpios' });
    expect(dataOf(upgraded)).toMatchObject({ vehicle: { plate: suv.plate }, vehicle_assignment: 'upgrade' });
    // The upgrade took the SUV: it cannot be booked over the same hours.
    expect((await counted(bigger, david, panamaClock(60 * 5), panamaClock(60 * 6)))?.occupied).toBe(1);
  });
});

describe('the fleet board', () => {
  it('lists the branch\'s units by state for any staff member, and lets only the branch act', async () => {
    const car = await model('Board', 'EDAR');
    const [readyId = 0, rentId = 0] = await createUnits(create, car, david, 2);
    const [ready, onRent] = await Promise.all([unitOf(readyId), unitOf(rentId)]);
    await api(`/items/vehicles/${rentId}`, { method: 'PATCH', token: admin, body: { status: 'ready' } });
    const rental = await booked(car, panamaClock(5), panamaClock(60 * 6));
    const held = (await rowOf(rental.id)).vehicle;
    const heldPlate = held === readyId ? ready.plate : onRent.plate;
    expect((await act(rental.reservation_number, 'pickup', { mileage: 10_000, fuel_eighths: 8, plate: heldPlate })).status).toBe(200);

    const mine = dataOf(await api<Board>(`/counter/vehicles${qs({ class: 'EDAR' })}`, { token: staffDavid }));
    expect(mine.may_act).toBe(true);
    const states = Object.fromEntries(mine.vehicles.map((vehicle) => [vehicle.plate, vehicle.state]));
    expect(states[heldPlate]).toBe('on_rent');
    expect(Object.values(states).filter((state) => state === 'ready').length).toBeGreaterThanOrEqual(1);
    const theirs = dataOf(await api<Board>(`/counter/vehicles${qs({ branch: david, status: 'on_rent' })}`, { token: staffTocumen }));
    expect(theirs.may_act).toBe(false);
    expect(theirs.vehicles.map((vehicle) => vehicle.plate)).toContain(heldPlate);
    const onRentChange = await setStatus(heldPlate, { status: 'needs_cleaning' });
    expect(onRentChange.status).toBe(409);
    expect(errorCode(onRentChange)).toBe('VEHICLE_ON_RENT');
    expect((await api(`/counter/vehicles${qs({ status: 'flying' })}`, { token: staffDavid })).status).toBe(400);
    expect((await api('/counter/vehicles', { token: storefront })).status).toBe(403);
  });
});
