// The admin's Insights dashboards (schema/dashboards.mjs, reconciled by scripts/prepare.mjs), on an instance of its
// own (temporary database, free port, the small fixture seed): after a fresh start "Hoy", "Ventas" and "Flota" are
// there with their panels; after a few reservations every panel's query, run through the API as an admin the way the
// Insights module runs it (GraphQL), gives the figures those reservations make; a restart duplicates nothing, puts back a
// managed panel staff changed, and leaves a staff-made dashboard alone.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startContentService, type ContentService } from '../../../scripts/lib/content-service.mjs';
import { api, dataOf, firstOf, login, qs } from './helpers';

const here = fileURLToPath(new URL('.', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'content-dashboards-'));
const ADMIN = { email: 'staff@example.com', password: 'dashboards-admin-password' };
const HOY = '6b0f3a52-2f0e-4d43-9a61-0d5a4c1e0001';
const VENTAS = '6b0f3a52-2f0e-4d43-9a61-0d5a4c1e0002';
const FLOTA = '6b0f3a52-2f0e-4d43-9a61-0d5a4c1e0003';

interface Dashboard { id: string; name: string; note: string | null }
interface Panel { id: string; dashboard: string; name: string; type: string; options: Record<string, unknown> }
type Row = Record<string, unknown>;

let service: ContentService | undefined;
let base = '';
let port = 0;
const lines: string[] = [];

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return free;
}

async function start(): Promise<string> {
  lines.length = 0;
  service = await startContentService({
    env: {
      DB_CLIENT: 'sqlite3',
      DB_FILENAME: join(dataDir, 'content.db'),
      STORAGE_LOCAL_ROOT: join(dataDir, 'uploads'),
      CONTENT_SEED_DIR: join(here, 'fixtures', 'seed'),
      CONTENT_HOST: '127.0.0.1',
      CONTENT_PORT: String(port),
      SECRET: 'dashboards-test-secret-0123456789abcdef012',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DIRECTUS_STOREFRONT_TOKEN: 'dashboards-test-token',
      REVALIDATE_SECRET: 'dashboards-test-revalidate',
      ACCOUNT_EMAILS_SECRET: 'dashboards-test-account-emails',
      REMINDERS_SECRET: 'dashboards-test-reminders',
      // Nothing listens there: the revalidation flow's calls fail quietly.
      STOREFRONT_REVALIDATE_URL: `http://127.0.0.1:${port}/api/content-callbacks/revalidate`,
    },
    log: (line: string) => { lines.push(line); },
  });
  base = `http://127.0.0.1:${port}`;
  return login(ADMIN.email, ADMIN.password, base);
}

async function managed(token: string): Promise<{ dashboards: Dashboard[]; panels: Panel[] }> {
  const dashboards = dataOf(await api<Dashboard[]>(`/dashboards${qs({ fields: 'id,name,note', sort: 'name', limit: -1 })}`, { token, base }));
  const panels = dataOf(await api<Panel[]>(`/panels${qs({ fields: 'id,dashboard,name,type,options', limit: -1 })}`, { token, base }));
  return { dashboards, panels };
}

/** A JSON value as a GraphQL literal (keys unquoted), as the Insights module writes its queries. */
function gql(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(gql).join(', ')}]`;
  if (value !== null && typeof value === 'object') return `{ ${Object.entries(value).map(([k, v]) => `${k}: ${gql(v)}`).join(', ')} }`;
  return JSON.stringify(value);
}

/** A selection set from dotted field paths: ['id', 'return_branch.code'] → `id return_branch { code }`. */
function selection(paths: string[]): string {
  const tree = new Map<string, string[]>();
  for (const path of paths) {
    const [head = '', ...rest] = path.split('.');
    tree.set(head, [...(tree.get(head) ?? []), ...(rest.length ? [rest.join('.')] : [])]);
  }
  return [...tree].map(([field, sub]) => (sub.length ? `${field} { ${selection(sub)} }` : field)).join(' ');
}

/**
 * The GraphQL query the Insights module sends for the panel (app/src/panels/<type>: its `query`, then POST /graphql):
 * the same arguments, so a filter GraphQL cannot take fails here as it would in the admin.
 */
function panelQuery(panel: Panel): string {
  const o = panel.options;
  /** An option's text: a missing (or non-text) option gives the panel's default. */
  const text = (key: string, fallback = ''): string => {
    const value = o[key];
    return typeof value === 'string' ? value : fallback;
  };
  const collection = text('collection');
  const filter = o.filter ?? {};
  const aggregate = (fn: string, field: string) => `${fn} { ${field} }`;
  switch (panel.type) {
    case 'metric':
      return `${collection}_aggregated(filter: ${gql(filter)}, limit: 1) { ${aggregate(text('function'), text('field', '*'))} }`;
    case 'bar-chart':
      return `${collection}_aggregated(groupBy: ${gql([text('xAxis')])}, filter: ${gql(filter)}, limit: -1) { group ${aggregate(text('function'), text('yAxis'))} }`;
    case 'pie-chart':
      return `${collection}_aggregated(groupBy: ${gql([text('column')])}, filter: ${gql(filter)}, limit: -1) { group ${aggregate(text('function', 'count'), text('column'))} }`;
    case 'time-series': {
      const date = text('dateField');
      const window = { _and: [filter, { [date]: { _gte: `$NOW(-${text('range')})` } }, { [date]: { _lte: '$NOW' } }] };
      const group = ['year', 'month', 'day'].map((fn) => `${fn}(${date})`);
      return `${collection}_aggregated(groupBy: ${gql(group)}, filter: ${gql(window)}, limit: -1) { group ${aggregate(text('function'), text('valueField'))} }`;
    }
    case 'list': {
      const fields = ['id', ...[...text('displayTemplate').matchAll(/{{\s*([\w.]+)\s*}}/g)].map((m) => m[1] ?? '')];
      const sort = o.sortDirection === 'asc' ? text('sortField') : `-${text('sortField')}`;
      return `${collection}(filter: ${gql(filter)}, sort: ${gql([sort])}, limit: ${Number(o.limit ?? 5)}) { ${selection(fields)} }`;
    }
    default:
      throw new Error(`panel "${panel.name}": no query for type ${panel.type}`);
  }
}

async function runPanel(panel: Panel, token: string): Promise<{ status: number; text: string; rows: Row[] | undefined }> {
  const result = await api<{ q?: Row[] }>('/graphql', { method: 'POST', token, base, body: { query: `query { q: ${panelQuery(panel)} }` } });
  return { status: result.status, text: result.text, rows: result.body.errors ? undefined : result.body.data?.q };
}

/** A grouped answer as [group value, figure] pairs: [{ group: { pickup_branch: 1 }, count: { id: 2 } }] → [[1, 2]]. */
function grouped(rows: Row[], groupField: string, fn: string, field: string): Array<[unknown, number]> {
  return rows.map((row) => {
    const group = (row.group as Row)[groupField];
    return [typeof group === 'string' && /^\d+$/.test(group) ? Number(group) : group, Number((row[fn] as Row)[field])];
  });
}

/** A figure of an aggregate answer: `[{ count: { id: 2 } }]` → 2 (null when there is none). */
function figure(rows: Row[], fn: string, field: string): number | null {
  const value = (firstOf(rows, 'an aggregate row')[fn] as Row | undefined)?.[field];
  return value === null || value === undefined ? null : Number(value);
}

function byName(panels: Panel[], name: string): Panel {
  const panel = panels.find((p) => p.name === name);
  if (!panel) throw new Error(`no panel "${name}" among ${panels.map((p) => p.name).join(', ')}`);
  return panel;
}

beforeAll(async () => {
  port = await freePort();
});

afterAll(async () => {
  if (service) await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('admin dashboards', { timeout: 180_000 }, () => {
  let admin = '';
  const results = new Map<string, Row[]>();

  it('a fresh start creates "Hoy", "Ventas" and "Flota" with their panels', async () => {
    admin = await start();
    expect(lines.some((l) => /dashboards: \d+ change\(s\)/.test(l))).toBe(true);
    const { dashboards, panels } = await managed(admin);
    expect(dashboards.map((d) => [d.id, d.name])).toEqual([[FLOTA, 'Flota'], [HOY, 'Hoy'], [VENTAS, 'Ventas']]);
    for (const d of dashboards) expect(d.note?.length ?? 0).toBeGreaterThan(80);
    const names = (dashboard: string) => panels.filter((p) => p.dashboard === dashboard).map((p) => p.name).sort();
    expect(names(HOY)).toEqual(expect.arrayContaining([
      'Recogidas de hoy', 'Con pre-check-in hecho', 'Sin pre-check-in', 'Devoluciones de hoy',
      'Recogidas de hoy por sucursal', 'Devoluciones de hoy por sucursal',
    ]));
    expect(names(VENTAS)).toEqual([
      'Cancelaciones', 'Cupones usados', 'Días de alquiler promedio', 'Importe reembolsado',
      'Ingresos de reservas pagadas', 'Pago en línea o en el mostrador', 'Reembolsos', 'Reservas con cupón',
      'Reservas de agentes corporativos por día', 'Reservas por la API por día', 'Reservas web por día',
    ]);
    expect(names(FLOTA)).toEqual([
      'Fuera de servicio y en taller', 'Ocupadas por clase de coche', 'Ocupadas por sucursal', 'Servicios en los próximos 14 días',
      'Unidades en la flota', 'Unidades ocupadas (próximos 30 días)',
    ]);
    expect(names(HOY)).toContain('Reservas sin coche');
    // The late-return panels read the rental lifecycle's `rental_status`: present exactly when the field is.
    const lifecycle = (await api(`/fields/reservations/rental_status`, { token: admin, base })).status === 200;
    expect(names(HOY).includes('Devoluciones atrasadas')).toBe(lifecycle);
    // Amounts are shown in dollars: the panels sum the dollars kept beside the cents and format them as US$.
    for (const name of ['Ingresos de reservas pagadas', 'Importe reembolsado']) {
      expect(byName(panels, name).options).toMatchObject({ field: expect.stringMatching(/_usd$/), function: 'sum', numberStyle: 'currency', unit: 'USD', minimumFractionDigits: 2 });
    }
  });

  it('every panel\'s query runs for an admin and gives the figures of a few reservations', async () => {
    const { panels } = await managed(admin);
    // "Today" as the dashboards took it (Panama's date at the start), read back from a panel, so the test does not
    // depend on when it runs.
    const pickupFilter = JSON.stringify(byName(panels, 'Recogidas de hoy').options.filter);
    const today = /"(\d{4}-\d{2}-\d{2})T00:00:00"/.exec(pickupFilter)?.[1];
    if (!today) throw new Error(`no date in ${pickupFilter}`);
    const day = (offset: number, time: string) => {
      const date = new Date(`${today}T00:00:00Z`);
      date.setUTCDate(date.getUTCDate() + offset);
      return `${date.toISOString().slice(0, 10)}T${time}`;
    };
    const branch = firstOf(dataOf(await api<Array<{ id: number }>>(`/items/branches${qs({ filter: { code: { _eq: 'PTY' } }, fields: 'id' })}`, { token: admin, base })), 'branch PTY').id;
    const car = firstOf(dataOf(await api<Array<{ id: number }>>('/items/flota?fields=id&sort=id', { token: admin, base })), 'a car').id;
    const coupon = firstOf(dataOf(await api<Array<{ id: number }>>(`/items/coupons${qs({ filter: { code: { _eq: 'FIXTURE10' } }, fields: 'id' })}`, { token: admin, base })), 'coupon').id;
    const company = firstOf(dataOf(await api<Array<{ id: number }>>('/items/corporate_accounts?fields=id', { token: admin, base })), 'a company').id;
    const common = { brand: 'firefly', car, pickup_branch: branch, return_branch: branch, language: 'es-ES', client_name: 'Ana', client_last_name: 'Prueba', client_email: 'ana@example.com' };
    const reservations = [
      // Web, paid online, with a coupon: picked up today.
      { ...common, reservation_number: 'FF-DASH01', idempotency_key: 'draft-1-dashboards', status: 'paid', reservation_type: 'prepaid', payment_type: 'card', coupon, pickup_date: day(0, '10:00:00'), return_date: day(3, '10:00:00'), days: 3, total: 10000 },
      // A corporate agent's, paid at the counter, pre-check-in done: picked up today.
      { ...common, reservation_number: 'FF-DASH02', idempotency_key: 'draft-2-dashboards', corporate_account: company, status: 'unpaid', reservation_type: 'postpaid', pickup_date: day(0, '15:00:00'), return_date: day(2, '15:00:00'), days: 2, total: 5000 },
      // Through the API: returned today at midnight (so no longer holding a unit).
      { ...common, reservation_number: 'FF-DASH03', idempotency_key: 'partner-order-0003', status: 'unpaid', reservation_type: 'postpaid', pickup_date: day(-2, '00:00:00'), return_date: day(0, '00:00:00'), days: 2, total: 4000 },
      // Cancelled (no key: an API booking as well).
      { ...common, reservation_number: 'FF-DASH04', status: 'cancelled', cancelled_at: new Date().toISOString(), reservation_type: 'postpaid', pickup_date: day(5, '10:00:00'), return_date: day(6, '10:00:00'), days: 1, total: 3000 },
      // Through the API, due back yesterday: handed over below at the counter, and not back.
      { ...common, reservation_number: 'FF-DASH05', idempotency_key: 'partner-order-0005', status: 'unpaid', reservation_type: 'postpaid', pickup_date: day(-3, '10:00:00'), return_date: day(-1, '10:00:00'), days: 2, total: 8000 },
    ];
    const ids: number[] = [];
    for (const body of reservations) {
      const created = await api<{ id: number }>('/items/reservations', { method: 'POST', token: admin, base, body });
      expect(created.status, created.text).toBe(200);
      ids.push(dataOf(created).id);
    }
    const precheckin = await api('/items/precheckins', { method: 'POST', token: admin, base, body: { reservation: ids[1], status: 'paid', contact_email: 'ana@example.com' } });
    expect(precheckin.status, precheckin.text).toBe(200);
    const refund = await api('/items/payments', {
      method: 'POST', token: admin, base,
      body: { reservation: ids[0], kind: 'refund', provider: 'metrobank', status: 'succeeded', amount: 1500, currency: 'USD', idempotency_key: 'dashboards-refund-1' },
    });
    expect(refund.status, refund.text).toBe(200);

    // A late return is a car really handed over (the counter's pickup) and not back by its booked return.
    const late = byName(panels, 'Devoluciones atrasadas');
    expect(figure((await runPanel(late, admin)).rows ?? [], 'count', 'id')).toBe(0);
    const pickedUp = await api('/counter/reservations/FF-DASH05/pickup', { method: 'POST', token: admin, base, body: { mileage: 12_000, fuel_eighths: 8 } });
    expect(pickedUp.status, pickedUp.text).toBe(200);
    // Each reservation recorded its channel when it was created (from its company or its key, written by staff here).
    const channels = dataOf(await api<Array<{ reservation_number: string; channel: string }>>(`/items/reservations${qs({ fields: 'reservation_number,channel', sort: 'reservation_number' })}`, { token: admin, base }));
    expect(channels.map((r) => [r.reservation_number, r.channel])).toEqual([['FF-DASH01', 'web'], ['FF-DASH02', 'corporate'], ['FF-DASH03', 'api'], ['FF-DASH04', 'api'], ['FF-DASH05', 'api']]);

    for (const panel of panels.filter((p) => p.type !== 'label')) {
      const result = await runPanel(panel, admin);
      expect([result.status, result.rows === undefined], `${panel.name}: ${result.text.slice(0, 400)}`).toEqual([200, false]);
      results.set(panel.name, result.rows ?? []);
    }
    const get = (name: string) => {
      const rows = results.get(name);
      if (!rows) throw new Error(`no result for "${name}"`);
      return rows;
    };
    const total = (rows: Row[], fn: string, field: string) => rows.reduce((sum, row) => sum + Number((row[fn] as Row)[field]), 0);

    // Hoy.
    expect(figure(get('Recogidas de hoy'), 'count', 'id')).toBe(2);
    expect(figure(get('Con pre-check-in hecho'), 'count', 'id')).toBe(1);
    expect(figure(get('Sin pre-check-in'), 'count', 'id')).toBe(1);
    expect(figure(get('Devoluciones de hoy'), 'count', 'id')).toBe(1);
    expect(figure(get('Devoluciones atrasadas'), 'count', 'id')).toBe(1);
    expect(get('Devoluciones atrasadas: detalle').map((row) => row.reservation_number)).toEqual(['FF-DASH05']);
    expect(grouped(get('Recogidas de hoy por sucursal'), 'pickup_branch', 'count', 'id')).toEqual([[branch, 2]]);
    expect(grouped(get('Devoluciones de hoy por sucursal'), 'return_branch', 'count', 'id')).toEqual([[branch, 1]]);

    // Ventas: bookings per day by channel (all made today), revenue, average days, coupons, payment, cancellations, refunds.
    expect(total(get('Reservas web por día'), 'count', 'id')).toBe(1);
    expect(total(get('Reservas de agentes corporativos por día'), 'count', 'id')).toBe(1);
    expect(total(get('Reservas por la API por día'), 'count', 'id')).toBe(3);
    // $100.00: the paid reservation's 10000 cents, in dollars.
    expect(figure(get('Ingresos de reservas pagadas'), 'sum', 'total_usd')).toBeCloseTo(100, 6);
    expect(figure(get('Días de alquiler promedio'), 'avg', 'days')).toBeCloseTo(9 / 4, 5);
    expect(figure(get('Reservas con cupón'), 'count', 'id')).toBe(1);
    expect(grouped(get('Cupones usados'), 'coupon', 'count', 'id')).toEqual([[coupon, 1]]);
    const byType = Object.fromEntries(grouped(get('Pago en línea o en el mostrador'), 'reservation_type', 'count', 'reservation_type'));
    expect(byType).toEqual({ prepaid: 1, postpaid: 3 });
    expect(figure(get('Cancelaciones'), 'count', 'id')).toBe(1);
    expect(figure(get('Reembolsos'), 'count', 'id')).toBe(1);
    // $15.00 refunded.
    expect(figure(get('Importe reembolsado'), 'sum', 'amount_usd')).toBeCloseTo(15, 6);

    // Flota: the two rentals still ahead hold units over the next 30 days, and so does the late car (out until it is
    // returned); the one due back at midnight (never handed over) and the cancelled one do not.
    expect(figure(get('Unidades ocupadas (próximos 30 días)'), 'count', 'id')).toBe(3);
    expect(grouped(get('Ocupadas por sucursal'), 'pickup_branch', 'count', 'id')).toEqual([[branch, 3]]);
    expect(grouped(get('Ocupadas por clase de coche'), 'car', 'count', 'id')).toEqual([[car, 3]]);
  });

  it('a restart duplicates nothing, puts back a changed panel and keeps a staff-made dashboard', async () => {
    const before = await managed(admin);
    const own = await api<{ id: string }>('/dashboards', { method: 'POST', token: admin, base, body: { name: 'Mío', icon: 'star' } });
    expect(own.status, own.text).toBe(200);
    const ownId = dataOf(own).id;
    const ownPanel = await api('/panels', {
      method: 'POST', token: admin, base,
      body: { dashboard: ownId, name: 'Mi panel', type: 'label', position_x: 1, position_y: 1, width: 10, height: 4, options: { text: 'Hola' } },
    });
    expect(ownPanel.status, ownPanel.text).toBe(200);
    const changed = byName(before.panels, 'Reembolsos');
    expect((await api(`/panels/${changed.id}`, { method: 'PATCH', token: admin, base, body: { name: 'Cambiado a mano' } })).status).toBe(200);

    if (!service) throw new Error('the content service is not running');
    await service.stop();
    service = undefined;
    admin = await start();
    expect(lines.some((l) => l.includes('dashboards: 1 change(s) (0 created): panel "Reembolsos" updated'))).toBe(true);

    const after = await managed(admin);
    expect(after.dashboards.map((d) => d.name).sort()).toEqual(['Flota', 'Hoy', 'Mío', 'Ventas']);
    const key = (p: Panel) => `${p.dashboard}/${p.name}`;
    expect(after.panels.map(key).sort()).toEqual([...before.panels.map(key), `${ownId}/Mi panel`].sort());
    expect(byName(after.panels, 'Reembolsos').id).toBe(changed.id);
  });
});
