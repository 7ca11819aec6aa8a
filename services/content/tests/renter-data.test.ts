// Renters' data and the storefront's token (docs/content-model.md, "Renters' records"). An attacker holding the
// storefront's environment holds its token: with it, nothing of a renter may be read, listed, filtered, counted,
// exported or reached through a relation, at /items or through GraphQL. The storefront reaches one record at a time
// through the booking and payments endpoints, with a proof for that record (its number and e-mail, or a reference the
// content service signed), and those flows must keep working.
//
// The collections come from schema/access.mjs (RENTER_DATA_COLLECTIONS); the relations into them from the live
// schema, so a relation added later is tried without editing this file. Every row created here carries a marker that
// must appear in no answer given to the storefront's token outside the proof-checked routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ids, RENTER_DATA_COLLECTIONS } from '../schema/access.mjs';
import { adminToken, api, dataOf, qs, requireEnv, uniqueSuffix, type ApiResult } from './helpers';

interface Relation { collection: string; field: string; related_collection: string | null; meta: { one_field: string | null } | null }
type Row = { id: number | string } & Record<string, unknown>;

const suffix = uniqueSuffix();
const MARK = `renter${suffix}`;
const EMAIL = `${MARK}@example.com`;
const NUMBER = `FF-${suffix.toUpperCase().replace(/[^A-Z0-9]/g, '')}`.slice(0, 12);

let admin = '';
let storefront = '';
const created: Array<{ collection: string; id: number | string }> = [];
const rowOf = new Map<string, Row>();
let relations: Relation[] = [];

async function adminCreate(collection: string, body: Record<string, unknown>): Promise<Row> {
  const result = await api<Row>(`/items/${collection}`, { method: 'POST', token: admin, body });
  expect(result.status, `create ${collection}: ${result.text.slice(0, 300)}`).toBe(200);
  const row = dataOf(result);
  created.push({ collection, id: row.id });
  return row;
}

/** The answer gives nothing away: refused, or empty, and the marker nowhere in it. */
function expectNothing(result: ApiResult, what: string): void {
  expect(result.text, `${what} leaked: ${result.text.slice(0, 300)}`).not.toContain(MARK);
  if (result.status === 204) return;
  if (result.status === 200) {
    const data: unknown = result.body.data;
    const empty = data === null || data === undefined || (Array.isArray(data) && data.length === 0)
      || (typeof data === 'object' && data !== null && Object.values(data).every((value) => value === null || (Array.isArray(value) && value.length === 0)));
    expect(empty, `${what} answered data: ${result.text.slice(0, 300)}`).toBe(true);
  } else {
    expect([400, 401, 403, 404], `${what}: ${result.status} ${result.text.slice(0, 200)}`).toContain(result.status);
  }
}

const asStorefront = (path: string, init: { method?: string; body?: unknown } = {}) => api(path, { ...init, token: storefront });

beforeAll(async () => {
  admin = await adminToken();
  storefront = requireEnv('DIRECTUS_STOREFRONT_TOKEN');
  relations = dataOf(await api<Relation[]>('/relations', { token: admin }));
  const car = dataOf(await api<Row[]>(`/items/flota${qs({ fields: 'id', limit: 1 })}`, { token: admin }))[0];
  const job = dataOf(await api<Row[]>(`/items/jobs${qs({ fields: 'id', limit: 1 })}`, { token: admin }))[0];
  const reservation = await adminCreate('reservations', {
    reservation_number: NUMBER, brand: 'firefly', status: 'unpaid', payment_type: 'unpaid', reservation_type: 'postpaid',
    car: car?.id ?? null, pickup_date: '2027-03-10T10:00:00', return_date: '2027-03-12T10:00:00', days: 2,
    client_name: `Ana${MARK}`, client_last_name: 'Pérez', client_email: EMAIL, client_phone: '+50760000000',
    client_birthday: '1990-05-01', client_license: `LIC${MARK}`, total: 6846, language: 'es-ES',
  });
  rowOf.set('reservations', reservation);
  rowOf.set('payments', await adminCreate('payments', {
    reservation: reservation.id, provider: 'metrobank', status: 'pending', amount: 6846, currency: 'USD', idempotency_key: `key-${MARK}`,
    provider_reference: `ref-${MARK}`,
  }));
  rowOf.set('precheckins', await adminCreate('precheckins', { reservation: reservation.id, status: 'pending', license_number: `L-${MARK}`, id_document: `ID-${MARK}`, contact_email: EMAIL }));
  rowOf.set('reservation_drafts', await adminCreate('reservation_drafts', { data: { client: { email: EMAIL } }, expires_at: new Date(Date.now() + 3_600_000).toISOString() }));
  rowOf.set('corporate_leads', await adminCreate('corporate_leads', { company: `ACME ${MARK}`, contact_name: 'Bo', email: EMAIL, fleet_size: '10', brand: 'firefly' }));
  rowOf.set('job_applications', await adminCreate('job_applications', { job: job?.id ?? null, name: `Cy ${MARK}`, email: EMAIL }));
  rowOf.set('data_requests', await adminCreate('data_requests', { kind: 'access', email: EMAIL, reservation_number: NUMBER, staff_note: MARK }));
});

afterAll(async () => {
  for (const { collection, id } of created.reverse()) await api(`/items/${collection}/${id}`, { method: 'DELETE', token: admin });
});

describe("the storefront's token and renters' data", () => {
  it('covers every collection that holds renter data (a row was made in each)', () => {
    expect(RENTER_DATA_COLLECTIONS.length).toBeGreaterThanOrEqual(7);
    for (const collection of RENTER_DATA_COLLECTIONS) expect(rowOf.get(collection), collection).toBeDefined();
  });

  it('has permissions only on published content and on what holds no renter data', async () => {
    const publicPolicy = dataOf(await api<Array<{ id: string }>>(`/policies${qs({ filter: { name: { _eq: '$t:public_label' } }, fields: 'id' })}`, { token: admin }))[0]?.id;
    const permissions = dataOf(await api<Array<{ policy: string; collection: string }>>(`/permissions${qs({ fields: 'policy,collection', limit: -1 })}`, { token: admin }));
    const publicReads = new Set(permissions.filter((p) => p.policy === publicPolicy).map((p) => p.collection));
    const beyondPublic = [...new Set(permissions.filter((p) => p.policy === ids.storefrontPolicy && !publicReads.has(p.collection)).map((p) => p.collection))].sort();
    // Active coupons, companies' names and rates, and when public content changed: nobody's personal data.
    expect(beyondPublic).toEqual(['corporate_accounts', 'coupons', 'directus_activity']);
    for (const collection of RENTER_DATA_COLLECTIONS) expect(publicReads.has(collection), collection).toBe(false);
  });

  it.each(RENTER_DATA_COLLECTIONS)('reads nothing of %s by id, list, filter, search, sort, aggregate, GraphQL or export', async (collection) => {
    const row = rowOf.get(collection);
    if (!row) throw new Error(`no ${collection} row`);
    expectNothing(await asStorefront(`/items/${collection}/${row.id}`), `${collection} by id`);
    expectNothing(await asStorefront(`/items/${collection}`), `${collection} list`);
    expectNothing(await asStorefront(`/items/${collection}${qs({ filter: { id: { _eq: row.id } } })}`), `${collection} filter`);
    expectNothing(await asStorefront(`/items/${collection}${qs({ search: MARK })}`), `${collection} search`);
    expectNothing(await asStorefront(`/items/${collection}${qs({ sort: '-id', limit: 1 })}`), `${collection} sort`);
    expectNothing(await asStorefront(`/items/${collection}${qs({ aggregate: { count: '*' } })}`), `${collection} aggregate`);
    expectNothing(await asStorefront(`/items/${collection}${qs({ groupBy: 'id' })}`), `${collection} groupBy`);
    expectNothing(await asStorefront('/graphql', { method: 'POST', body: { query: `{ ${collection} { id } }` } }), `${collection} GraphQL`);
    expectNothing(await asStorefront('/graphql', { method: 'POST', body: { query: `{ ${collection}_by_id(id: "${row.id}") { id } }` } }), `${collection} GraphQL by id`);
    expectNothing(await asStorefront('/graphql', { method: 'POST', body: { query: `{ ${collection}_aggregated { count { id } } }` } }), `${collection} GraphQL aggregate`);
    // An export runs after the answer (204): refused then, it writes no file the storefront could read.
    expectNothing(await asStorefront(`/utils/export/${collection}`, { method: 'POST', body: { format: 'json', query: {}, file: { title: MARK } } }), `${collection} export`);
    expectNothing(await asStorefront(`/files${qs({ filter: { title: { _eq: MARK } } })}`), `${collection} export file`);
    expectNothing(await asStorefront('/revisions', {}), 'revisions');
    expectNothing(await asStorefront(`/activity${qs({ filter: { collection: { _eq: collection } } })}`), `${collection} activity`);
  });

  it.each(RENTER_DATA_COLLECTIONS)('writes nothing of %s at /items (create, update, delete)', async (collection) => {
    const row = rowOf.get(collection);
    if (!row) throw new Error(`no ${collection} row`);
    expect((await asStorefront(`/items/${collection}`, { method: 'POST', body: {} })).status).toBe(403);
    expect((await asStorefront(`/items/${collection}/${row.id}`, { method: 'PATCH', body: {} })).status).toBe(403);
    expect((await asStorefront(`/items/${collection}/${row.id}`, { method: 'DELETE' })).status).toBe(403);
  });

  it('reaches nothing of them through a relation from what it may read (fields, deep, filters on related fields)', async () => {
    const into = relations.filter((r) => r.related_collection !== null && RENTER_DATA_COLLECTIONS.includes(r.related_collection) && !RENTER_DATA_COLLECTIONS.includes(r.collection));
    const outOf = relations.filter((r) => RENTER_DATA_COLLECTIONS.includes(r.collection) && r.related_collection !== null && !RENTER_DATA_COLLECTIONS.includes(r.related_collection));
    // From a readable collection to a renter record (many-to-one), and back along an alias (one-to-many).
    for (const r of into) {
      expectNothing(await asStorefront(`/items/${r.collection}${qs({ fields: `${r.field}.*`, filter: { [r.field]: { _nnull: true } } })}`), `${r.collection}.${r.field}`);
    }
    for (const r of outOf) {
      const alias = r.meta?.one_field;
      if (!alias || !r.related_collection) continue;
      expectNothing(await asStorefront(`/items/${r.related_collection}${qs({ fields: `id,${alias}.*`, filter: { [alias]: { _some: { id: { _nnull: true } } } } })}`), `${r.related_collection}.${alias}`);
      expectNothing(await asStorefront(`/items/${r.related_collection}${qs({ fields: 'id', filter: { [alias]: { client_email: { _eq: EMAIL } } } })}`), `${r.related_collection}.${alias} filter`);
    }
  });
});

describe("the storefront's flows, one record at a time behind a proof", () => {
  it('finds a reservation by number and e-mail (any case), and refuses a wrong e-mail or number alike', async () => {
    const found = await asStorefront('/booking/reservations/find', { method: 'POST', body: { number: NUMBER, email: EMAIL.toUpperCase() } });
    expect(found.status, found.text).toBe(200);
    const reservation = dataOf(found) as Row;
    expect(reservation.client_email).toBe(EMAIL);
    expect(String(reservation.id)).toMatch(/^\d+\.[A-Za-z0-9_-]{22}$/);
    const wrongEmail = await asStorefront('/booking/reservations/find', { method: 'POST', body: { number: NUMBER, email: 'someone@example.com' } });
    const wrongNumber = await asStorefront('/booking/reservations/find', { method: 'POST', body: { number: 'FF-ZZZZZZ', email: EMAIL } });
    expect([wrongEmail.status, wrongNumber.status]).toEqual([404, 404]);
    expect(wrongEmail.text).toBe(wrongNumber.text);
    expect((await asStorefront('/booking/reservations/find', { method: 'POST', body: { number: NUMBER } })).status).toBe(400);
  });

  it('reads a reservation, its pre-check-in and payments by the reference it was given, and nothing with a forged one', async () => {
    const reference = String((dataOf(await asStorefront('/booking/reservations/find', { method: 'POST', body: { number: NUMBER, email: EMAIL } })) as Row).id);
    const id = String(rowOf.get('reservations')?.id);
    expect(reference.startsWith(`${id}.`)).toBe(true);
    expect((dataOf(await asStorefront(`/booking/reservations/${encodeURIComponent(reference)}`)) as Row).reservation_number).toBe(NUMBER);
    const precheckin = dataOf(await asStorefront(`/booking/reservations/${encodeURIComponent(reference)}/precheckin`)) as Row;
    expect(precheckin.license_number).toBe(`L-${MARK}`);
    expect(precheckin.reservation).toBe(reference);
    const payments = dataOf(await asStorefront(`/payments-ledger${qs({ reservation: reference })}`)) as Row[];
    expect(payments.map((p) => p.idempotency_key)).toEqual([`key-${MARK}`]);
    expect(payments[0]?.reservation).toBe(reference);

    const mac = reference.split('.')[1] ?? '';
    const neighbour = `${Number(id) + 1}.${mac}`;
    for (const forged of [id, neighbour, `${id}.${'A'.repeat(22)}`]) {
      expect((await asStorefront(`/booking/reservations/${encodeURIComponent(forged)}`)).status, forged).toBe(404);
      expect((await asStorefront(`/booking/reservations/${encodeURIComponent(forged)}/precheckin`)).status, forged).toBe(404);
      expect((await asStorefront(`/booking/reservations/${encodeURIComponent(forged)}`, { method: 'PATCH', body: { status: 'cancelled' } })).status, forged).toBe(404);
      expect((await asStorefront(`/booking/reservations/${encodeURIComponent(forged)}/notices`, { method: 'POST', body: { revision: 0 } })).status, forged).toBe(404);
      expect((await asStorefront(`/booking/reservations/${encodeURIComponent(forged)}/notices/0`, { method: 'DELETE' })).status, forged).toBe(404);
      expectNothing(await asStorefront(`/payments-ledger${qs({ reservation: forged })}`), `payments of ${forged}`);
    }
  });

  it('writes a pre-check-in through its reservation, only its own fields and documents', async () => {
    const reference = String((dataOf(await asStorefront('/booking/reservations/find', { method: 'POST', body: { number: NUMBER, email: EMAIL } })) as Row).id);
    const path = `/booking/reservations/${encodeURIComponent(reference)}/precheckin`;
    const saved = await asStorefront(path, { method: 'PUT', body: { contact_phone: '+50761111111', preferred_language: 'en-US' } });
    expect(saved.status, saved.text).toBe(200);
    expect(dataOf(saved)).toMatchObject({ contact_phone: '+50761111111', license_number: `L-${MARK}` });
    expect((await asStorefront(path, { method: 'PUT', body: { reservation: 1 } })).status).toBe(400);
    expect((await asStorefront(path, { method: 'PUT', body: { status: 'approved' } })).status).toBe(400);
    // A file that is not a pre-check-in document (any public image) cannot be linked to a renter.
    const files = dataOf(await api<Row[]>(`/files${qs({ fields: 'id', limit: 1 })}`, { token: storefront }));
    if (files[0]) expect((await asStorefront(path, { method: 'PUT', body: { license_file: files[0].id } })).status).toBe(400);
    for (const notAFile of ['abc', 42, `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(12)}`]) {
      expect((await asStorefront(path, { method: 'PUT', body: { id_file: notAFile } })).status, String(notAFile)).toBe(400);
    }
  });

  it('keeps drafts by their reference: create, read, update; a forged or expired one is not found', async () => {
    const createdDraft = await asStorefront('/booking/drafts', { method: 'POST', body: { data: { step: 'location', mark: MARK }, expires_at: new Date(Date.now() + 60_000).toISOString() } });
    expect(createdDraft.status, createdDraft.text).toBe(201);
    const reference = String((dataOf(createdDraft) as Row).id);
    const [uuid] = reference.split('.');
    created.push({ collection: 'reservation_drafts', id: uuid ?? '' });
    expect((dataOf(await asStorefront(`/booking/drafts/${encodeURIComponent(reference)}`)) as Row).data).toEqual({ step: 'location', mark: MARK });
    expect((await asStorefront(`/booking/drafts/${encodeURIComponent(reference)}`, { method: 'PATCH', body: { data: { step: 'coverage' }, expires_at: new Date(Date.now() - 1000).toISOString() } })).status).toBe(200);
    expect((await asStorefront(`/booking/drafts/${encodeURIComponent(reference)}`)).status).toBe(404);
    expect((await asStorefront(`/booking/drafts/${uuid ?? ''}`)).status).toBe(404);
    const other = String(rowOf.get('reservation_drafts')?.id);
    expect((await asStorefront(`/booking/drafts/${other}.${'A'.repeat(22)}`)).status).toBe(404);
    expect((await asStorefront('/booking/drafts', { method: 'POST', body: { data: 'x', expires_at: 'soon' } })).status).toBe(400);
  });

  it('writes a corporate lead without reading any back', async () => {
    const lead = await asStorefront('/booking/leads', { method: 'POST', body: { company: `Lead ${MARK}`, contact_name: 'Di', email: `lead-${EMAIL}`, fleet_size: '5', brand: 'firefly' } });
    expect(lead.status, lead.text).toBe(201);
    expect(lead.text).not.toContain(MARK);
    const stored = dataOf(await api<Row[]>(`/items/corporate_leads${qs({ filter: { company: { _eq: `Lead ${MARK}` } }, fields: 'id' })}`, { token: admin }));
    for (const row of stored) created.push({ collection: 'corporate_leads', id: row.id });
    expect(stored).toHaveLength(1);
    expect((await asStorefront('/booking/leads', { method: 'POST', body: { company: 'x', contact_name: 'y', email: 'z@example.com', status: 'won' } })).status).toBe(400);
  });
});
