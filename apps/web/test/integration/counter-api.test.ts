import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { generateReservationNumber } from '@rentacar/domain/reservation-number';
import { adminHeaders } from '../content-admin';
import { type Json, staffContent, storefrontApi } from '../integration-clients';

// The storefront's counter API (GET /api/counter/reservations/{number}, docs/counter.md) against the real stack: a
// counter staff member's content-service access token as a Bearer token or as the storefront's session cookies; a
// renter without credentials, a corporate agent, a malformed or unknown number; another branch's staff read too.
// Its rows (two draft branches, an unpublished car, the users, a reservation) are created as the admin and removed.
const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3000';
const contentUrl = process.env.CONTENT_URL ?? 'http://127.0.0.1:8055';

const api = storefrontApi(webUrl, { acceptLanguage: 'es-ES' });
const english = storefrontApi(webUrl, { acceptLanguage: 'en-US' });
const { signIn, content, units } = staffContent(contentUrl);

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const PASSWORD = `counter-${run}-password`;
const cleanup: string[] = [];
const tokens = { here: '', there: '', agent: '' };
let number = '';

async function create<T extends { id: number | string }>(path: string, body: Json): Promise<T> {
  const row = await content<T>(path, { method: 'POST', body: JSON.stringify(body) });
  cleanup.push(`${path}/${row.id}`);
  return row;
}

async function accessToken(email: string): Promise<string> {
  const response = await fetch(`${contentUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const session = (token: string) => ({ cookie: `auth_access_token=${token}; auth_expires=${Date.now() + 10 * 60_000}` });
const read = (path: string, headers: Record<string, string> = {}, caller = api) => caller('GET', `/api/counter/reservations/${path}`, undefined, headers);
const codes = (json: Json) => (json.errors as Array<{ field: string; code: string; message: string }>).map(({ field, code }) => ({ field, code }));

beforeAll(async () => {
  await signIn();
  const here = await create<{ id: number }>('/items/branches', { status: 'draft', code: `CA${run}`.slice(0, 12).toUpperCase(), name: `API here ${run}` });
  const there = await create<{ id: number }>('/items/branches', { status: 'draft', code: `CB${run}`.slice(0, 12).toUpperCase(), name: `API there ${run}` });
  const car = await create<{ id: number }>('/items/flota', { published: false, marca: 'Test', modelo: `Counter API ${run}`, tipo: 'sedan', clasificacion: 'CDAR', precio_firefly: 3000 });
  await units(car.id, here.id, 1);
  const role = async (name: string) => String((await content<Array<{ id: string }>>(`/roles?filter[name][_eq]=${encodeURIComponent(name)}&fields=id`))[0]?.id);
  const counterRole = await role('Counter staff');
  const users = [
    { key: 'here', email: `api-here.${run}@example.com`, role: counterRole, branch: here.id },
    { key: 'there', email: `api-there.${run}@example.com`, role: counterRole, branch: there.id },
    { key: 'agent', email: `api-agent.${run}@example.com`, role: await role('Corporate agent') },
  ] as const;
  for (const { key, email, ...rest } of users) {
    await create('/users', { email, password: PASSWORD, status: 'active', first_name: 'Test', ...rest });
    tokens[key] = await accessToken(email);
  }
  number = generateReservationNumber('firefly');
  const pickup = addDaysToLocalDate(formatPanamaDate(new Date()), 1);
  await create('/items/reservations', {
    reservation_number: number, brand: 'firefly', status: 'unpaid', reservation_type: 'postpaid', car: car.id,
    pickup_branch: here.id, return_branch: here.id, pickup_date: `${pickup}T10:00`, return_date: `${addDaysToLocalDate(pickup, 2)}T10:00`, days: 2,
    client_name: 'Ana', client_last_name: 'Pérez', client_email: 'ana@example.com', language: 'es-ES', total: 9630,
    lines: [{ code: 'car', label: 'Alquiler', amount: 9000 }, { code: 'tax', label: 'ITBMS', amount: 630 }],
  });
}, 60_000);

afterAll(async () => {
  for (const path of cleanup.reverse()) await content(path, { method: 'DELETE' }).catch(() => undefined);
});

describe('GET /api/counter/reservations/{number}', () => {
  it('answers counter staff with the reservation, by Bearer token or by session, in lower case too, never to be stored', async () => {
    const viaBearer = await read(number.toLowerCase(), bearer(tokens.here));
    expect(viaBearer.status, JSON.stringify(viaBearer.json)).toBe(200);
    expect(viaBearer.headers.get('cache-control')).toBe('private, no-store');
    expect(viaBearer.json).toMatchObject({
      number,
      rentalStatus: 'booked',
      overdue: false,
      renter: { name: 'Ana Pérez', email: 'ana@example.com' },
      total: 9630,
      payments: { paid: 0, due: 9630 },
      allowed: { pickup: { allowed: true }, return: { allowed: false, reason: 'not_picked_up' } },
      lateUnitWarning: null,
    });
    const viaSession = await read(number, session(tokens.here));
    expect(viaSession.status).toBe(200);
    expect(viaSession.json.number).toBe(number);
  });

  it('lets another branch\'s staff read it, with no action allowed to them', async () => {
    const { status, json } = await read(number, bearer(tokens.there));
    expect(status).toBe(200);
    expect(json.allowed).toMatchObject({ pickup: { allowed: false, reason: 'other_branch' } });
  });

  it('answers 401 without credentials or with a bad token, 403 to a corporate agent, in the booking API\'s shape and language', async () => {
    const none = await read(number);
    expect(none.status).toBe(401);
    expect(codes(none.json)).toEqual([{ field: 'authorization', code: 'unauthenticated' }]);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect((await read(number, bearer('not-a-token'))).status).toBe(401);
    expect((await read(number, { authorization: 'Basic abc' })).status).toBe(401);
    const agent = await read(number, bearer(tokens.agent));
    expect(agent.status).toBe(403);
    expect(codes(agent.json)).toEqual([{ field: 'authorization', code: 'forbidden' }]);
    const agentSession = await read(number, session(tokens.agent), english);
    expect(agentSession.status).toBe(403);
    expect((agentSession.json.errors as Array<{ message: string }>)[0]?.message).toBe('Only counter staff may use this.');
  });

  it('answers 400 for text that cannot be a number and 404 for a number no reservation has', async () => {
    const malformed = await read('not-a-number', bearer(tokens.here));
    expect(malformed.status).toBe(400);
    expect(codes(malformed.json)).toEqual([{ field: 'reservation_number', code: 'invalid_reservation_number' }]);
    let unknown = generateReservationNumber('firefly');
    while (unknown === number) unknown = generateReservationNumber('firefly');
    const missing = await read(unknown, bearer(tokens.here));
    expect(missing.status).toBe(404);
    expect(codes(missing.json)).toEqual([{ field: 'reservation_number', code: 'not_found' }]);
  });
});

describe('GET /api/counter/files/{id}', () => {
  it('streams a pre-check-in scan to counter staff with their own token, and to no one else', async () => {
    const [folder] = await content<Array<{ id: string }>>(`/folders?filter[name][_eq]=${encodeURIComponent('Pre-check-in documents')}&fields=id`);
    const form = new FormData();
    form.append('folder', String(folder?.id));
    form.append('file', new Blob(['%PDF-1.4 licence scan'], { type: 'application/pdf' }), 'licence.pdf');
    const { authorization = '' } = await adminHeaders(contentUrl);
    const uploaded = await fetch(`${contentUrl}/files`, { method: 'POST', headers: { authorization }, body: form });
    expect(uploaded.status).toBe(200);
    const id = ((await uploaded.json()) as { data: { id: string } }).data.id;
    cleanup.push(`/files/${id}`);
    const response = await fetch(`${webUrl}/api/counter/files/${id}`, { headers: { ...bearer(tokens.there), 'x-forwarded-for': '10.9.8.7' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(await response.text()).toBe('%PDF-1.4 licence scan');
    expect((await api('GET', `/api/counter/files/${id}`, undefined, bearer(tokens.agent))).status).toBe(403);
    expect((await api('GET', `/api/counter/files/${id}`)).status).toBe(401);
  });

  it('never renders another kind of file on the storefront\'s origin: it is downloaded as bytes', async () => {
    const [folder] = await content<Array<{ id: string }>>(`/folders?filter[name][_eq]=${encodeURIComponent('Pre-check-in documents')}&fields=id`);
    const form = new FormData();
    form.append('folder', String(folder?.id));
    form.append('file', new Blob(['<script>alert(1)</script>'], { type: 'text/html' }), 'page.html');
    const { authorization = '' } = await adminHeaders(contentUrl);
    const uploaded = await fetch(`${contentUrl}/files`, { method: 'POST', headers: { authorization }, body: form });
    expect(uploaded.status).toBe(200);
    const id = ((await uploaded.json()) as { data: { id: string } }).data.id;
    cleanup.push(`/files/${id}`);
    const response = await fetch(`${webUrl}/api/counter/files/${id}`, { headers: bearer(tokens.here) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe('attachment');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('opens nothing without staff credentials, and nothing that is not a file', async () => {
    const id = '5f0c1a2e-8b7d-4c61-9a3e-000000000000';
    expect((await api('GET', `/api/counter/files/${id}`)).status).toBe(401);
    expect((await api('GET', `/api/counter/files/${id}`, undefined, bearer(tokens.agent))).status).toBe(403);
    expect((await api('GET', `/api/counter/files/${id}`, undefined, bearer(tokens.here))).status).toBe(404);
    expect((await api('GET', '/api/counter/files/not-an-id', undefined, bearer(tokens.here))).status).toBe(404);
  });
});
