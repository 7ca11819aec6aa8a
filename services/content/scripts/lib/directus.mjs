// Access to Directus' own services from a script (same modules its CLI commands use), pinned to directus 11.17.4.
// Import this only after process.env holds the Directus configuration: Directus reads it once, on first use.

export async function loadDirectus() {
  const [
    database, migrations, systemSeed, getSchemaMod, createAdminMod, snapshotMod, diffMod, applyMod, cacheMod, services,
  ] = await Promise.all([
    import('@directus/api/database/index'),
    import('@directus/api/database/migrations/run'),
    import('@directus/api/database/seeds/run'),
    import('@directus/api/utils/get-schema'),
    import('@directus/api/utils/create-admin'),
    import('@directus/api/utils/get-snapshot'),
    import('@directus/api/utils/get-snapshot-diff'),
    import('@directus/api/utils/apply-snapshot'),
    import('@directus/api/cache'),
    import('@directus/api/services/index'),
  ]);
  return {
    getDatabase: database.default,
    isInstalled: database.isInstalled,
    validateDatabaseConnection: database.validateDatabaseConnection,
    getDatabaseClient: database.getDatabaseClient,
    runMigrations: migrations.default,
    runSystemSeed: systemSeed.default,
    getSchema: getSchemaMod.getSchema,
    createAdmin: createAdminMod.createAdmin,
    getSnapshot: snapshotMod.getSnapshot,
    getSnapshotDiff: diffMod.getSnapshotDiff,
    applySnapshot: applyMod.applySnapshot,
    flushCaches: cacheMod.flushCaches,
    services,
  };
}

// Install Directus' system tables on an empty database (what `directus bootstrap` does), or run pending
// migrations on an existing one. Creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD when `createAdmin`.
// Returns true when the database was empty.
export async function bootstrapDatabase(d, { createAdmin = true, log = () => {} } = {}) {
  const db = d.getDatabase();
  await waitForDatabase(d, db);
  if ((await d.isInstalled()) === false) {
    log('installing Directus system tables');
    await d.runSystemSeed(db);
    await d.runMigrations(db, 'latest', false);
    if (createAdmin) {
      const schema = await d.getSchema({ database: db, bypassCache: true });
      await d.createAdmin(schema);
    }
    return true;
  }
  await d.runMigrations(db, 'latest', false);
  return false;
}

async function waitForDatabase(d, db) {
  let lastError;
  for (let i = 0; i < 10; i++) {
    try {
      await d.validateDatabaseConnection(db);
      return;
    } catch (error) {
      lastError = error;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  throw lastError;
}
