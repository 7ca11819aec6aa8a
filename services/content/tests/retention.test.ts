// The retention job against a live instance (CONTENT_URL), by moving its clock: POST /retention/run with a `now`
// in the future, limited (`only`) to the records this file makes, removes what the periods of the brand sites no
// longer allow (scans 30 days after the car really came back, never while it is out; CVs 180 days after the offer
// closed, drafts at their expiry or 7 days after they were started, leads after 730 days), keeps the rest, and writes
// one row per kind in `retention_runs` on every run, 0 removed included. Only administrators may run it.
// docs/privacy.md, "How long". Every row made here is removed at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, dataOf, errorCode, postForm, qs, requireEnv, uniqueSuffix } from './helpers';
import { JPEG, PDF } from './files';

const suffix = uniqueSuffix();
let admin = '';
const DAY = 24 * 60 * 60 * 1000;
const cleanup: string[] = [];
const files: string[] = [];

/** Today in Panama (UTC-5, no daylight saving time). */
const panamaToday = () => new Date(Date.now() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);

async function create<T extends { id: number | string }>(collection: string, body: Record<string, unknown>): Promise<T> {
  const result = await api<T>(`/items/${collection}`, { method: 'POST', token: admin, body });
  expect(result.status, `create ${collection}: ${result.text.slice(0, 300)}`).toBe(200);
  const item = dataOf(result);
  cleanup.push(`/items/${collection}/${item.id}`);
  return item;
}

async function uploadScan(): Promise<string> {
  const form = new FormData();
  form.append('kind', 'license');
  form.append('file', new Blob([new Uint8Array(JPEG)], { type: 'image/jpeg' }), 'scan.jpg');
  const result = await postForm<{ id: string }>('/precheckin-documents', form, admin);
  expect(result.status, result.text).toBe(201);
  const id = dataOf(result).id;
  files.push(id);
  return id;
}

type Removed = { scans: (number | string)[]; cvs: (number | string)[]; drafts: (number | string)[]; leads: (number | string)[] };
const records = { precheckins: [] as number[], job_applications: [] as number[], reservation_drafts: [] as string[], corporate_leads: [] as number[] };
const fixture = { returnedScan: 0, laterScan: 0, returnedFiles: [] as string[], laterFile: '', application: 0, cv: '', expiringDraft: '', longDraft: '', lead: 0 };
const now = Date.now();
const at = (ms: number) => new Date(ms).toISOString();

async function run(when: string, { token = admin, only = records }: { token?: string | null; only?: Partial<typeof records> } = {}) {
  return api<{ as_of: string; removed: Removed }>('/retention/run', { method: 'POST', token, body: { now: when, only } });
}

const exists = async (path: string) => (await api(path, { token: admin })).status === 200;

beforeAll(async () => {
  admin = await adminToken();
  // Two pre-check-ins with scans: one for a car booked back on 2030-01-10 but handed back two days early, on 2030-01-08
  // 10:00 in Panama (15:00 UTC); one for a car booked back on 2030-01-20, picked up and never returned.
  const reservation = (n: number, returnDate: string, rental: Record<string, unknown>) => create<{ id: number }>('reservations', {
    reservation_number: `RT-${suffix}-${n}`.toUpperCase(), brand: 'firefly', status: 'paid', client_email: `rt-${suffix}@example.com`,
    pickup_date: '2030-01-05T10:00:00', return_date: returnDate, ...rental,
  });
  const first = await reservation(1, '2030-01-10T10:00:00', { rental_status: 'returned', returned_at: '2030-01-08T15:00:00Z' });
  const second = await reservation(2, '2030-01-20T10:00:00', { rental_status: 'picked_up' });
  fixture.returnedFiles = [await uploadScan(), await uploadScan()];
  fixture.laterFile = await uploadScan();
  fixture.returnedScan = (await create<{ id: number }>('precheckins', { reservation: first.id, license_file: fixture.returnedFiles[0], id_file: fixture.returnedFiles[1], license_number: 'L-1' })).id;
  fixture.laterScan = (await create<{ id: number }>('precheckins', { reservation: second.id, license_file: fixture.laterFile })).id;
  cleanup.unshift(`/items/precheckins/${fixture.laterScan}`, `/items/precheckins/${fixture.returnedScan}`);
  records.precheckins.push(fixture.returnedScan, fixture.laterScan);

  // An application with its CV to an offer closing today.
  const job = await create<{ id: number }>('jobs', { slug: `retention-${suffix}`, status: 'published', closing_on: panamaToday() });
  const form = new FormData();
  for (const [key, value] of Object.entries({ job: String(job.id), name: 'Ana Applicant', email: `rt-cv-${suffix}@example.com`, phone: '+50761234567' })) form.append(key, value);
  form.append('cv', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'cv.pdf');
  const applied = await postForm<{ id: number }>('/job-applications', form, admin);
  expect(applied.status, applied.text).toBe(201);
  fixture.application = dataOf(applied).id;
  cleanup.unshift(`/items/job_applications/${fixture.application}`);
  records.job_applications.push(fixture.application);
  const row = await api<{ cv: string }>(`/items/job_applications/${fixture.application}?fields=cv`, { token: admin });
  fixture.cv = dataOf(row).cv;
  files.push(fixture.cv);

  // Drafts: one expiring in two days, one whose expiry keeps moving (30 days away) but was started now.
  fixture.expiringDraft = (await create<{ id: string }>('reservation_drafts', { data: { step: 1 }, expires_at: at(now + 2 * DAY) })).id;
  fixture.longDraft = (await create<{ id: string }>('reservation_drafts', { data: { step: 2 }, expires_at: at(now + 30 * DAY) })).id;
  records.reservation_drafts.push(fixture.expiringDraft, fixture.longDraft);

  fixture.lead = (await create<{ id: number }>('corporate_leads', { company: `Retention ${suffix}`, contact_name: 'Luis', email: `rt-lead-${suffix}@example.com`, brand: 'firefly' })).id;
  records.corporate_leads.push(fixture.lead);
});

afterAll(async () => {
  for (const path of cleanup) await api(path, { method: 'DELETE', token: admin });
  for (const id of files) await api(`/files/${id}`, { method: 'DELETE', token: admin });
});

describe('POST /retention/run', () => {
  it('answers 401 without a token and 403 to the storefront', async () => {
    const anonymous = await run(at(now), { token: null });
    expect(anonymous.status, anonymous.text).toBe(401);
    const storefront = await run(at(now), { token: requireEnv('DIRECTUS_STOREFRONT_TOKEN') });
    expect(storefront.status, storefront.text).toBe(403);
    expect(errorCode(storefront)).toBe('FORBIDDEN');
  });

  it('refuses a malformed body with the field', async () => {
    const result = await api('/retention/run', { method: 'POST', token: admin, body: { now: 'tomorrow' } });
    expect(result.status, result.text).toBe(400);
    expect((result.body.errors?.[0]?.extensions as { field?: string } | undefined)?.field).toBe('now');
  });

  it('removes nothing of these records today', async () => {
    const result = await run(at(now));
    expect(result.status, result.text).toBe(200);
    expect(dataOf(result).removed).toEqual({ scans: [], cvs: [], drafts: [], leads: [] });
  });

  it('records every run, one row per kind, even when it removed nothing (0)', async () => {
    // A run counted to an instant of its own, limited to no record at all.
    const when = new Date(Date.UTC(2040, 0, 1) + Math.floor(Math.random() * 1e9) * 1000);
    const result = await run(when.toISOString(), { only: {} });
    expect(dataOf(result).removed).toEqual({ scans: [], cvs: [], drafts: [], leads: [] });
    const window = [at(when.getTime() - 1000), at(when.getTime() + 1000)];
    const rows = await api<Array<{ kind: string; removed_count: number; removed_ids: unknown[]; trigger: string }>>(
      `/items/retention_runs${qs({ filter: { as_of: { _between: window } }, fields: 'kind,removed_count,removed_ids,trigger', limit: -1 })}`, { token: admin });
    expect(dataOf(rows).map((row) => [row.kind, row.removed_count, row.removed_ids, row.trigger]).sort()).toEqual([
      ['cvs', 0, [], 'manual'], ['drafts', 0, [], 'manual'], ['leads', 0, [], 'manual'], ['scans', 0, [], 'manual'],
    ]);
  });

  it('three days on: the draft past its expiry goes, the one still valid stays', async () => {
    const result = await run(at(now + 3 * DAY));
    expect(dataOf(result).removed).toEqual({ scans: [], cvs: [], drafts: [fixture.expiringDraft], leads: [] });
    expect(await exists(`/items/reservation_drafts/${fixture.expiringDraft}`)).toBe(false);
    expect(await exists(`/items/reservation_drafts/${fixture.longDraft}`)).toBe(true);
  });

  it('eight days on: the draft started more than 7 days ago goes, even though it has not expired', async () => {
    const result = await run(at(now + 8 * DAY));
    expect(dataOf(result).removed.drafts).toEqual([fixture.longDraft]);
    expect(await exists(`/items/reservation_drafts/${fixture.longDraft}`)).toBe(false);
  });

  it('30 days after the car really came back: that pre-check-in\'s scans are deleted (files and links); a car still out keeps its renter\'s', async () => {
    // Handed back 2030-01-08 15:00 UTC: a minute before the 30 days end, nothing goes. (Only the pre-check-ins: by 2030
    // the application and the lead made here would be due too.)
    const scansOnly = { precheckins: records.precheckins };
    expect(dataOf(await run('2030-02-07T14:59:00Z', { only: scansOnly })).removed.scans).toEqual([]);
    const result = await run('2030-02-07T15:00:00Z', { only: scansOnly });
    expect(dataOf(result).removed.scans).toEqual([fixture.returnedScan]);
    const precheckin = dataOf(await api<{ license_file: string | null; id_file: string | null; license_number: string }>(`/items/precheckins/${fixture.returnedScan}`, { token: admin }));
    expect(precheckin).toMatchObject({ license_file: null, id_file: null, license_number: 'L-1' });
    for (const id of fixture.returnedFiles) {
      expect(await exists(`/files/${id}`), `file ${id}`).toBe(false);
      expect((await api(`/assets/${id}`, { token: admin })).status).not.toBe(200);
    }
    expect(await exists(`/files/${fixture.laterFile}`)).toBe(true);
    expect(dataOf(await api<{ license_file: string | null }>(`/items/precheckins/${fixture.laterScan}`, { token: admin })).license_file).toBe(fixture.laterFile);
    // The car booked back on 2030-01-20 is still out a year later: its renter's scans stay (a dispute, a theft report).
    expect(dataOf(await run('2031-03-01T00:00:00Z', { only: scansOnly })).removed.scans).toEqual([]);
    expect(await exists(`/files/${fixture.laterFile}`)).toBe(true);
  });

  it('180 days after the offer closed: the application and its CV go; the lead stays until two years', async () => {
    expect(dataOf(await run(at(now + 179 * DAY))).removed.cvs).toEqual([]);
    const result = await run(at(now + 182 * DAY));
    expect(dataOf(result).removed.cvs).toEqual([fixture.application]);
    expect(await exists(`/items/job_applications/${fixture.application}`)).toBe(false);
    expect(await exists(`/files/${fixture.cv}`)).toBe(false);
    expect(await exists(`/items/corporate_leads/${fixture.lead}`)).toBe(true);
    const later = await run(at(now + 731 * DAY));
    expect(dataOf(later).removed.leads).toEqual([fixture.lead]);
    expect(await exists(`/items/corporate_leads/${fixture.lead}`)).toBe(false);
  });

  it('logs each removal in retention_runs, which staff read', async () => {
    const runs = await api<Array<{ kind: string; removed_count: number; removed_ids: (number | string)[]; trigger: string; as_of: string }>>(
      `/items/retention_runs${qs({ filter: { trigger: { _eq: 'manual' } }, sort: '-id', limit: 200 })}`, { token: admin });
    const ours: Record<string, (number | string)[]> = {
      drafts: [fixture.expiringDraft, fixture.longDraft], scans: [fixture.returnedScan], cvs: [fixture.application], leads: [fixture.lead],
    };
    const mine = dataOf(runs).filter((row) => row.removed_ids.some((id) => ours[row.kind]?.includes(id)));
    expect(mine.map((row) => [row.kind, row.removed_count]).sort()).toEqual([['cvs', 1], ['drafts', 1], ['drafts', 1], ['leads', 1], ['scans', 1]]);
    expect(mine.find((row) => row.kind === 'scans')?.as_of).toMatch(/^2030-02-07T15:00:00/);
    const storefront = await api('/items/retention_runs', { token: requireEnv('DIRECTUS_STOREFRONT_TOKEN') });
    expect(storefront.status).toBe(403);
  });
});
