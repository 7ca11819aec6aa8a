import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { staffContent } from '../integration-clients';
import { clusterUrl, contentUrl, CutOffError, getPage, instanceUrls, type Json, killPart, postJson, startPart, stopPart, untilAnswers } from './cluster';

// Parts of the cluster failing under load: a storefront instance killed, the content service's database restarted.
const { signIn, content, seedRow } = staffContent(contentUrl);
type Row = Record<string, unknown> & { id: number };

const day = (offset: number) => addDaysToLocalDate(formatPanamaDate(new Date()), offset);
const RUN_OFFSET = 500 + (Date.now() % 1000);
const renter = { name: 'Tomás', last_name: 'Falla', email: 'tomas.falla@example.com', license: 'PA-112233', birthday: '1984-02-02', phone_number: '6123-4567' };
let selection: Json;

beforeAll(async () => {
  await signIn();
  const branch = await seedRow<Row>('/items/branches?filter[code][_eq]=PTY');
  const car = await seedRow<Row>('/items/flota?filter[modelo][_eq]=Accent');
  const coverage = await seedRow<Row>('/items/coverages?filter[code][_eq]=BASIC');
  selection = {
    car_id: car.id,
    pickup_location: branch.id,
    return_location: branch.id,
    pickup_date: `${day(RUN_OFFSET)}T10:00`,
    return_date: `${day(RUN_OFFSET + 2)}T10:00`,
    coverage_id: coverage.id,
    era: false,
    reservation_type: 'postpaid',
  };
});

// Whatever a failed test left stopped is started again, so the files after this one find the whole cluster.
afterAll(async () => {
  await startPart('postgres');
  await startPart('web-2');
  await untilAnswers(`${instanceUrls[1]}/api/health`, 60);
});

const book = (baseUrl: string, email: string, key = randomUUID()) =>
  postJson(baseUrl, '/api/reservations', { ...selection, client: { ...renter, email }, terms_accepted: true }, { 'idempotency-key': key });

/**
 * `total` GETs through nginx, `concurrency` at a time, cycling over `paths`; `during` runs once a fifth are done.
 * `statuses`: each request's status, or why it failed before an answer began (what nginx must retry elsewhere);
 * `cutOff`: answers that had begun when their instance died, which no load balancer can take back.
 */
async function pageLoad(paths: string[], total: number, concurrency: number, during: () => Promise<void>) {
  const statuses: (number | string)[] = [];
  const cutOff: string[] = [];
  let next = 0;
  let duringDone: Promise<void> | undefined;
  const worker = async () => {
    while (next < total) {
      const index = next;
      next += 1;
      if (index === Math.floor(total / 5)) duringDone = during();
      const path = paths[index % paths.length] ?? '/';
      try {
        statuses.push((await getPage(`${clusterUrl}${path}`)).status);
      } catch (error) {
        if (error instanceof CutOffError) cutOff.push(error.message);
        else statuses.push(`${path}: ${error instanceof Error ? `${error.message} (${String(error.cause)})` : String(error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  await duringDone;
  return { statuses, cutOff };
}

// Pages nginx keeps, and pages it always asks an instance for (an address without language, the API).
const LOAD_PATHS = ['/es/flota', '/api/health', '/es/promos', '/', '/en/flota', '/es/sucursales'];

describe('a storefront instance killed during a load', () => {
  it('loses no page request, and bookings go on on the other instance', async () => {
    const bookings: Awaited<ReturnType<typeof book>>[] = [];
    const { statuses, cutOff } = await pageLoad(LOAD_PATHS, 300, 8, async () => {
      await killPart('web-2');
      for (let i = 0; i < 3; i += 1) bookings.push(await book(clusterUrl, `killed${i}.${RUN_OFFSET}@example.com`));
    });
    // Every request nginx could retry was answered by the other instance; only an answer already under way when the
    // instance died can break off (at most one per request in flight).
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(cutOff.length).toBeLessThanOrEqual(8);
    expect(statuses.length + cutOff.length).toBe(300);
    expect(bookings.map((booking) => [booking.status, booking.servedBy])).toEqual(Array(3).fill([201, 'web-1']));
    // Started again, it is sent requests once nginx tries it again (5 s after its last failure: fail_timeout).
    await startPart('web-2');
    await untilAnswers(`${instanceUrls[1]}/api/health`, 60);
    const servedBy = new Set<string | null>();
    for (let i = 0; i < 60 && servedBy.size < 2; i += 1) {
      servedBy.add((await getPage(`${clusterUrl}/api/health`)).servedBy);
      await new Promise((done) => setTimeout(done, 200));
    }
    expect(servedBy).toEqual(new Set(['web-1', 'web-2']));
  });
});

describe('the content service’s database restarted during a load', () => {
  it('keeps public pages up, answers bookings a clear 503 meanwhile, and loses nothing', async () => {
    const before = await book(clusterUrl, `before.${RUN_OFFSET}@example.com`);
    expect(before.status).toBe(201);
    const refused: Awaited<ReturnType<typeof book>>[] = [];
    const refusedKey = randomUUID();
    const { statuses, cutOff } = await pageLoad(LOAD_PATHS, 200, 6, async () => {
      await stopPart('postgres');
      refused.push(await book(clusterUrl, `during.${RUN_OFFSET}@example.com`, refusedKey));
      refused.push(await book(instanceUrls[0] ?? '', `during.${RUN_OFFSET}@example.com`, refusedKey));
    });
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(cutOff).toEqual([]);
    for (const answer of refused) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toBeTruthy();
      const [error] = (answer.json.errors as { code: string; message: string }[] | undefined) ?? [];
      expect(error?.code).toBe('service_unavailable');
      expect(error?.message).toBe('Las reservas no están disponibles en este momento. Inténtalo de nuevo en unos minutos');
    }

    await startPart('postgres');
    // Booking works again once the content service reconnects; the refused attempt, retried with its key, is booked once.
    let after = await book(clusterUrl, `during.${RUN_OFFSET}@example.com`, refusedKey);
    for (let attempt = 0; after.status !== 201 && attempt < 60; attempt += 1) {
      await new Promise((done) => setTimeout(done, 500));
      after = await book(clusterUrl, `during.${RUN_OFFSET}@example.com`, refusedKey);
    }
    expect(after.status).toBe(201);
    const saved = await content<Row[]>(`/items/reservations?filter[client_email][_in]=before.${RUN_OFFSET}@example.com,during.${RUN_OFFSET}@example.com&fields=reservation_number,client_email&limit=-1`);
    expect(saved.map((row) => row.reservation_number).sort()).toEqual([before.json.reservation_number, after.json.reservation_number].sort());
  });
});
