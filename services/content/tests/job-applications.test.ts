// Job applications against a live instance (CONTENT_URL): POST /job-applications checks the offer is open and
// the applicant's details, takes the CV only as a PDF by its bytes (at most 5 MB), stores it in the private folder
// "Job applications" under a neutral name and creates the application pointing at it; every refusal stores nothing.
// The CVs are readable by staff only, by every route (/files, /assets, nested through job_applications).
// docs/content-model.md, "Job applications". Every row and file made here is removed at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, dataOf, errorCode, firstOf, qs, requireEnv, uniqueSuffix, type ApiResult, postForm } from './helpers';
import { PNG, PDF, MB } from './files';

const PRIVATE_FOLDER_NAME = 'Job applications';

interface Created { id: number }
interface FileRow { id: string; folder: string | null; type: string; title: string; filename_download: string; filesize: number | string; uploaded_by: string | null }
interface ApplicationRow { id: number; job: number; name: string; email: string; phone: string; message: string | null; cv: FileRow | string | null }

const suffix = uniqueSuffix();
const base = () => requireEnv('CONTENT_URL');
let admin = '';
let storefront = '';
let agent = '';
let folder = '';
const jobs = { open: 0, closingToday: 0, closed: 0, draft: 0 };
const applications: number[] = [];
const cleanup: string[] = [];

/** Today in Panama (UTC-5, no daylight saving time). */
const panamaToday = () => new Date(Date.now() - 5 * 60 * 60 * 1000).toISOString().slice(0, 10);

const applicant = () => ({ name: 'Ana Applicant', email: `ana-${suffix}@example.com`, phone: '+50761234567', message: 'I would love to work at the airport branch.' });

interface ApplyOptions {
  job?: number | string | null;
  fields?: Record<string, string | undefined>;
  cv?: Buffer | null;
  name?: string;
  type?: string;
  token?: string | null;
  cvFirst?: boolean;
}

async function apply({ job = jobs.open, fields = applicant(), cv = PDF, name = 'Ana Applicant CV.pdf', type = 'application/pdf', token = storefront, cvFirst = false }: ApplyOptions = {}): Promise<ApiResult<Created>> {
  const form = new FormData();
  const appendCv = () => {
    if (cv) form.append('cv', new Blob([new Uint8Array(cv)], { type }), name);
  };
  if (cvFirst) appendCv();
  if (job !== null) form.append('job', String(job));
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  if (!cvFirst) appendCv();
  const result = await postForm<Created>('/job-applications', form, token);
  if (result.status === 201) applications.push(dataOf(result).id);
  return result;
}

const errorField = (result: ApiResult) => (result.body.errors?.[0]?.extensions as { field?: string } | undefined)?.field;

/** Files in the private folder and applications to the test's jobs: what a refusal must leave unchanged. */
async function stored(): Promise<{ files: number; applications: number }> {
  const files = await api<Array<{ count: { id: number | string } }>>(`/files${qs({ filter: { folder: { _eq: folder } }, aggregate: { count: ['id'] } })}`, { token: admin });
  const rows = await api<Array<{ count: { id: number | string } }>>(`/items/job_applications${qs({ filter: { job: { _in: Object.values(jobs) } }, aggregate: { count: ['id'] } })}`, { token: admin });
  return {
    files: Number(firstOf(dataOf(files), 'a count').count.id),
    applications: Number(firstOf(dataOf(rows), 'a count').count.id),
  };
}

async function createAs<T extends { id: number | string }>(token: string, collection: string, body: Record<string, unknown>): Promise<T> {
  const path = collection === 'directus_users' ? '/users' : `/items/${collection}`;
  const result = await api<T>(path, { method: 'POST', token, body });
  expect(result.status, `create ${collection}: ${result.text.slice(0, 300)}`).toBe(200);
  const item = dataOf(result);
  cleanup.push(`${path}/${item.id}`);
  return item;
}

async function readApplication(id: number): Promise<ApplicationRow> {
  return dataOf(await api<ApplicationRow>(`/items/job_applications/${id}${qs({ fields: '*,cv.*' })}`, { token: admin }));
}

beforeAll(async () => {
  admin = await adminToken();
  storefront = requireEnv('DIRECTUS_STOREFRONT_TOKEN');
  const folders = await api<Array<{ id: string }>>(`/folders${qs({ filter: { name: { _eq: PRIVATE_FOLDER_NAME }, parent: { _null: true } }, fields: 'id' })}`, { token: admin });
  folder = firstOf(dataOf(folders), `the folder "${PRIVATE_FOLDER_NAME}"`).id;
  // Published offers that nobody would list as new (posted long ago), a closed one and a draft.
  const job = (name: string, body: Record<string, unknown>) => createAs<Created>(admin, 'jobs', { slug: `apply-${name}-${suffix}`, posted_on: '2001-01-01', employment_type: 'full_time', ...body });
  jobs.open = (await job('open', { status: 'published', closing_on: null })).id;
  jobs.closingToday = (await job('today', { status: 'published', closing_on: panamaToday() })).id;
  jobs.closed = (await job('closed', { status: 'published', closing_on: '2001-01-31' })).id;
  jobs.draft = (await job('draft', { status: 'draft', closing_on: null })).id;
  const roles = await api<Array<{ id: string }>>(`/roles${qs({ filter: { name: { _eq: 'Corporate agent' } }, fields: 'id' })}`, { token: admin });
  agent = `job-agent-${suffix}`;
  await createAs(admin, 'directus_users', { email: `job-agent-${suffix}@example.com`, role: firstOf(dataOf(roles), 'the Corporate agent role').id, status: 'active', token: agent });
});

afterAll(async () => {
  // Applications first (they point at the jobs and the CVs), then their CVs, then the jobs and the user.
  const rows = await api<Array<{ id: number; cv: string | null }>>(`/items/job_applications${qs({ filter: { job: { _in: Object.values(jobs) } }, fields: 'id,cv', limit: -1 })}`, { token: admin });
  const ids = new Set([...applications, ...(rows.body.data ?? []).map((row) => row.id)]);
  const cvs = new Set((rows.body.data ?? []).map((row) => row.cv).filter((cv): cv is string => typeof cv === 'string'));
  for (const id of ids) await api(`/items/job_applications/${id}`, { method: 'DELETE', token: admin });
  for (const cv of cvs) await api(`/files/${cv}`, { method: 'DELETE', token: admin });
  for (const path of cleanup.reverse()) await api(path, { method: 'DELETE', token: admin });
});

describe('POST /job-applications', () => {
  it('answers 401 without a token and 403 to a user without the Storefront policy, storing nothing', async () => {
    const before = await stored();
    const anonymous = await apply({ token: null });
    expect(anonymous.status, anonymous.text).toBe(401);
    expect(errorCode(anonymous)).toBe('INVALID_CREDENTIALS');
    const other = await apply({ token: agent });
    expect(other.status, other.text).toBe(403);
    expect(errorCode(other)).toBe('FORBIDDEN');
    expect(await stored()).toEqual(before);
  });

  it('stores a good PDF in the private folder under a neutral name, and the application linking it', async () => {
    const result = await apply({ name: 'Ana Applicant CV.pdf' });
    expect(result.status, result.text).toBe(201);
    expect(result.body).toEqual({ data: { id: expect.any(Number) } });
    const row = await readApplication(dataOf(result).id);
    expect(row).toMatchObject({ job: jobs.open, ...applicant() });
    const cv = row.cv as FileRow;
    expect(cv.folder).toBe(folder);
    expect(cv.type).toBe('application/pdf');
    expect(Number(cv.filesize)).toBe(PDF.length);
    expect(cv.filename_download).toMatch(/^cv-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(cv.title).toMatch(/^CV \d{4}-\d{2}-\d{2}$/);
    expect(`${cv.title} ${cv.filename_download}`).not.toMatch(/Ana|Applicant/);
    expect(cv.uploaded_by).toBeTruthy();

    const asset = await fetch(`${base()}/assets/${cv.id}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(asset.status).toBe(200);
    expect(Buffer.from(await asset.arrayBuffer()).equals(PDF)).toBe(true);
  });

  it('takes the fields in any order, without a message, from staff too, for an offer closing today', async () => {
    const { message: _message, ...noMessage } = applicant();
    const result = await apply({ job: jobs.closingToday, fields: noMessage, cvFirst: true, name: 'cv', type: 'application/octet-stream', token: admin });
    expect(result.status, result.text).toBe(201);
    const row = await readApplication(dataOf(result).id);
    expect(row).toMatchObject({ job: jobs.closingToday, name: 'Ana Applicant', message: null });
    expect((row.cv as FileRow).folder).toBe(folder);
  });

  it('refuses a 6 MB PDF with 413 FILE_TOO_LARGE and stores nothing', async () => {
    const before = await stored();
    const big = Buffer.alloc(6 * MB, 0x20);
    PDF.copy(big); // a real PDF signature: refused for its size alone
    const result = await apply({ cv: big });
    expect(result.status, result.text).toBe(413);
    expect(errorCode(result)).toBe('FILE_TOO_LARGE');
    expect(errorField(result)).toBe('cv');
    expect(await stored()).toEqual(before);
  });

  it('refuses a PNG and a text file named cv.pdf with 415 FILE_TYPE_NOT_ALLOWED, storing nothing', async () => {
    const before = await stored();
    const png = await apply({ cv: PNG, name: 'cv.pdf', type: 'application/pdf' });
    expect(png.status, png.text).toBe(415);
    expect(errorCode(png)).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(errorField(png)).toBe('cv');
    const text = await apply({ cv: Buffer.from('Curriculum vitae: not a PDF at all, just text.\n'), name: 'cv.pdf', type: 'application/pdf' });
    expect(text.status, text.text).toBe(415);
    expect(errorCode(text)).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(await stored()).toEqual(before);
    const named = await api<FileRow[]>(`/files${qs({ filter: { filename_download: { _eq: 'cv.pdf' } }, fields: 'id' })}`, { token: admin });
    expect(dataOf(named)).toEqual([]);
  });

  it('answers 404 JOB_NOT_OPEN for a closed, a draft or an unknown offer, storing nothing', async () => {
    const before = await stored();
    for (const job of [jobs.closed, jobs.draft, 999_999_999]) {
      const result = await apply({ job });
      expect(result.status, `job ${job}: ${result.text}`).toBe(404);
      expect(errorCode(result)).toBe('JOB_NOT_OPEN');
      expect(errorField(result)).toBe('job');
    }
    expect(await stored()).toEqual(before);
  });

  it('answers 400 naming the field for missing or bad details, a missing or empty CV, storing nothing', async () => {
    const before = await stored();
    const cases: Array<[string, ApplyOptions, string, string]> = [
      ['no name', { fields: { ...applicant(), name: undefined } }, 'INVALID_PAYLOAD', 'name'],
      ['a blank name', { fields: { ...applicant(), name: '   ' } }, 'INVALID_PAYLOAD', 'name'],
      ['no email', { fields: { ...applicant(), email: undefined } }, 'INVALID_PAYLOAD', 'email'],
      ['a bad email', { fields: { ...applicant(), email: 'ana at example' } }, 'INVALID_PAYLOAD', 'email'],
      ['no phone', { fields: { ...applicant(), phone: undefined } }, 'INVALID_PAYLOAD', 'phone'],
      ['no job', { job: null }, 'INVALID_PAYLOAD', 'job'],
      ['a job that is no id', { job: 'driver' }, 'INVALID_PAYLOAD', 'job'],
      ['an unknown field', { fields: { ...applicant(), salary: '1000' } }, 'INVALID_PAYLOAD', 'salary'],
      ['no CV', { cv: null }, 'INVALID_PAYLOAD', 'cv'],
      ['an empty CV', { cv: Buffer.alloc(0) }, 'FILE_EMPTY', 'cv'],
    ];
    for (const [what, options, code, field] of cases) {
      const result = await apply(options);
      expect(result.status, `${what}: ${result.text}`).toBe(400);
      expect(errorCode(result), what).toBe(code);
      expect(errorField(result), what).toBe(field);
    }
    const json = await api('/job-applications', { method: 'POST', token: storefront, body: { job: jobs.open, ...applicant() } });
    expect(json.status).toBe(400);
    expect(errorCode(json)).toBe('INVALID_PAYLOAD');
    expect(await stored()).toEqual(before);
  });
});

describe('the CVs', () => {
  let application = 0;
  let cv = '';

  beforeAll(async () => {
    application = dataOf(await apply()).id;
    cv = ((await readApplication(application)).cv as FileRow).id;
  });

  it('are kept from the public and the storefront by every route; staff read them', async () => {
    for (const [who, token] of [['public', null], ['storefront', storefront]] as const) {
      expect((await api(`/files/${cv}`, { token })).status, `${who} /files/${cv}`).toBe(403);
      const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      expect((await fetch(`${base()}/assets/${cv}`, { headers })).status, `${who} /assets/${cv}`).toBe(403);
      expect((await fetch(`${base()}/assets/${cv}?download`, { headers })).status, `${who} /assets/${cv}?download`).toBe(403);
      const byFolder = await api<FileRow[]>(`/files${qs({ filter: { folder: { _eq: folder } }, fields: 'id', limit: -1 })}`, { token });
      expect(byFolder.status === 403 || (byFolder.status === 200 && dataOf(byFolder).length === 0), `${who} /files by folder: ${byFolder.text.slice(0, 200)}`).toBe(true);
    }
    // Nor through the application: neither the storefront nor the public reads applications at all.
    for (const token of [storefront, null]) {
      expect((await api(`/items/job_applications${qs({ filter: { id: { _eq: application } }, fields: 'id,cv.*' })}`, { token })).status).toBe(403);
    }
    // Nor can the storefront move it out of the folder.
    expect((await api(`/files/${cv}`, { method: 'PATCH', token: storefront, body: { folder: null } })).status).toBe(403);

    // Staff read it: metadata, bytes and nested.
    expect((await api(`/files/${cv}`, { token: admin })).status).toBe(200);
    expect((await fetch(`${base()}/assets/${cv}`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
    expect((await fetch(`${base()}/assets/${cv}?download`, { headers: { authorization: `Bearer ${admin}` } })).status).toBe(200);
    const staff = await api<Array<{ cv: { id: string; folder: string } | null }>>(`/items/job_applications${qs({ filter: { id: { _eq: application } }, fields: 'cv.id,cv.folder' })}`, { token: admin });
    expect(firstOf(dataOf(staff), 'the application').cv).toEqual({ id: cv, folder });
  });
});
