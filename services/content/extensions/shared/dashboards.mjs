// Reconciles the admin's Insights dashboards of schema/dashboards.mjs: creates the dashboards and panels that are
// missing, puts back those that differ, removes the file's panels whose required fields do not exist. Found by their
// fixed ids, so nothing is duplicated; dashboards and panels staff made in the admin (other ids) are left alone.
// Written with plain queries: the rows are plain data and Directus' services add nothing here.
//
// Run by the `dashboards` hook (when Panama's date has moved on) and by the start-up reconcile (scripts/prepare.mjs,
// through scripts/lib/dashboards.mjs), so plain JavaScript. It keeps no clock of its own: the caller says what
// Panama's date and offset from UTC are (`panama`), the hook from the domain's Panama-time helpers.

import { dashboardDefinitions, TODAY_PANEL } from '../../schema/dashboards.mjs';
import { differs } from './rows.mjs';

/**
 * How many hours to add to `$NOW` so that it reads as Panama's wall clock on this database. Reservations' dates are
 * Panama wall-clock values without a zone: PostgreSQL keeps them as `timestamp without time zone` and compares them
 * with `$NOW` written in UTC; SQLite keeps them as instants read in the server's time zone (its offset at `now`).
 */
export function panamaClockShiftHours(client, panama, now = new Date()) {
  const panamaHours = panama.utcOffsetMinutes / 60;
  if (client === 'sqlite3' || client === 'sqlite') return panamaHours + now.getTimezoneOffset() / 60;
  return panamaHours;
}

/** The clock the definitions are written against (see schema/dashboards.mjs). */
export function dashboardClock(client, panama, now = new Date()) {
  const shift = panamaClockShiftHours(client, panama, now);
  return {
    nowPanama: (hours = 0) => {
      const total = shift + hours;
      return total === 0 ? '$NOW' : `$NOW(${total > 0 ? '+' : ''}${total} hours)`;
    },
    today: { from: `${panama.date}T00:00:00`, to: `${panama.date}T23:59:59` },
  };
}

const DASHBOARD_COLUMNS = ['name', 'icon', 'note', 'color'];
const PANEL_COLUMNS = ['dashboard', 'name', 'icon', 'color', 'show_header', 'note', 'type', 'position_x', 'position_y', 'width', 'height', 'options'];

/** The database engine of a knex instance (`sqlite3`, `pg`, ...). */
function engineOf(db) {
  const client = db.client?.config?.client;
  return typeof client === 'string' ? client : '';
}

/**
 * Were the "today" panels written for another day than Panama's `date` (the panel "Recogidas de hoy" does not filter
 * on it)? False when that panel is missing: the next start puts it back.
 */
export async function dashboardsOutOfDate(db, date) {
  const row = await db('directus_panels').select('options').where({ id: TODAY_PANEL }).first();
  if (!row) return false;
  const options = typeof row.options === 'string' ? row.options : JSON.stringify(row.options);
  return !options.includes(`${date}T00:00:00`);
}

export async function reconcileDashboards({ db, schema, log, panama, now = new Date() }) {
  const definitions = dashboardDefinitions(dashboardClock(engineOf(db), panama, now));
  const has = (path) => {
    const [collection, field] = path.split('.');
    return Boolean(schema.collections[collection]?.fields[field]);
  };
  const changes = [];
  for (const dashboard of definitions) {
    const { panels, ...fields } = dashboard;
    const want = pick(fields, DASHBOARD_COLUMNS);
    const row = await db('directus_dashboards').where({ id: dashboard.id }).first();
    if (!row) {
      await db('directus_dashboards').insert({ id: dashboard.id, ...want });
      changes.push(`dashboard "${dashboard.name}" created`);
    } else if (differs(row, want)) {
      await db('directus_dashboards').where({ id: dashboard.id }).update(want);
      changes.push(`dashboard "${dashboard.name}" updated`);
    }
    for (const panel of panels) {
      const existing = await db('directus_panels').where({ id: panel.id }).first();
      if ((panel.requires ?? []).some((path) => !has(path))) {
        if (existing) {
          await db('directus_panels').where({ id: panel.id }).delete();
          changes.push(`panel "${panel.name}" removed (needs ${panel.requires.join(', ')})`);
        }
        continue;
      }
      const wantPanel = pick({ show_header: true, color: null, ...panel, dashboard: dashboard.id }, PANEL_COLUMNS);
      if (!existing) {
        await db('directus_panels').insert({ id: panel.id, ...wantPanel, options: JSON.stringify(wantPanel.options) });
        changes.push(`panel "${panel.name}" created`);
      } else if (differs(existing, wantPanel)) {
        await db('directus_panels').where({ id: panel.id }).update({ ...wantPanel, options: JSON.stringify(wantPanel.options) });
        changes.push(`panel "${panel.name}" updated`);
      }
    }
  }
  const created = changes.filter((c) => c.endsWith('created')).length;
  log(changes.length
    ? `dashboards: ${changes.length} change(s) (${created} created): ${changes.length > 6 ? `${changes.slice(0, 6).join('; ')}; … (+${changes.length - 6})` : changes.join('; ')}`
    : 'dashboards: up to date');
  return changes;
}

function pick(object, keys) {
  return Object.fromEntries(keys.map((k) => [k, object[k] ?? null]));
}
