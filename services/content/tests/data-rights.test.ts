// Renters' data rights against a live instance (CONTENT_URL): POST /data-rights/access and /data-rights/erasure take
// the proof manage booking has (reservation number + e-mail, the e-mail in any case), answer the same 404 to a wrong
// number and a wrong e-mail, and count each number (429 past 10 an hour). Access answers the copy of everything kept
// about that e-mail and nothing of another renter; erasure records a request that staff carry out by setting it to
// Done in the admin: personal fields blanked, scans deleted, drafts removed, totals and payments kept; refused with
// the reason while the rental is open (booked and not picked up, or its car out), whatever the booked return date says:
// a car handed back early is erasable at once, an overdue one is not. docs/privacy.md. Every row made here is removed at
// the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, dataOf, errorCode, postForm, qs, requireEnv, uniqueSuffix } from './helpers';
import { JPEG } from './files';

const suffix = uniqueSuffix();
let admin = '';
let storefront = '';
const cleanup: string[] = [];
const ana = `ana-${suffix}@example.com`;
const ben = `ben-${suffix}@example.com`;
const carl = `carl-${suffix}@example.com`;
const dora = `dora-${suffix}@example.com`;
const eli = `eli-${suffix}@example.com`;
const number = (n: number) => `DR-${suffix}-${n}`.toUpperCase();
const fixture = { anaReservation: 0, benReservation: 0, precheckin: 0, scan: '', payment: 0, lead: 0, application: 0, draft: '', benDraft: '' };

async function create<T extends { id: number | string }>(collection: string, body: Record<string, unknown>): Promise<T> {
  const result = await api<T>(`/items/${collection}`, { method: 'POST', token: admin, body });
  expect(result.status, `create ${collection}: ${result.text.slice(0, 300)}`).toBe(200);
  const item = dataOf(result);
  cleanup.unshift(`/items/${collection}/${item.id}`);
  return item;
}

/** The rental lifecycle as the counter records it: returned (when), picked up and out, or booked (not yet picked up). */
type Rental = { rental_status: 'returned'; returned_at: string } | { rental_status: 'picked_up' | 'booked' };
const returnedOn = (instant: string): Rental => ({ rental_status: 'returned', returned_at: instant });

const reservation = (n: number, email: string, returnDate: string, rental: Rental) => create<{ id: number }>('reservations', {
  reservation_number: number(n), brand: 'firefly', status: 'paid', payment_type: 'card', reservation_type: 'prepaid',
  pickup_date: '2025-01-05T10:00:00', return_date: returnDate, days: 5, ...rental,
  client_name: email.startsWith('ana') ? 'Ana' : 'Other', client_last_name: 'Renter', client_email: email, client_phone: '+50761234567',
  client_birthday: '1990-04-01', client_license: `LIC-${email}`, subtotal: 10000, tax: 700, total: 10700,
});

type Copy = Record<string, Array<Record<string, unknown>>> & { about: string };
const access = (reservationNumber: string, email: string, token: string | null = storefront) =>
  api<{ email: string; copy: Copy }>('/data-rights/access', { method: 'POST', token, body: { reservation_number: reservationNumber, email, language: 'en-US' } });
const erasure = (reservationNumber: string, email: string) =>
  api<{ id: number; status: string }>('/data-rights/erasure', { method: 'POST', token: storefront, body: { reservation_number: reservationNumber, email } });

beforeAll(async () => {
  admin = await adminToken();
  storefront = requireEnv('DIRECTUS_STOREFRONT_TOKEN');
  fixture.anaReservation = (await reservation(1, ana, '2025-01-10T10:00:00', returnedOn('2025-01-10T15:00:00Z'))).id;
  fixture.benReservation = (await reservation(2, ben, '2025-01-10T10:00:00', returnedOn('2025-01-10T15:00:00Z'))).id;
  await reservation(3, carl, '2099-01-10T10:00:00', { rental_status: 'booked' });
  // Handed back long before its booked return; picked up and never brought back, its booked return long past.
  await reservation(4, dora, '2099-01-10T10:00:00', returnedOn(new Date().toISOString()));
  await reservation(5, eli, '2025-01-10T10:00:00', { rental_status: 'picked_up' });
  const form = new FormData();
  form.append('kind', 'license');
  form.append('file', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'scan.jpg');
  const uploaded = await postForm<{ id: string }>('/precheckin-documents', form, admin);
  expect(uploaded.status, uploaded.text).toBe(201);
  fixture.scan = dataOf(uploaded).id;
  cleanup.push(`/files/${fixture.scan}`);
  fixture.precheckin = (await create<{ id: number }>('precheckins', {
    reservation: fixture.anaReservation, contact_email: ana, license_number: 'PA-123456', id_document: 'PE-8-123', license_file: fixture.scan,
  })).id;
  fixture.payment = (await create<{ id: number }>('payments', {
    reservation: fixture.anaReservation, kind: 'charge', provider: 'metrobank', status: 'succeeded', amount: 10700, currency: 'USD',
    idempotency_key: `dr-${suffix}`, payment_method: `pm_${suffix}`,
  })).id;
  // The same person, written with another case, in a lead and a job application; and a draft holding the address.
  fixture.lead = (await create<{ id: number }>('corporate_leads', { company: `Ana SA ${suffix}`, contact_name: 'Ana', email: ana.toUpperCase(), phone: '+50761234567', brand: 'firefly' })).id;
  fixture.application = (await create<{ id: number }>('job_applications', { name: 'Ana Renter', email: ana, phone: '+50761234567' })).id;
  fixture.draft = (await create<{ id: string }>('reservation_drafts', { data: { client: { email: ana } }, expires_at: new Date(Date.now() + 86_400_000).toISOString() })).id;
  fixture.benDraft = (await create<{ id: string }>('reservation_drafts', { data: { client: { email: ben } }, expires_at: new Date(Date.now() + 86_400_000).toISOString() })).id;
});

afterAll(async () => {
  for (const path of cleanup) await api(path, { method: 'DELETE', token: admin });
  const requests = await api<Array<{ id: number }>>(`/items/data_requests${qs({ filter: { email: { _in: [ana, ben, carl, dora, eli] } }, fields: 'id', limit: -1 })}`, { token: admin });
  for (const row of requests.body.data ?? []) await api(`/items/data_requests/${row.id}`, { method: 'DELETE', token: admin });
});

describe('POST /data-rights/access', () => {
  it('answers 401 without a token, and the same 404 to a wrong number and to a wrong e-mail', async () => {
    expect((await access(number(1), ana, null)).status).toBe(401);
    const wrongEmail = await access(number(1), ben);
    const wrongNumber = await access(`DR-${suffix}-404`.toUpperCase(), ana);
    expect(wrongEmail.status, wrongEmail.text).toBe(404);
    expect(wrongNumber.status, wrongNumber.text).toBe(404);
    expect(wrongEmail.text).toBe(wrongNumber.text);
    expect(errorCode(wrongEmail)).toBe('NOT_FOUND');
  });

  it('refuses a malformed body naming the field', async () => {
    const result = await api('/data-rights/access', { method: 'POST', token: storefront, body: { reservation_number: number(1) } });
    expect(result.status, result.text).toBe(400);
    expect((result.body.errors?.[0]?.extensions as { field?: string } | undefined)?.field).toBe('email');
  });

  it('answers the copy of everything kept about that e-mail, whatever its case, and nothing of another renter', async () => {
    const result = await access(number(1).toLowerCase(), ana.toUpperCase());
    expect(result.status, result.text).toBe(200);
    const { email, copy } = dataOf(result);
    expect(email).toBe(ana);
    expect(copy.about).toBe(ana);
    expect(copy.reservations?.map((row) => row.reservation_number)).toEqual([number(1)]);
    expect(copy.reservations?.[0]).toMatchObject({ client_name: 'Ana', client_license: `LIC-${ana}`, total: 10700 });
    expect(copy.precheckins?.[0]).toMatchObject({ reservation_number: number(1), license_number: 'PA-123456', documents_on_file: { license: true, id: false } });
    expect(copy.payments).toEqual([expect.objectContaining({ reservation_number: number(1), amount: 10700, status: 'succeeded' })]);
    expect(copy.corporate_leads?.map((row) => row.company)).toEqual([`Ana SA ${suffix}`]);
    expect(copy.job_applications?.map((row) => row.name)).toEqual(['Ana Renter']);
    expect(copy.reservation_drafts).toHaveLength(1);
    const text = JSON.stringify(copy);
    for (const foreign of [ben, carl, number(2), number(3), `pm_${suffix}`, fixture.scan]) expect(text).not.toContain(foreign);
  });

  it('is recorded for staff as a done access request', async () => {
    const rows = await api<Array<{ kind: string; status: string; reservation_number: string; completed_at: string | null }>>(
      `/items/data_requests${qs({ filter: { email: { _eq: ana }, kind: { _eq: 'access' } } })}`, { token: admin });
    expect(dataOf(rows)).toEqual([expect.objectContaining({ kind: 'access', status: 'done', reservation_number: number(1), completed_at: expect.any(String) as unknown })]);
    expect((await api('/items/data_requests', { token: storefront })).status).toBe(403);
  });

  it('counts each reservation number: past 10 requests an hour, 429', async () => {
    const guessed = `DR-${suffix}-999`.toUpperCase();
    for (let i = 0; i < 10; i++) expect((await access(guessed, ana)).status).toBe(404);
    const limited = await access(guessed, ana);
    expect(limited.status, limited.text).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^[1-9][0-9]*$/);
  });
});

describe('erasure', () => {
  let requestId = 0;

  it('is recorded as a pending request, once per e-mail', async () => {
    const first = await erasure(number(1), ana);
    expect(first.status, first.text).toBe(201);
    requestId = dataOf(first).id;
    const again = await erasure(number(1), ana.toUpperCase());
    expect(again.status, again.text).toBe(200);
    expect(dataOf(again)).toEqual({ id: requestId, status: 'pending' });
    expect((await erasure(number(1), ben)).status).toBe(404);
  });

  it('carried out when staff set it to done: personal fields blanked, scans and drafts deleted, totals and payments kept', async () => {
    const done = await api(`/items/data_requests/${requestId}`, { method: 'PATCH', token: admin, body: { status: 'done' } });
    expect(done.status, done.text).toBe(200);
    const kept = dataOf(await api<Record<string, unknown>>(`/items/reservations/${fixture.anaReservation}`, { token: admin }));
    expect(kept).toMatchObject({
      reservation_number: number(1), client_name: null, client_last_name: null, client_email: null, client_phone: null, client_birthday: null,
      client_license: null, subtotal: 10000, tax: 700, total: 10700, status: 'paid',
    });
    const precheckin = dataOf(await api<Record<string, unknown>>(`/items/precheckins/${fixture.precheckin}`, { token: admin }));
    expect(precheckin).toMatchObject({ reservation: fixture.anaReservation, contact_email: null, license_number: null, id_document: null, license_file: null });
    expect((await api(`/files/${fixture.scan}`, { token: admin })).status).not.toBe(200);
    expect(dataOf(await api<Record<string, unknown>>(`/items/payments/${fixture.payment}`, { token: admin }))).toMatchObject({ amount: 10700, status: 'succeeded' });
    expect(dataOf(await api<Record<string, unknown>>(`/items/corporate_leads/${fixture.lead}`, { token: admin }))).toMatchObject({ email: null, contact_name: null, phone: null });
    expect(dataOf(await api<Record<string, unknown>>(`/items/job_applications/${fixture.application}`, { token: admin }))).toMatchObject({ email: null, name: null });
    expect((await api(`/items/reservation_drafts/${fixture.draft}`, { token: admin })).status).not.toBe(200);
    // Another renter's data is untouched.
    expect(dataOf(await api<Record<string, unknown>>(`/items/reservations/${fixture.benReservation}`, { token: admin }))).toMatchObject({ client_email: ben, client_name: 'Other' });
    expect((await api(`/items/reservation_drafts/${fixture.benDraft}`, { token: admin })).status).toBe(200);
    const request = dataOf(await api<{ status: string; completed_at: string | null; outcome: { files_deleted: number } | null }>(`/items/data_requests/${requestId}`, { token: admin }));
    expect(request).toMatchObject({ status: 'done', completed_at: expect.any(String) as unknown, outcome: expect.objectContaining({ files_deleted: 1 }) as unknown });
    // Nothing is found with that proof any more.
    expect((await access(number(1), ana)).status).toBe(404);
  });

  /** Asks for an erasure with that reservation's proof, then staff set it to Done: the answer to that save. */
  async function askAndApprove(n: number, email: string) {
    const asked = await erasure(number(n), email);
    expect(asked.status, asked.text).toBe(201);
    const id = dataOf(asked).id;
    return { id, saved: await api(`/items/data_requests/${id}`, { method: 'PATCH', token: admin, body: { status: 'done' } }) };
  }

  async function expectRefusedAndKept(n: number, email: string, reason: RegExp) {
    const { id, saved } = await askAndApprove(n, email);
    expect(saved.status, saved.text).toBe(400);
    expect(saved.text).toContain(number(n));
    expect(saved.text).toMatch(reason);
    expect(dataOf(await api<{ status: string }>(`/items/data_requests/${id}`, { token: admin })).status).toBe('pending');
    expect(dataOf(await api<{ client_email: string }>(`/items/reservations?filter[reservation_number][_eq]=${number(n)}`, { token: admin }))).toEqual([expect.objectContaining({ client_email: email })]);
  }

  it('is refused, with the reason staff see, while a booking is not picked up yet', async () => {
    await expectRefusedAndKept(3, carl, /booked and not picked up/);
  });

  it('is refused while the car is out, even long after its booked return (overdue)', async () => {
    await expectRefusedAndKept(5, eli, /picked up and not returned/);
  });

  it('is carried out at once for a car handed back before its booked return', async () => {
    const { id, saved } = await askAndApprove(4, dora);
    expect(saved.status, saved.text).toBe(200);
    expect(dataOf(await api<{ status: string }>(`/items/data_requests/${id}`, { token: admin })).status).toBe('done');
    expect(dataOf(await api<Array<Record<string, unknown>>>(`/items/reservations?filter[reservation_number][_eq]=${number(4)}`, { token: admin })))
      .toEqual([expect.objectContaining({ client_email: null, client_name: null, total: 10700 })]);
  });
});
