import { formatPanamaDate, panamaUtcOffsetMinutes } from '@rentacar/domain/dates';
import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { dashboardDefinitions, TODAY_PANEL } from '../../schema/dashboards.mjs';
import { collections } from '../../schema/model.mjs';
import { dashboardClock, dashboardsOutOfDate, panamaClockShiftHours, type PanamaReading } from './dashboards.mjs';

type Filter = unknown;
interface Condition { collection: string; field: string; op: string; arg: unknown }

const fields = new Map(collections.flatMap((c) => c.fields.map((f) => [`${c.collection}.${f.field}`, f] as const)));

/** Panama at `now` as the dashboards hook reads it: through the domain. */
const panamaAt = (now: Date): PanamaReading => ({ date: formatPanamaDate(now), utcOffsetMinutes: panamaUtcOffsetMinutes(now) });

/** Every `{ field: { operator: value } }` of a filter, with the collection it applies to (relations followed). */
function conditions(filter: Filter, collection: string, out: Condition[] = []): Condition[] {
  if (Array.isArray(filter)) {
    for (const f of filter) conditions(f, collection, out);
    return out;
  }
  for (const [key, value] of Object.entries(filter ?? {}) as [string, unknown][]) {
    if (key === '_and' || key === '_or') conditions(value, collection, out);
    else if (!key.startsWith('_')) {
      const field = fields.get(`${collection}.${key}`);
      for (const [op, arg] of Object.entries(value as Record<string, unknown>)) {
        if (op.startsWith('_') && op !== '_some' && op !== '_none') out.push({ collection, field: key, op, arg });
        else if (op === '_some' || op === '_none') conditions(arg, 'precheckins', out);
        else conditions({ [op]: arg }, field?.relation?.related ?? key, out);
      }
    }
  }
  return out;
}

describe('dashboards', () => {
  it('reads Panama\'s wall clock through $NOW on each engine', () => {
    const now = new Date('2026-03-10T03:30:00Z');
    const panama = panamaAt(now);
    expect(panama.utcOffsetMinutes).toBe(-300);
    expect(panamaClockShiftHours('pg', panama, now)).toBe(-5);
    // SQLite keeps wall-clock values read in the server's zone: the shift makes up the difference to Panama.
    expect(panamaClockShiftHours('sqlite3', panama, now)).toBe(-5 + now.getTimezoneOffset() / 60);
    expect(dashboardClock('pg', panama, now).nowPanama(0)).toBe('$NOW(-5 hours)');
    expect(dashboardClock('pg', panama, now).nowPanama(720)).toBe('$NOW(+715 hours)');
    expect(dashboardClock('pg', panama, now).nowPanama(5)).toBe('$NOW');
  });

  it('takes Panama\'s date as today: 03:30 UTC is still the day before in Panama', () => {
    expect(dashboardClock('pg', panamaAt(new Date('2026-03-10T03:30:00Z'))).today).toEqual({ from: '2026-03-09T00:00:00', to: '2026-03-09T23:59:59' });
    expect(dashboardClock('pg', panamaAt(new Date('2026-03-10T05:00:00Z'))).today).toEqual({ from: '2026-03-10T00:00:00', to: '2026-03-10T23:59:59' });
  });

  it('knows when the "today" panels are out of date', async () => {
    const rowWith = (options: string | undefined) => {
      const db = () => ({ select: () => ({ where: () => ({ first: () => Promise.resolve(options && { options }) }) }) });
      return Object.assign(db, { client: { config: { client: 'pg' } } }) as unknown as Knex;
    };
    const written = dashboardDefinitions(dashboardClock('pg', panamaAt(new Date('2026-03-09T20:00:00Z'))))[0]?.panels.find((p) => p.id === TODAY_PANEL);
    const stored = rowWith(JSON.stringify(written?.options));
    expect(await dashboardsOutOfDate(stored, panamaAt(new Date('2026-03-10T04:59:00Z')).date)).toBe(false);
    expect(await dashboardsOutOfDate(stored, panamaAt(new Date('2026-03-10T05:00:00Z')).date)).toBe(true);
    expect(await dashboardsOutOfDate(rowWith(undefined), panamaAt(new Date()).date)).toBe(false);
  });

  it('defines three dashboards of uniquely identified panels on fields that exist', () => {
    const definitions = dashboardDefinitions(dashboardClock('pg', panamaAt(new Date())));
    expect(definitions.map((d) => d.name)).toEqual(['Hoy', 'Ventas', 'Flota']);
    const ids = [...definitions.map((d) => d.id), ...definitions.flatMap((d) => d.panels.map((p) => p.id))];
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(definitions.flatMap((d) => d.panels).map((p) => p.id)).toContain(TODAY_PANEL);

    for (const panel of definitions.flatMap((d) => d.panels)) {
      const collection = panel.options.collection ?? '';
      const required = new Set(panel.requires ?? []);
      const known = (c: string, f: string) => f === 'id' || fields.has(`${c}.${f}`) || required.has(`${c}.${f}`);
      for (const key of ['field', 'xAxis', 'yAxis', 'column', 'dateField', 'valueField', 'sortField']) {
        const name = panel.options[key];
        if (typeof name === 'string') expect(known(collection, name), `${panel.name}: ${key} ${name}`).toBe(true);
      }
      for (const c of conditions(panel.options.filter, collection)) {
        expect(known(c.collection, c.field), `${panel.name}: filter on ${c.collection}.${c.field}`).toBe(true);
        // GraphQL (which the admin sends the filters through) has no _null/_nnull on a many-to-one itself.
        const relation = fields.get(`${c.collection}.${c.field}`)?.relation;
        expect(Boolean(relation && ['_null', '_nnull'].includes(c.op)), `${panel.name}: ${c.op} on the relation ${c.field}`).toBe(false);
      }
    }
  });
});
