// Access control of the content service, against a live instance (CONTENT_URL) prepared by the harness:
// docs/content-model.md, "Access". Every test creates the rows it needs through the admin and removes them after,
// so it runs on the real seed or on any database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, api, dataOf, errorCode, firstOf, qs, requireEnv, uniqueSuffix } from './helpers';

const PUBLIC_COLLECTIONS = ['languages', 'sites_config', 'flota', 'prepaid_discounts', 'branches', 'coverages', 'extras', 'dropoff_fees', 'delivery_options', 'info_pages', 'cta', 'promos', 'jobs', 'rate_seasons', 'length_discounts'];
const PRIVATE_COLLECTIONS = ['coupons', 'reservations', 'payments', 'precheckins', 'corporate_accounts', 'corporate_leads', 'job_applications', 'vehicles', 'reservation_drafts', 'rate_limits'];

let admin = '';
let storefront = '';
const cleanup: Array<{ collection: string; id: string | number }> = [];

async function create<T extends { id: number | string }>(collection: string, body: Record<string, unknown>, token = admin): Promise<T> {
  const path = collection === 'directus_users' ? '/users' : `/items/${collection}`;
  const result = await api<T>(path, { method: 'POST', token, body });
  expect(result.status, `create ${collection}: ${result.text.slice(0, 300)}`).toBe(200);
  const item = result.body.data as T;
  cleanup.push({ collection, id: item.id });
  return item;
}

beforeAll(async () => {
  admin = await adminToken();
  storefront = requireEnv('DIRECTUS_STOREFRONT_TOKEN');
});

afterAll(async () => {
  for (const { collection, id } of cleanup.reverse()) {
    const system: Record<string, string> = { directus_users: '/users', directus_files: '/files' };
    await api(`${system[collection] ?? `/items/${collection}`}/${id}`, { method: 'DELETE', token: admin });
  }
});

describe('staff (administrator)', () => {
  it('logs in with ADMIN_EMAIL / ADMIN_PASSWORD and sees every collection of the contract', async () => {
    const me = await api<{ email: string }>('/users/me', { token: admin });
    expect(me.status).toBe(200);
    expect(me.body.data?.email).toBe(requireEnv('ADMIN_EMAIL'));
    const collections = await api<Array<{ collection: string }>>('/collections', { token: admin });
    const names = new Set((collections.body.data ?? []).map((c) => c.collection));
    for (const name of [...PUBLIC_COLLECTIONS, ...PRIVATE_COLLECTIONS, 'sites_config_cars', 'sites_config_cta', 'coverages_included_extras', 'info_pages_translations']) {
      expect(names.has(name), name).toBe(true);
    }
  });

  it('refuses a wrong password', async () => {
    const result = await api('/auth/login', { method: 'POST', body: { email: requireEnv('ADMIN_EMAIL'), password: 'not-the-password' } });
    expect(result.status).toBe(401);
  });
});

describe('public (no token)', () => {
  it('reads published info pages, fleet, brand sites and branches, with translations', async () => {
    for (const collection of ['info_pages', 'sites_config', 'branches']) {
      const result = await api<Array<{ status: string }>>(`/items/${collection}${qs({ fields: 'id,status', limit: -1 })}`);
      expect(result.status, collection).toBe(200);
      for (const item of result.body.data ?? []) expect(item.status, collection).toBe('published');
    }
    const fleet = await api<Array<{ published: boolean }>>(`/items/flota${qs({ fields: 'id,published,discount.*', limit: -1 })}`);
    expect(fleet.status).toBe(200);
    for (const car of fleet.body.data ?? []) expect(car.published).toBe(true);

    // Translations come along (on a seeded page; a test page only when the database has none, so that tests running
    // next to this one never see extra published content).
    const existing = await api<Array<{ id: number }>>(`/items/info_pages${qs({ fields: 'id', limit: 1, filter: { translations: { _some: { languages_code: { _eq: 'en-US' } } } } })}`);
    expect(existing.status, existing.text.slice(0, 200)).toBe(200);
    const page = existing.body.data?.[0] ?? await create<{ id: number }>('info_pages', {
      status: 'published', slug: `test-published-${uniqueSuffix()}`, page_category: 'help',
      translations: [{ languages_code: 'es-ES', title: 'Hola', content: '<p>es</p>' }, { languages_code: 'en-US', title: 'Hello', content: '<p>en</p>' }],
    });
    const read = await api<{ translations: Array<{ languages_code: string; title: string }> }>(`/items/info_pages/${page.id}${qs({ fields: 'slug,translations.languages_code,translations.title' })}`);
    expect(read.status).toBe(200);
    expect(read.body.data?.translations.map((t) => t.languages_code)).toContain('en-US');
  });

  it('does not see drafts, archived items or unpublished cars', async () => {
    const slug = `test-draft-${uniqueSuffix()}`;
    const draft = await create<{ id: number }>('info_pages', { status: 'draft', slug, page_category: 'general' });
    const archived = await create<{ id: number }>('branches', { status: 'archived', code: `A${uniqueSuffix()}`.slice(0, 10), name: 'Archived branch' });
    const hiddenCar = await create<{ id: number }>('flota', { published: false, marca: 'Test', modelo: 'Hidden', tipo: 'sedan', clasificacion: 'XXXX' });

    const list = await api<unknown[]>(`/items/info_pages${qs({ filter: { slug: { _eq: slug } } })}`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
    expect((await api(`/items/info_pages/${draft.id}`)).status).toBe(403);
    expect((await api(`/items/branches/${archived.id}`)).status).toBe(403);
    expect((await api(`/items/flota/${hiddenCar.id}`)).status).toBe(403);

    // The storefront sees what the public sees.
    expect((await api(`/items/info_pages/${draft.id}`, { token: storefront })).status).toBe(403);
    expect((await api(`/items/flota/${hiddenCar.id}`, { token: storefront })).status).toBe(403);
  });

  it('cannot read or write renter data, coupons or payments', async () => {
    for (const collection of PRIVATE_COLLECTIONS) {
      const result = await api(`/items/${collection}`);
      expect(result.status, collection).toBe(403);
    }
    const write = await api('/items/reservations', { method: 'POST', body: { reservation_number: `XX-${uniqueSuffix()}` } });
    expect(write.status).toBe(403);
    const users = await api('/users');
    expect(users.status).toBe(403);
  });

  it('cannot change published content', async () => {
    const result = await api('/items/info_pages', { method: 'POST', body: { slug: `public-${uniqueSuffix()}`, status: 'published' } });
    expect(result.status).toBe(403);
  });

  it('loads assets at /assets/{id}: files in the "Public files" folder, not a file nothing published uses', async () => {
    const folders = await api<Array<{ id: string }>>(`/folders${qs({ filter: { name: { _eq: 'Public files' }, parent: { _null: true } }, fields: 'id' })}`, { token: admin });
    const publicFolder = firstOf(dataOf(folders), 'the folder "Public files"').id;
    const upload = async (title: string, folder: string | null) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>${title}</title></svg>`;
      const form = new FormData();
      form.append('title', title);
      if (folder) form.append('folder', folder);
      form.append('file', new Blob([svg], { type: 'image/svg+xml' }), 'test-asset.svg');
      const response = await fetch(`${requireEnv('CONTENT_URL')}/files`, { method: 'POST', headers: { authorization: `Bearer ${admin}` }, body: form });
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: { id: string } };
      cleanup.push({ collection: 'directus_files', id: data.id });
      return data.id;
    };
    const shared = await upload('Imagen para texto enriquecido', publicFolder);
    const unused = await upload('Imagen sin publicar', null);

    const asset = await fetch(`${requireEnv('CONTENT_URL')}/assets/${shared}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toContain('image/svg+xml');
    expect(await asset.text()).toContain('Imagen para texto enriquecido');
    expect((await fetch(`${requireEnv('CONTENT_URL')}/assets/${unused}`)).status).toBe(403);
    expect((await api(`/files/${unused}`)).status).toBe(403);

    // Seeded images (when the seed has cars) are public too.
    const cars = await api<Array<{ image: string | null }>>(`/items/flota${qs({ fields: 'image', limit: 1, filter: { image: { _nnull: true } } })}`);
    const image = cars.body.data?.[0]?.image;
    if (image) expect((await fetch(`${requireEnv('CONTENT_URL')}/assets/${image}`)).status).toBe(200);
  });
});

describe('storefront (static token)', () => {
  // Renters' records (reservations, payments, pre-check-ins, drafts, leads, applications): no right at /items at all,
  // whichever way it asks (renter-data.test.ts).
  it('keeps payment idempotency keys unique, whoever writes', async () => {
    const reservation = await create<{ id: number }>('reservations', { reservation_number: `PY-${uniqueSuffix()}` });
    const key = `idem-${uniqueSuffix()}`;
    await create<{ id: number }>('payments', { reservation: reservation.id, provider: 'metrobank', status: 'pending', amount: 6846, currency: 'USD', idempotency_key: key });
    const again = await api('/items/payments', { method: 'POST', token: admin, body: { reservation: reservation.id, amount: 6846, idempotency_key: key } });
    expect(again.status).toBe(400);
    expect(errorCode(again)).toBe('RECORD_NOT_UNIQUE');
  });

  it('reads active coupons only, updates only their redemption count, and never creates or deletes them', async () => {
    const active = await create<{ id: number }>('coupons', { status: 'active', code: `ACT${uniqueSuffix().toUpperCase()}`, kind: 'percent', amount: 10 });
    const inactive = await create<{ id: number }>('coupons', { status: 'inactive', code: `OFF${uniqueSuffix().toUpperCase()}`, kind: 'fixed', amount: 500 });

    const list = await api<Array<{ id: number; status: string }>>(`/items/coupons${qs({ fields: 'id,status', limit: -1 })}`, { token: storefront });
    expect(list.status).toBe(200);
    const ids = (list.body.data ?? []).map((c) => c.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    for (const coupon of list.body.data ?? []) expect(coupon.status).toBe('active');
    expect((await api(`/items/coupons/${inactive.id}`, { token: storefront })).status).toBe(403);

    // Redemptions are counted by the booking extension inside the booking's transaction, not by the storefront.
    expect((await api(`/items/coupons/${active.id}`, { method: 'PATCH', token: storefront, body: { redemptions_count: 1 } })).status).toBe(403);
    expect((await api(`/items/coupons/${active.id}`, { method: 'PATCH', token: storefront, body: { amount: 99 } })).status).toBe(403);
    expect((await api(`/items/coupons/${inactive.id}`, { method: 'PATCH', token: storefront, body: { redemptions_count: 1 } })).status).toBe(403);
    expect((await api('/items/coupons', { method: 'POST', token: storefront, body: { code: 'NOPE', kind: 'fixed', amount: 1 } })).status).toBe(403);
    expect((await api(`/items/coupons/${active.id}`, { method: 'DELETE', token: storefront })).status).toBe(403);
  });

  it('cannot change content, users, roles or settings', async () => {
    expect((await api('/items/info_pages', { method: 'POST', token: storefront, body: { slug: `sf-${uniqueSuffix()}` } })).status).toBe(403);
    const car = await api<Array<{ id: number }>>(`/items/flota${qs({ fields: 'id', limit: 1 })}`, { token: storefront });
    const carId = car.body.data?.[0]?.id;
    if (carId) expect((await api(`/items/flota/${carId}`, { method: 'PATCH', token: storefront, body: { precio_firefly: 1 } })).status).toBe(403);
    expect((await api('/users', { token: storefront })).status).toBe(403);
    expect((await api('/roles', { token: storefront, method: 'POST', body: { name: 'x' } })).status).toBe(403);
    expect((await api('/settings', { token: storefront, method: 'PATCH', body: { project_name: 'x' } })).status).toBe(403);
    // Companies: only what prices an agent's booking (name and rate) of published ones, and nothing written.
    const companies = await api<Array<Record<string, unknown>>>(`/items/corporate_accounts${qs({ fields: 'id,name,discount_percent,status', limit: -1 })}`, { token: storefront });
    expect(companies.status).toBe(200);
    expect(companies.body.data?.every((company) => company.status === 'published')).toBe(true);
    expect((await api(`/items/corporate_accounts${qs({ fields: 'tax_id' })}`, { token: storefront })).status).toBe(403);
    expect((await api('/items/corporate_accounts', { method: 'POST', token: storefront, body: { name: 'x', discount_percent: 90 } })).status).toBe(403);
  });

  it('reads the extras a coverage includes, as the quote does, and none that is not published', async () => {
    const code = (prefix: string) => `${prefix}_${uniqueSuffix()}`.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
    const published = await create<{ id: number }>('extras', { status: 'published', code: code('INCL'), daily_rate: 800 });
    const draft = await create<{ id: number }>('extras', { status: 'draft', code: code('DRAFT'), daily_rate: 900 });
    const coverage = await create<{ id: number }>('coverages', {
      status: 'published', code: code('COV'), daily_rate_sedan: 9900, daily_rate_other: 9900,
      included_extras: [{ extras_id: published.id }, { extras_id: draft.id }],
    });
    for (const token of [storefront, undefined]) {
      const read = await api<{ included_extras: Array<{ extras_id: number }> }>(`/items/coverages/${coverage.id}${qs({ fields: 'code,included_extras.extras_id' })}`, { token });
      expect(read.status, read.text.slice(0, 200)).toBe(200);
      expect(read.body.data?.included_extras.map((row) => row.extras_id)).toEqual([published.id]);
    }
    // Staff see both links.
    const staff = await api<{ included_extras: Array<{ extras_id: number }> }>(`/items/coverages/${coverage.id}${qs({ fields: 'included_extras.extras_id' })}`, { token: admin });
    expect(staff.body.data?.included_extras.map((row) => row.extras_id).sort()).toEqual([published.id, draft.id].sort());
  });

  it('reads the brand site with its cars, CTAs and translations three levels deep', async () => {
    const result = await api<Array<Record<string, unknown>>>(`/items/sites_config${qs({
      fields: '*,cars.clasificacion,ctas.cta_id.*,ctas.cta_id.translations.*,translations.*',
      limit: 1,
    })}`, { token: storefront });
    expect(result.status, result.text.slice(0, 200)).toBe(200);
  });
});

describe('corporate agent', () => {
  it("reads only its own company's reservations", async () => {
    const roles = await api<Array<{ id: string }>>(`/roles${qs({ filter: { name: { _eq: 'Corporate agent' } }, fields: 'id' })}`, { token: admin });
    const role = roles.body.data?.[0]?.id;
    expect(role).toBeTruthy();
    const own = await create<{ id: number }>('corporate_accounts', { status: 'published', name: `Own ${uniqueSuffix()}` });
    const other = await create<{ id: number }>('corporate_accounts', { status: 'published', name: `Other ${uniqueSuffix()}` });
    const mine = await create<{ id: number }>('reservations', { reservation_number: `AG-${uniqueSuffix()}`, corporate_account: own.id });
    const theirs = await create<{ id: number }>('reservations', { reservation_number: `AG-${uniqueSuffix()}`, corporate_account: other.id });
    const retail = await create<{ id: number }>('reservations', { reservation_number: `AG-${uniqueSuffix()}` });
    const email = `agent-${uniqueSuffix()}@example.com`;
    const password = `pw-${uniqueSuffix()}`;
    await create('directus_users', { email, password, role, corporate_account: own.id, status: 'active' });

    const login = await api<{ access_token: string }>('/auth/login', { method: 'POST', body: { email, password } });
    expect(login.status).toBe(200);
    const agent = dataOf(login).access_token;
    const list = await api<Array<{ id: number }>>(`/items/reservations${qs({ fields: 'id', limit: -1 })}`, { token: agent });
    expect(list.status).toBe(200);
    expect((list.body.data ?? []).map((r) => r.id)).toEqual([mine.id]);
    expect((await api(`/items/reservations/${theirs.id}`, { token: agent })).status).toBe(403);
    expect((await api(`/items/reservations/${retail.id}`, { token: agent })).status).toBe(403);
    expect((await api('/items/reservations', { method: 'POST', token: agent, body: { reservation_number: `AG-${uniqueSuffix()}` } })).status).toBe(403);
    const me = await api<{ corporate_account: number }>('/users/me?fields=email,corporate_account', { token: agent });
    expect(me.body.data?.corporate_account).toBe(own.id);
    const company = await api<Array<{ id: number }>>(`/items/corporate_accounts${qs({ fields: 'id' })}`, { token: agent });
    expect((company.body.data ?? []).map((c) => c.id)).toEqual([own.id]);
  });
});

describe('revalidation flow', () => {
  it('exists, is active and posts to the storefront on changes of public content', async () => {
    interface Operation { id: string; type: string; options: { method?: string; url?: string; headers?: Array<{ header: string; value: string }> } }
    interface Flow { status: string; trigger: string; operation: string; options: { type: string; scope: string[]; collections: string[] }; operations: Operation[] }
    const flows = await api<Flow[]>(`/flows${qs({ filter: { name: { _eq: 'Revalidate storefront' } }, fields: '*,operations.*' })}`, { token: admin });
    expect(flows.status).toBe(200);
    expect(flows.body.data).toHaveLength(1);
    const flow = firstOf(dataOf(flows), 'the revalidation flow');
    expect(flow.status).toBe('active');
    expect(flow.trigger).toBe('event');
    expect(flow.options.type).toBe('action');
    expect([...flow.options.scope].sort()).toEqual(['items.create', 'items.delete', 'items.update']);
    for (const collection of PUBLIC_COLLECTIONS) expect(flow.options.collections, collection).toContain(collection);
    for (const collection of PRIVATE_COLLECTIONS) expect(flow.options.collections, collection).not.toContain(collection);
    const request = flow.operations.find((op) => op.type === 'request');
    expect(request?.options.method).toBe('POST');
    expect(request?.options.headers?.[0]?.header).toBe('x-callback-secret');
    expect(request?.options.headers?.[0]?.value).toBe(requireEnv('REVALIDATE_SECRET'));
    expect(request?.options.url).toBe(requireEnv('STOREFRONT_REVALIDATE_URL'));
    expect(flow.operation).toBe(flow.operations.find((op) => op.type === 'exec')?.id);
  });
});

describe('rate plans (seasons and length discounts)', () => {
  it('are read, published only, by the public and the storefront\'s token, and written by staff', async () => {
    const name = `Temporada ${uniqueSuffix()}`;
    const published = await create<{ id: number }>('rate_seasons', { status: 'published', name, starts: '2031-12-20', ends: '2032-01-05', adjustment_percent: -12.5, brands: ['firefly'], car_classes: ['CDAR'] });
    const draft = await create<{ id: number }>('rate_seasons', { status: 'draft', name: `${name} borrador`, starts: '2031-12-20', ends: '2032-01-05', adjustment_percent: 20 });
    const tier = await create<{ id: number }>('length_discounts', { status: 'draft', min_days: 400, percent: 30 });
    for (const token of [undefined, storefront]) {
      const seasons = await api<Array<{ id: number; adjustment_percent: number; starts: string; car_classes: string[] }>>(`/items/rate_seasons${qs({ filter: { name: { _starts_with: name } }, limit: -1 })}`, { token });
      expect(seasons.status, seasons.text.slice(0, 200)).toBe(200);
      expect(seasons.body.data?.map((row) => [row.id, row.adjustment_percent, row.starts, row.car_classes])).toEqual([[published.id, -12.5, '2031-12-20', ['CDAR']]]);
      expect(seasons.body.data?.some((row) => row.id === draft.id)).toBe(false);
      const tiers = await api<Array<{ id: number; status: string }>>(`/items/length_discounts${qs({ fields: 'id,status,min_days,percent', limit: -1 })}`, { token });
      expect(tiers.status).toBe(200);
      expect(tiers.body.data?.some((row) => row.id === tier.id)).toBe(false);
      for (const row of tiers.body.data ?? []) expect(row.status).toBe('published');
      const write = await api('/items/length_discounts', { method: 'POST', token, body: { status: 'published', min_days: 2, percent: 90 } });
      expect([401, 403]).toContain(write.status);
    }
  });

  it('refuse a season of -100 % or less', async () => {
    const result = await api('/items/rate_seasons', { method: 'POST', token: admin, body: { status: 'draft', name: 'Gratis', starts: '2031-01-01', ends: '2031-01-02', adjustment_percent: -100 } });
    expect(result.status).toBe(400);
  });
});
