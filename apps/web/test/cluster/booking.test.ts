import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { client, staffContent } from '../integration-clients';
import { clusterUrl, contentUrl, instanceUrls, type Json, postJson } from './cluster';

// Bookings spread over both instances behave as one storefront: stock, idempotency, reservations per client and rate
// limits are shared.
const { signIn, content, seedRow, units } = staffContent(contentUrl);
type Row = Record<string, unknown> & { id: number };

const day = (offset: number) => addDaysToLocalDate(formatPanamaDate(new Date()), offset);
// Dates of this run only.
const RUN_OFFSET = 300 + (Date.now() % 1000);
const renter = { name: 'Lucía', last_name: 'Cluster', email: 'lucia.cluster@example.com', license: 'PA-654321', birthday: '1989-07-11', phone_number: '6123-4567' };

let selection: (offsetDays: number) => Json;
let car: Row;
let branch: Row;

beforeAll(async () => {
  await signIn();
  branch = await seedRow<Row>('/items/branches?filter[code][_eq]=OBA');
  car = await seedRow<Row>('/items/flota?filter[modelo][_eq]=Accent');
  const coverage = await seedRow<Row>('/items/coverages?filter[code][_eq]=BASIC');
  selection = (offsetDays) => ({
    car_id: car.id,
    pickup_location: branch.id,
    return_location: branch.id,
    pickup_date: `${day(RUN_OFFSET + offsetDays)}T10:00`,
    return_date: `${day(RUN_OFFSET + offsetDays + 3)}T10:00`,
    coverage_id: coverage.id,
    era: false,
    reservation_type: 'postpaid',
  });
});

/** Units of the test's car at its branch, as staff would set the fleet. */
const setStock = (count: number) => units(car.id, branch.id, count);

describe('bookings across instances', () => {
  it('gives exactly 3 reservations for 40 simultaneous bookings of the last 3 units, through both instances', async () => {
    await setStock(3);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        postJson(clusterUrl, '/api/reservations', { ...selection(0), client: { ...renter, email: `rush${index}.${RUN_OFFSET}@example.com` }, terms_accepted: true }, { 'idempotency-key': randomUUID() }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(37);
    expect(new Set(results.map((result) => result.servedBy))).toEqual(new Set(['web-1', 'web-2']));
    const saved = await content<Row[]>(`/items/reservations?filter[client_email][_ends_with]=.${RUN_OFFSET}@example.com&filter[status][_neq]=cancelled&fields=id&limit=-1`);
    expect(saved).toHaveLength(3);
  });

  it('returns the same reservation for the same key, whichever instance the retry reaches', async () => {
    const key = randomUUID();
    const body = { ...selection(20), client: { ...renter, email: `retry.${RUN_OFFSET}@example.com` }, terms_accepted: true };
    const [first, second] = [await postJson(instanceUrls[0] ?? '', '/api/reservations', body, { 'idempotency-key': key }), await postJson(instanceUrls[1] ?? '', '/api/reservations', body, { 'idempotency-key': key })];
    expect(first.status).toBe(201);
    expect(first.servedBy).toBe('web-1');
    expect(second.servedBy).toBe('web-2');
    expect(second.json.reservation_number).toBe(first.json.reservation_number);
  });

  it('counts a client’s reservations across instances exactly, on PostgreSQL: 10 of 12 simultaneous bookings, then 429', async () => {
    // Straight to the instances: nginx would put its own client's address (this machine, not counted) in X-Forwarded-For.
    const me = { 'x-forwarded-for': client() };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        postJson(instanceUrls[index % 2] ?? '', '/api/reservations', { ...selection(40 + index * 4), client: { ...renter, email: `holds${index}.${RUN_OFFSET}@example.com` }, terms_accepted: true }, { ...me, 'idempotency-key': randomUUID() }),
      ),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const refused = results.find((result) => result.status === 429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(86_000);
    const saved = await content<Row[]>(`/items/reservations?filter[client_email][_starts_with]=holds&filter[client_email][_ends_with]=.${RUN_OFFSET}@example.com&fields=id&limit=-1`);
    expect(saved).toHaveLength(10);
  });

  it('limits coupon attempts per client across instances', async () => {
    const me = { 'x-forwarded-for': client() };
    const statuses: number[] = [];
    // Alternating instances: ten attempts in all are allowed, not ten on each.
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const url = instanceUrls[attempt % 2] ?? '';
      statuses.push((await postJson(url, '/api/coupons/validate', { ...selection(0), code: `GUESS${attempt}` }, me)).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
    expect(statuses[10]).toBe(429);
    const other = await postJson(instanceUrls[0] ?? '', '/api/coupons/validate', { ...selection(0), code: 'GUESS' }, me);
    expect(other.status).toBe(429);
    expect(Number(other.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
