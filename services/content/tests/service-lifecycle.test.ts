// scripts/lib/content-service.mjs end to end, on its own instance (temporary database, free port, the small
// fixture seed in tests/fixtures/seed): first start (bootstrap + schema + access + flow + seed), the seed's
// markers (@ref, @file, files.json), the revalidation flow's requests, a busy port, and restarts that keep the
// data, pick up a new token / secret / URL and apply a changed schema snapshot.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentService, type ContentService } from '../../../scripts/lib/content-service.mjs';
import { api, dataOf, firstOf, login, qs } from './helpers';

const here = fileURLToPath(new URL('.', import.meta.url));
const fixtureSeed = join(here, 'fixtures', 'seed');
const snapshot = join(here, '..', 'schema', 'snapshot.yaml');

interface Received { headers: IncomingHttpHeaders; body: { collection?: string; keys?: Array<string | number> } }

async function listener(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let data = '';
    req.on('data', (chunk) => { data += chunk; });
    req.on('end', () => {
      received.push({ headers: req.headers, body: data ? JSON.parse(data) : {} });
      res.setHeader('content-type', 'application/json');
      res.end('{"revalidated":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/api/content-callbacks/revalidate`, received };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('timed out');
}

const dataDir = mkdtempSync(join(tmpdir(), 'content-lifecycle-'));
const lines: string[] = [];
const log = (line: string) => { lines.push(line); };
let port = 0;
let first: Awaited<ReturnType<typeof listener>>;
let second: Awaited<ReturnType<typeof listener>>;
let service: ContentService | undefined;

function envFor(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    DB_CLIENT: 'sqlite3',
    DB_FILENAME: join(dataDir, 'content.db'),
    STORAGE_LOCAL_ROOT: join(dataDir, 'uploads'),
    CONTENT_SEED_DIR: fixtureSeed,
    CONTENT_HOST: '127.0.0.1',
    CONTENT_PORT: String(port),
    SECRET: 'lifecycle-test-secret-0123456789abcdef0123',
    ADMIN_EMAIL: 'staff@example.com',
    ADMIN_PASSWORD: 'lifecycle-admin-password',
    DIRECTUS_STOREFRONT_TOKEN: 'lifecycle-token-one',
    REVALIDATE_SECRET: 'lifecycle-secret-one',
    ACCOUNT_EMAILS_SECRET: 'lifecycle-account-emails',
    REMINDERS_SECRET: 'lifecycle-reminders',
    STOREFRONT_REVALIDATE_URL: first.url,
    ...overrides,
  };
}

beforeAll(async () => {
  port = await freePort();
  first = await listener();
  second = await listener();
});

/** Stops the service an earlier test started, so the next start finds its data on disk. */
async function stopService(): Promise<void> {
  if (!service) throw new Error('the content service is not running: an earlier test did not start it');
  await service.stop();
  service = undefined;
}

afterAll(async () => {
  if (service) await service.stop();
  first?.server.close();
  second?.server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// Generous: each start runs two Node processes; on a busy 2-core machine a first start took 20 s.
describe('content service lifecycle', { timeout: 120_000 }, () => {
  let base = '';
  let admin = '';

  it('first start: bootstraps, applies the schema, reconciles access and the flow, loads the seed', async () => {
    service = await startContentService({ env: envFor(), log });
    base = service.url;
    expect(service.fresh).toBe(true);
    expect(base).toBe(`http://127.0.0.1:${port}`);
    expect(await (await fetch(`${base}/server/ping`)).text()).toBe('pong');
    expect(lines.some((l) => l.includes('bootstrap: new database'))).toBe(true);
    expect(lines.some((l) => /seed: \d+ items/.test(l))).toBe(true);
    admin = await login('staff@example.com', 'lifecycle-admin-password', base);
  });

  it('resolves @file (once per path, titles from files.json) and @ref markers', async () => {
    const cars = await api<Array<{ modelo: string; image: string; discount: { charge_id: string } }>>(
      `/items/flota${qs({ fields: 'modelo,image,discount.charge_id', sort: 'id' })}`, { token: admin, base });
    expect(cars.body.data).toHaveLength(2);
    const [visible, hidden] = dataOf(cars);
    if (!visible || !hidden) throw new Error(`expected two cars: ${cars.text.slice(0, 300)}`);
    expect(visible.discount.charge_id).toBe('FIXTURE-10');
    expect(visible.image).toBe(hidden.image);

    const file = await api<{ title: string; description: string; filename_download: string; type: string }>(`/files/${visible.image}`, { token: admin, base });
    expect(file.body.data).toMatchObject({ title: 'Fixture sedan', filename_download: 'sedan.svg', type: 'image/svg+xml' });
    expect(file.body.data?.description).toContain('sedan');
    const files = await api<Array<{ title: string }>>('/files?fields=title', { token: admin, base });
    expect(files.body.data?.map((f) => f.title).sort()).toEqual(['Brand', 'Fixture sedan']);

    const site = await api<Array<{ ctas: Array<{ cta_id: { link: string } }>; cars: Array<{ clasificacion: string }> }>>(
      `/items/sites_config${qs({ fields: 'ctas.cta_id.link,cars.clasificacion' })}`, { base });
    expect(site.body.data?.[0]?.ctas[0]?.cta_id.link).toBe('/flota');
    expect(site.body.data?.[0]?.cars.map((c) => c.clasificacion)).toEqual(['CDAR']);

    const fees = await api<Array<{ from_branch: { code: string }; to_branch: { code: string } }>>(
      `/items/dropoff_fees${qs({ fields: 'from_branch.code,to_branch.code' })}`, { token: admin, base });
    expect(fees.body.data?.[0]).toEqual({ from_branch: { code: 'PTY' }, to_branch: { code: 'DRF' } });

    // Public view of the fixture: drafts and the unpublished car stay hidden.
    expect((await api<unknown[]>('/items/flota', { base })).body.data).toHaveLength(1);
    expect((await api<unknown[]>('/items/info_pages', { base })).body.data).toHaveLength(1);
    expect((await api<unknown[]>('/items/branches', { base })).body.data).toHaveLength(1);
  });

  it('refuses to start a second service on a busy port', async () => {
    await expect(startContentService({ env: envFor({ DB_FILENAME: join(dataDir, 'other.db') }), log })).rejects.toThrow(/already in use/);
  });

  it('posts {collection, keys} with the secret header when public content changes', async () => {
    const pages = await api<Array<{ id: number }>>('/items/info_pages?fields=id&limit=1', { base });
    const id = firstOf(dataOf(pages), 'an info page').id;
    expect((await api(`/items/info_pages/${id}`, { method: 'PATCH', token: admin, base, body: { sort: 5 } })).status).toBe(200);
    const update = await waitFor(() => first.received.find((r) => r.body.collection === 'info_pages'));
    expect(update.headers['x-callback-secret']).toBe('lifecycle-secret-one');
    expect(update.headers['content-type']).toContain('application/json');
    expect(update.body).toEqual({ collection: 'info_pages', keys: [id] });

    const created = await api<{ id: number }>('/items/branches', { method: 'POST', token: admin, base, body: { code: 'NEW', name: 'Staff branch', status: 'published' } });
    expect(created.status).toBe(200);
    const create = await waitFor(() => first.received.find((r) => r.body.collection === 'branches'));
    expect(create.body.keys).toEqual([dataOf(created).id]);

    // Private collections do not trigger it. The flow starts a run for each event as it happens, so a request caused by
    // the private write would arrive before the one of a public write made after it: once the public write's request
    // is in, nothing else may have come.
    const before = first.received.length;
    const reservation = await api('/items/reservations', { method: 'POST', token: admin, base, body: { reservation_number: 'LC-000001' } });
    expect(reservation.status, reservation.text.slice(0, 200)).toBe(200);
    expect((await api(`/items/info_pages/${id}`, { method: 'PATCH', token: admin, base, body: { sort: 7 } })).status).toBe(200);
    await waitFor(() => first.received.slice(before).find((r) => r.body.collection === 'info_pages'));
    expect(first.received.slice(before).map((r) => r.body)).toEqual([{ collection: 'info_pages', keys: [id] }]);
  });

  it('keeps the data on restart, reconciles access (new token, secret, URL; hand-made grants removed), does not seed again', async () => {
    const pages = await api<Array<{ id: number }>>('/items/info_pages?fields=id&limit=1', { base });
    const id = firstOf(dataOf(pages), 'an info page').id;
    await api(`/items/info_pages/${id}`, { method: 'PATCH', token: admin, base, body: { translations: { update: [] }, page_category: 'help' } });
    // A permission added by hand to a policy owned by the code is removed at the next start.
    const policies = await api<Array<{ id: string }>>(`/policies${qs({ filter: { name: { _eq: '$t:public_label' } }, fields: 'id' })}`, { token: admin, base });
    const publicPolicy = policies.body.data?.[0]?.id;
    expect(publicPolicy).toBeTruthy();
    const grant = await api('/permissions', { method: 'POST', token: admin, base, body: { policy: publicPolicy, collection: 'coupons', action: 'read', fields: ['*'] } });
    expect(grant.status, grant.text).toBe(200);
    expect((await api('/items/coupons', { base })).status).toBe(200);
    await stopService();
    expect((await fetch(`${base}/server/ping`).catch(() => null))).toBeNull();

    lines.length = 0;
    service = await startContentService({
      env: envFor({ DIRECTUS_STOREFRONT_TOKEN: 'lifecycle-token-two', REVALIDATE_SECRET: 'lifecycle-secret-two', STOREFRONT_REVALIDATE_URL: second.url }),
      log,
    });
    expect(service.fresh).toBe(false);
    expect(lines.some((l) => l.includes('seed: already loaded'))).toBe(true);
    expect(lines.some((l) => l.includes('storefront token updated'))).toBe(true);
    expect(lines.some((l) => l.includes('schema: up to date'))).toBe(true);
    expect(lines.some((l) => l.includes('- public read coupons'))).toBe(true);
    expect((await api('/items/coupons', { base })).status).toBe(403);
    admin = await login('staff@example.com', 'lifecycle-admin-password', base);

    // Staff edits and items survive, nothing was seeded twice.
    const page = await api<{ page_category: string }>(`/items/info_pages/${id}`, { token: admin, base });
    expect(page.body.data?.page_category).toBe('help');
    const branches = await api<Array<{ code: string }>>('/items/branches?fields=code&sort=code', { token: admin, base });
    expect(branches.body.data?.map((b) => b.code)).toEqual(['DRF', 'NEW', 'PTY']);
    expect((await api<unknown[]>('/items/flota', { token: admin, base })).body.data).toHaveLength(2);
    expect((await api<unknown[]>('/items/reservations', { token: admin, base })).body.data).toHaveLength(1);

    // The old token is dead, the new one works.
    expect((await api('/items/coupons', { token: 'lifecycle-token-one', base })).status).toBe(401);
    expect((await api('/items/coupons', { token: 'lifecycle-token-two', base })).status).toBe(200);

    // The flow posts to the new URL with the new secret.
    await api(`/items/info_pages/${id}`, { method: 'PATCH', token: admin, base, body: { sort: 6 } });
    const update = await waitFor(() => second.received.find((r) => r.body.collection === 'info_pages'));
    expect(update.headers['x-callback-secret']).toBe('lifecycle-secret-two');
  });

  it('applies a changed schema snapshot to the existing database on the next start', async () => {
    const changed = join(dataDir, 'snapshot-changed.yaml');
    const text = readFileSync(snapshot, 'utf8');
    expect(text).toContain('Four-letter ACRISS code, e.g. CDAR.');
    writeFileSync(changed, text.replace('Four-letter ACRISS code, e.g. CDAR.', 'Changed by the lifecycle test.'));
    await stopService();
    lines.length = 0;
    service = await startContentService({ env: envFor({ CONTENT_SCHEMA_SNAPSHOT: changed }), log });
    expect(lines.some((l) => /schema: applied .*1 field/.test(l))).toBe(true);
    admin = await login('staff@example.com', 'lifecycle-admin-password', base);
    const field = await api<{ meta: { note: string } }>('/fields/flota/clasificacion', { token: admin, base });
    expect(field.body.data?.meta.note).toBe('Changed by the lifecycle test.');
    expect((await api<unknown[]>('/items/flota', { token: admin, base })).body.data).toHaveLength(2);
  });
});
