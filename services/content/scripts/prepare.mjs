// Prepares the content database before Directus starts (run by scripts/lib/content-service.mjs on Node 22,
// with the Directus configuration in the environment). Every start:
//   1. bootstrap: install Directus' system tables and the first admin (ADMIN_EMAIL / ADMIN_PASSWORD) on an
//      empty database; otherwise run pending Directus migrations;
//   2. schema: apply schema/snapshot.yaml when it differs from the last one applied to this database (the stock counts
//      of a database from before units become units: lib/migrate-stock.mjs);
//   3. access: reconcile roles, policies, permissions, public registration settings and the storefront user (token);
//   4. flow: reconcile the "Revalidate storefront" flow (URL, secret), then the admin's Insights dashboards
//      (schema/dashboards.mjs: created when missing, put back when changed, staff-made ones left alone);
//   5. seed: load the seed content once, on the first start of an empty database;
//   6. demo users: a Corporate agent per seeded company and a Counter staff member per seeded branch when
//      DEMO_AGENT_PASSWORD is set (local databases only);
//   7. extensions: settings rows of bundle entries that no longer exist removed (lib/extension-settings.mjs).
// Prints one line per step; exits non-zero with the reason on failure.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const contentDir = join(here, '..');
// CONTENT_SCHEMA_SNAPSHOT: another snapshot file (tests use it to check that a changed snapshot lands).
const snapshotFile = resolve(process.env.CONTENT_SCHEMA_SNAPSHOT || join(contentDir, 'schema', 'snapshot.yaml'));
const STATE_TABLE = 'content_service_state';

const log = (line) => process.stdout.write(`${line}\n`);
const t0 = Date.now();
const elapsed = (t) => `${((Date.now() - t) / 1000).toFixed(1)} s`;

const required = ['DIRECTUS_STOREFRONT_TOKEN', 'REVALIDATE_SECRET', 'STOREFRONT_REVALIDATE_URL'];
for (const name of required) {
  if (!process.env[name]) {
    process.stderr.write(`prepare: ${name} is not set\n`);
    process.exit(2);
  }
}

const { loadDirectus, bootstrapDatabase } = await import('./lib/directus.mjs');
const { reconcileAccess, reconcileDemoAgents, reconcileDemoCounterStaff, reconcileFlow } = await import('./lib/reconcile.mjs');
const { seedContent, LOAD_ORDER } = await import('./lib/seed.mjs');
const { applySchemaSnapshot } = await import('./lib/schema.mjs');
const { reconcileExtensionSettings } = await import('./lib/extension-settings.mjs');
const { reconcileDashboards } = await import('./lib/dashboards.mjs');
const { readStockCounts, createUnitsFromCounts } = await import('./lib/migrate-stock.mjs');

const d = await loadDirectus();
const db = d.getDatabase();
let exitCode = 0;

try {
  // 1. Bootstrap.
  let t = Date.now();
  const fresh = await bootstrapDatabase(d, { createAdmin: true, log: () => {} });
  log(fresh ? `bootstrap: new database, admin ${process.env.ADMIN_EMAIL} created (${elapsed(t)})` : `bootstrap: existing database, migrations up to date (${elapsed(t)})`);
  if (fresh && !(process.env.ADMIN_EMAIL && process.env.ADMIN_PASSWORD)) log('bootstrap: warning: ADMIN_EMAIL/ADMIN_PASSWORD not set, no admin user was created');

  if (!(await db.schema.hasTable(STATE_TABLE))) {
    await db.schema.createTable(STATE_TABLE, (table) => {
      table.string('key', 64).primary();
      table.text('value');
      table.string('updated_at', 32);
    });
  }
  const getState = async (key) => (await db(STATE_TABLE).where({ key }).first())?.value ?? null;
  const setState = async (key, value) => {
    const row = { key, value, updated_at: new Date().toISOString() };
    if (await db(STATE_TABLE).where({ key }).first()) await db(STATE_TABLE).where({ key }).update(row);
    else await db(STATE_TABLE).insert(row);
  };

  // 2. Schema.
  t = Date.now();
  const snapshotText = readFileSync(snapshotFile, 'utf8');
  const hash = createHash('sha256').update(snapshotText).digest('hex');
  const appliedHash = await getState('schema_hash');
  // Stock counts of a database from before units, read before the snapshot drops their table (lib/migrate-stock.mjs).
  const stockCounts = await readStockCounts(db);
  if (appliedHash === hash) {
    log(`schema: up to date (${hash.slice(0, 12)})`);
  } else {
    const yaml = (await import('js-yaml')).default;
    const snapshot = yaml.load(snapshotText);
    const applied = await applySchemaSnapshot(d, { db, snapshot });
    await setState('schema_hash', hash);
    log(`schema: applied ${hash.slice(0, 12)} (${applied.collections} collection, ${applied.fields} field, ${applied.relations} relation change(s)) in ${elapsed(t)}`);
  }

  const migratedUnits = await createUnitsFromCounts(db, stockCounts);
  if (migratedUnits > 0) log(`schema: the stock counts became ${migratedUnits} unit(s), plates MG0001 upwards, for staff to correct (docs/fleet.md)`);

  const schema = await d.getSchema({ database: db, bypassCache: true });
  const env = process.env;

  // 3-4. Access control, flow and dashboards (every start).
  t = Date.now();
  await reconcileAccess(d, { db, schema, env, log });
  await reconcileFlow(d, { db, schema, env, log });
  await reconcileDashboards({ db, schema, log });

  // 5. Seed (once).
  const seedDir = resolve(process.env.CONTENT_SEED_DIR || join(contentDir, 'seed'));
  const seededAt = await getState('seeded_at');
  if (seededAt) {
    log(`seed: already loaded (${seededAt}); kept as edited`);
  } else {
    let existing = 0;
    for (const c of LOAD_ORDER) {
      if (schema.collections[c]) existing += Number((await db(c).count('* as n').first()).n);
    }
    if (existing > 0) {
      log(`seed: skipped, the database already holds ${existing} content item(s)`);
    } else {
      await seedContent(d, { db, schema, seedDir, log });
    }
    await setState('seeded_at', new Date().toISOString());
  }

  // 6. Demo corporate agents (every start, when DEMO_AGENT_PASSWORD is set; local databases only).
  await reconcileDemoAgents(d, { db, schema, env, seedDir, log });
  await reconcileDemoCounterStaff(d, { db, schema, env, seedDir, log });

  // 7. Extension settings (every start).
  await reconcileExtensionSettings({ db, extensionsPath: env.EXTENSIONS_PATH, log });

  await d.flushCaches(true);
  log(`prepared in ${elapsed(t0)}`);
} catch (error) {
  process.stderr.write(`prepare failed: ${error?.stack ?? error}\n`);
  exitCode = 1;
} finally {
  await db.destroy().catch(() => {});
}
process.exit(exitCode);
