// Pre-check-in documents against a live instance (CONTENT_URL): POST /precheckin-documents stores a licence or
// id scan (JPEG, PNG or PDF by its bytes, at most 10 MB) in the private folder "Pre-check-in documents", and refuses
// the rest with nothing stored; the files of that folder are readable by staff only, by every route (/files, /assets,
// nested through precheckins); the storefront links them to its pre-check-in and cannot read them back.
// docs/content-model.md, "Pre-check-ins". Every row made here is removed at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, dataOf, errorCode, firstOf, qs, requireEnv, uniqueSuffix, type ApiResult, postForm } from './helpers';
import { JPEG, PNG, PDF, MB } from './files';

const PRIVATE_FOLDER_NAME = 'Pre-check-in documents';

interface Stored { id: string; type: string; filesize: number }
interface FileRow { id: string; folder: string | null; type: string; title: string; filename_download: string; filesize: number | string; uploaded_by: string | null }

const suffix = uniqueSuffix();
const base = () => requireEnv('CONTENT_URL');
let admin = '';
let storefront = '';
let agent = '';
let folder = '';
let reservation = 0;
let otherReservation = 0;
let reference = '';
let otherReference = '';
const files: string[] = [];
const cleanup: string[] = [];

async function upload(file: Buffer, { name = 'scan.jpg', kind = 'license', type = 'image/jpeg', token = storefront }: { name?: string; kind?: string; type?: string; token?: string | null } = {}): Promise<ApiResult<Stored>> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', new Blob([new Uint8Array(file)], { type }), name);
  const result = await postForm<Stored>('/precheckin-documents', form, token);
  if (result.status === 201) files.push(dataOf(result).id);
  return result;
}

async function privateFileCount(): Promise<number> {
  const result = await api<Array<{ count: { id: number | string } }>>(`/files${qs({ filter: { folder: { _eq: folder } }, aggregate: { count: ['id'] } })}`, { token: admin });
  return Number(firstOf(dataOf(result), 'a count').count.id);
}

async function createAs<T extends { id: number | string }>(token: string, collection: string, body: Record<string, unknown>): Promise<T> {
  const path = collection === 'directus_users' ? '/users' : `/items/${collection}`;
  const result = await api<T>(path, { method: 'POST', token, body });
  expect(result.status, `create ${collection}: ${result.text.slice(0, 300)}`).toBe(200);
  const item = dataOf(result);
  cleanup.push(`${path}/${item.id}`);
  return item;
}

beforeAll(async () => {
  admin = await adminToken();
  storefront = requireEnv('DIRECTUS_STOREFRONT_TOKEN');
  const folders = await api<Array<{ id: string }>>(`/folders${qs({ filter: { name: { _eq: PRIVATE_FOLDER_NAME }, parent: { _null: true } }, fields: 'id' })}`, { token: admin });
  folder = firstOf(dataOf(folders), `the folder "${PRIVATE_FOLDER_NAME}"`).id;
  const reservationBody = (n: number) => ({ reservation_number: `PC-${suffix}-${n}`.toUpperCase(), brand: 'firefly', status: 'unpaid', client_email: `renter-${suffix}@example.com` });
  reservation = (await createAs<{ id: number }>(admin, 'reservations', reservationBody(1))).id;
  otherReservation = (await createAs<{ id: number }>(admin, 'reservations', reservationBody(2))).id;
  // The storefront reaches a reservation by its number and e-mail, then by the reference answered.
  const referenceOf = async (n: number) => {
    const found = await api<{ id: string }>('/booking/reservations/find', { method: 'POST', token: storefront, body: { number: reservationBody(n).reservation_number, email: reservationBody(n).client_email } });
    return dataOf(found).id;
  };
  reference = await referenceOf(1);
  otherReference = await referenceOf(2);
  const roles = await api<Array<{ id: string }>>(`/roles${qs({ filter: { name: { _eq: 'Corporate agent' } }, fields: 'id' })}`, { token: admin });
  agent = `precheckin-agent-${suffix}`;
  await createAs(admin, 'directus_users', { email: `pc-agent-${suffix}@example.com`, role: firstOf(dataOf(roles), 'the Corporate agent role').id, status: 'active', token: agent });
});

afterAll(async () => {
  // Pre-check-ins first (they point at the reservations and the files), then the rest, newest first.
  const rows = await api<Array<{ id: number }>>(`/items/precheckins${qs({ filter: { reservation: { _in: [reservation, otherReservation] } }, fields: 'id' })}`, { token: admin });
  for (const row of rows.body.data ?? []) await api(`/items/precheckins/${row.id}`, { method: 'DELETE', token: admin });
  for (const id of files) await api(`/files/${id}`, { method: 'DELETE', token: admin });
  for (const path of cleanup.reverse()) await api(path, { method: 'DELETE', token: admin });
});

describe('POST /precheckin-documents', () => {
  it('answers 401 without a token and 403 to a user without the Storefront policy', async () => {
    const anonymous = await upload(JPEG, { token: null });
    expect(anonymous.status, anonymous.text).toBe(401);
    const other = await upload(JPEG, { token: agent });
    expect(other.status, other.text).toBe(403);
    expect(errorCode(other)).toBe('FORBIDDEN');
  });

  it('stores a good JPEG, PNG and PDF in the private folder, typed from their bytes, under a neutral name', async () => {
    const cases = [
      { file: JPEG, type: 'image/jpeg', kind: 'license', name: 'Juan Pérez licence.jpg', declared: 'image/jpeg', extension: 'jpg' },
      // A PNG sent as "application/octet-stream" named .pdf: its bytes say PNG, and PNG it is.
      { file: PNG, type: 'image/png', kind: 'id', name: 'María González passport.pdf', declared: 'application/octet-stream', extension: 'png' },
      { file: PDF, type: 'application/pdf', kind: 'license', name: 'scan', declared: 'text/plain', extension: 'pdf' },
    ];
    for (const c of cases) {
      const result = await upload(c.file, { name: c.name, kind: c.kind, type: c.declared, token: c.kind === 'id' ? admin : storefront });
      expect(result.status, result.text).toBe(201);
      const stored = dataOf(result);
      expect(stored).toEqual({ id: expect.any(String), type: c.type, filesize: c.file.length });

      const row = dataOf(await api<FileRow>(`/files/${stored.id}`, { token: admin }));
      expect(row.folder).toBe(folder);
      expect(row.type).toBe(c.type);
      expect(Number(row.filesize)).toBe(c.file.length);
      expect(row.filename_download).toMatch(new RegExp(`^${c.kind}-\\d{4}-\\d{2}-\\d{2}\\.${c.extension}$`));
      expect(row.title).toMatch(/^(Driver licence|Id or passport) \d{4}-\d{2}-\d{2}$/);
      expect(row.uploaded_by).toBeTruthy();

      const asset = await fetch(`${base()}/assets/${stored.id}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(asset.status).toBe(200);
      expect(Buffer.from(await asset.arrayBuffer()).equals(c.file)).toBe(true);
    }
  });

  it('refuses a 12 MB file with 413 FILE_TOO_LARGE and stores nothing', async () => {
    const before = await privateFileCount();
    const big = Buffer.alloc(12 * MB, 0);
    PDF.copy(big); // a real PDF signature: refused for its size alone
    const result = await upload(big, { name: 'scan.pdf', type: 'application/pdf' });
    expect(result.status, result.text).toBe(413);
    expect(errorCode(result)).toBe('FILE_TOO_LARGE');
    expect(await privateFileCount()).toBe(before);
  });

  it('refuses a file just over 10 MB (without a declared length past the limit) and stores nothing', async () => {
    const before = await privateFileCount();
    const over = Buffer.alloc(10 * MB + 1, 0);
    JPEG.copy(over);
    const result = await upload(over);
    expect(result.status, result.text).toBe(413);
    expect(errorCode(result)).toBe('FILE_TOO_LARGE');
    expect(await privateFileCount()).toBe(before);
  });

  it('refuses a text file named scan.pdf and an executable named licence.jpg with 415, storing nothing', async () => {
    const before = await privateFileCount();
    const text = await upload(Buffer.from('Not a PDF at all, just text.\n'), { name: 'scan.pdf', type: 'application/pdf' });
    expect(text.status, text.text).toBe(415);
    expect(errorCode(text)).toBe('FILE_TYPE_NOT_ALLOWED');
    const exe = Buffer.alloc(512, 0);
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1').copy(exe);
    const executable = await upload(exe, { name: 'licence.jpg', type: 'image/jpeg' });
    expect(executable.status, executable.text).toBe(415);
    expect(errorCode(executable)).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(await privateFileCount()).toBe(before);
    const named = await api<FileRow[]>(`/files${qs({ filter: { filename_download: { _in: ['scan.pdf', 'licence.jpg'] } }, fields: 'id' })}`, { token: admin });
    expect(dataOf(named)).toEqual([]);
  });

  it('answers 400 to an empty file, a missing file and an unknown kind', async () => {
    const before = await privateFileCount();
    const empty = await upload(Buffer.alloc(0));
    expect(empty.status, empty.text).toBe(400);
    expect(errorCode(empty)).toBe('FILE_EMPTY');
    const kind = await upload(JPEG, { kind: 'selfie' });
    expect(kind.status, kind.text).toBe(400);
    expect(errorCode(kind)).toBe('INVALID_PAYLOAD');
    const form = new FormData();
    form.append('kind', 'license');
    const missing = await fetch(`${base()}/precheckin-documents`, { method: 'POST', body: form, headers: { authorization: `Bearer ${storefront}` } });
    expect(missing.status).toBe(400);
    const json = await api('/precheckin-documents', { method: 'POST', token: storefront, body: { kind: 'license' } });
    expect(json.status).toBe(400);
    expect(errorCode(json)).toBe('INVALID_PAYLOAD');
    expect(await privateFileCount()).toBe(before);
  });
});

describe('the private folder', () => {
  let licence = '';
  let id = '';

  beforeAll(async () => {
    licence = dataOf(await upload(JPEG, { kind: 'license' })).id;
    id = dataOf(await upload(PDF, { kind: 'id', name: 'id.pdf', type: 'application/pdf' })).id;
  });

  it('lets the storefront write a pre-check-in linking its documents through its reservation, one per reservation', async () => {
    const body = {
      reservation, status: 'pending', license_number: 'PA-123456', license_country: 'PA', license_expiry: '2031-05-01',
      id_document: 'N-12-3456', flight_number: 'CM123', license_file: licence, id_file: id,
      terms_accepted_name: 'Ana Renter', terms_accepted_at: '2030-01-15T10:30:00', preferred_language: 'es-ES',
      contact_email: `renter-${suffix}@example.com`,
      additional_drivers: [{ first_name: 'Luis', last_name: 'Driver', birthday: '1990-02-03', license_number: 'US-999', license_country: 'US', license_expiry: '2032-01-01' }],
    };
    const { reservation: _named, ...fields } = body;
    const path = `/booking/reservations/${reference}/precheckin`;
    expect((await api(`/items/precheckins`, { method: 'POST', token: storefront, body })).status).toBe(403);
    const created = await api<Record<string, unknown>>(path, { method: 'PUT', token: storefront, body: fields });
    expect(created.status, created.text).toBe(200);
    const row = dataOf(created);
    expect(row).toMatchObject({ reservation: reference, license_file: licence, id_file: id, license_country: 'PA', terms_accepted_name: 'Ana Renter', additional_drivers: body.additional_drivers });
    expect(row.license_expiry).toBe('2031-05-01');

    // One per reservation, whoever writes: a second row is refused by the collection itself.
    const second = await api(`/items/precheckins`, { method: 'POST', token: admin, body: { reservation, status: 'pending' } });
    expect(second.status, second.text).toBe(400);
    expect(errorCode(second)).toBe('RECORD_NOT_UNIQUE');

    const badCountry = await api(`/booking/reservations/${otherReference}/precheckin`, { method: 'PUT', token: storefront, body: { license_country: 'Panama' } });
    expect(badCountry.status, badCountry.text).toBe(400);

    const updated = await api<Record<string, unknown>>(path, { method: 'PUT', token: storefront, body: { status: 'paid' } });
    expect(updated.status, updated.text).toBe(200);
    expect(dataOf(updated)).toMatchObject({ id: row.id, status: 'paid', license_file: licence });
    expect(dataOf(updated).date_updated).toBeTruthy();
  });

  it('keeps its files from the public and the storefront by every route; staff read them', async () => {
    for (const [who, token] of [['public', null], ['storefront', storefront]] as const) {
      for (const file of [licence, id]) {
        expect((await api(`/files/${file}`, { token })).status, `${who} /files/${file}`).toBe(403);
        const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
        expect((await fetch(`${base()}/assets/${file}`, { headers })).status, `${who} /assets/${file}`).toBe(403);
        expect((await fetch(`${base()}/assets/${file}?download`, { headers })).status, `${who} /assets/${file}?download`).toBe(403);
        expect((await fetch(`${base()}/assets/${file}?width=10&height=10`, { headers })).status, `${who} /assets/${file} transformed`).toBe(403);
      }
      const byFolder = await api<FileRow[]>(`/files${qs({ filter: { folder: { _eq: folder } }, fields: 'id', limit: -1 })}`, { token });
      expect(byFolder.status === 403 || (byFolder.status === 200 && dataOf(byFolder).length === 0), `${who} /files by folder: ${byFolder.text.slice(0, 200)}`).toBe(true);
      const byId = await api<FileRow[]>(`/files${qs({ filter: { id: { _in: [licence, id] } }, fields: 'id', limit: -1 })}`, { token });
      expect(byId.status === 403 || (byId.status === 200 && dataOf(byId).length === 0), `${who} /files by id`).toBe(true);
      const all = await api<FileRow[]>(`/files${qs({ fields: 'id', limit: -1 })}`, { token });
      if (all.status === 200) expect(dataOf(all).map((f) => f.id)).not.toContain(licence);
      const graphql = await fetch(`${base()}/graphql/system`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query: `{ files_by_id(id: "${licence}") { id filename_download } }` }),
      });
      const gql = (await graphql.json()) as { data?: { files_by_id?: unknown } };
      expect(gql.data?.files_by_id ?? null, `${who} GraphQL files_by_id`).toBeNull();
    }

    // Through the pre-check-in: the storefront reads no pre-check-in at /items, and its own route answers the ids it
    // sent, never the files behind them.
    expect((await api(`/items/precheckins${qs({ filter: { reservation: { _eq: reservation } }, fields: 'id,license_file.*' })}`, { token: storefront })).status).toBe(403);
    const own = dataOf(await api<Record<string, unknown>>(`/booking/reservations/${reference}/precheckin`, { token: storefront }));
    expect(own.license_file).toBe(licence);
    const gqlItems = await fetch(`${base()}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${storefront}` },
      body: JSON.stringify({ query: `{ precheckins_by_id(id: ${String(own.id)}) { id license_file { id filename_download } } }` }),
    });
    const gqlBody = (await gqlItems.json()) as { data?: { precheckins_by_id?: { license_file: unknown } | null } };
    expect(gqlBody.data?.precheckins_by_id ?? null, 'GraphQL precheckins_by_id').toBeNull();
    // Nobody without a token reads pre-check-ins at all.
    expect((await api(`/items/precheckins${qs({ fields: 'license_file.*' })}`)).status).toBe(403);
    // Nor can the storefront move a file in or out of the folder, or replace it.
    expect((await api(`/files/${licence}`, { method: 'PATCH', token: storefront, body: { folder: null } })).status).toBe(403);

    // Staff read them: metadata, bytes and nested.
    expect((await api(`/files/${licence}`, { token: admin })).status).toBe(200);
    expect((await fetch(`${base()}/assets/${licence}`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
    const staff = await api<Array<{ license_file: { id: string; folder: string } | null }>>(`/items/precheckins${qs({ filter: { reservation: { _eq: reservation } }, fields: 'license_file.id,license_file.folder' })}`, { token: admin });
    expect(firstOf(dataOf(staff), 'the pre-check-in').license_file).toEqual({ id: licence, folder });
  });

  it('keeps a file of the folder private even when a published item points at it', async () => {
    // A published promotion that ended long ago (the storefront lists none such), pointing at a renter's scan by mistake.
    await createAs(admin, 'promos', { status: 'published', slug: `precheckin-leak-${suffix}`, valid_from: '2001-01-01', valid_until: '2001-01-02', image: licence });
    expect((await fetch(`${base()}/assets/${licence}`)).status).toBe(403);
    expect((await api(`/files/${licence}`)).status).toBe(403);
    expect((await api(`/files/${licence}`, { token: storefront })).status).toBe(403);
    const promo = await api<Array<{ image: unknown }>>(`/items/promos${qs({ filter: { slug: { _eq: `precheckin-leak-${suffix}` } }, fields: 'image.*' })}`);
    expect(firstOf(dataOf(promo), 'the promotion').image ?? null).toBeNull();
  });
});

describe('a cancelled reservation', () => {
  it('cancels its pre-check-in, whoever cancels it', async () => {
    const created = await api<{ id: number; status: string }>(`/booking/reservations/${otherReference}/precheckin`, { method: 'PUT', token: storefront, body: { status: 'pending' } });
    expect(created.status, created.text).toBe(200);
    const cancel = await api(`/items/reservations/${otherReservation}`, { method: 'PATCH', token: admin, body: { status: 'cancelled' } });
    expect(cancel.status, cancel.text).toBe(200);
    const row = await api<{ status: string }>(`/items/precheckins/${dataOf(created).id}`, { token: admin });
    expect(dataOf(row).status).toBe('cancelled');
  });
});
