// Builds schema/snapshot.yaml from schema/model.mjs.
//
//   cd services/content && npm run schema:build      (runs on the Node 22 of node_modules/.bin)
//
// Creates every folder, collection, field and relation of the model on a scratch SQLite database through
// Directus' own services, then writes Directus' schema snapshot of it. Every start of the content service
// applies that snapshot (only when it changed), so a new field lands on existing databases too.

import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const contentDir = join(here, '..');
const out = join(contentDir, 'schema', 'snapshot.yaml');

if (Number(process.versions.node.split('.')[0]) < 22) {
  console.error(`schema:build needs Node 22 (this is ${process.version}); run it with "npm run schema:build" in services/content.`);
  process.exit(1);
}

const scratch = mkdtempSync(join(tmpdir(), 'content-schema-'));
Object.assign(process.env, {
  CONFIG_PATH: join(contentDir, 'directus.config.json'),
  DB_CLIENT: 'sqlite3',
  DB_FILENAME: join(scratch, 'schema.db'),
  SECRET: 'schema-build',
  LOG_LEVEL: 'warn',
  TELEMETRY: 'false',
  STORAGE_LOCATIONS: 'local',
  STORAGE_LOCAL_ROOT: join(scratch, 'uploads'),
  EXTENSIONS_PATH: join(scratch, 'extensions'),
  MIGRATIONS_PATH: join(scratch, 'migrations'),
});
delete process.env.ADMIN_EMAIL;
delete process.env.ADMIN_PASSWORD;

const { loadDirectus, bootstrapDatabase } = await import('./lib/directus.mjs');
const model = await import('../schema/model.mjs');

const d = await loadDirectus();
const { CollectionsService, FieldsService, RelationsService } = d.services;
const db = d.getDatabase();
const t0 = Date.now();

try {
  await bootstrapDatabase(d, { createAdmin: false });
  const schema = () => d.getSchema({ database: db, bypassCache: true });

  const stripField = (fld, sort) => {
    const { relation, translationFields, ...rest } = fld;
    void relation; void translationFields;
    const meta = { ...rest.meta, sort };
    return { ...rest, meta, schema: rest.type === 'alias' ? null : rest.schema };
  };

  // Folders.
  for (const folder of model.folders) {
    await new CollectionsService({ knex: db, schema: await schema() }).createOne(folder);
  }

  const relations = [];
  const collectionSort = new Map();

  for (const c of model.collections) {
    const fields = c.fields.map((fl, i) => stripField(fl, i + 1));
    const group = c.meta.group;
    const sort = (collectionSort.get(group) ?? 0) + 1;
    collectionSort.set(group, sort);
    await new CollectionsService({ knex: db, schema: await schema() }).createOne({
      collection: c.collection,
      meta: { ...c.meta, sort },
      schema: {},
      fields,
    });

    for (const fl of c.fields) {
      if (fl.relation) {
        relations.push(m2oRelation(c.collection, fl, c.fields));
      }
      if (fl.translationFields) {
        const tc = `${c.collection}_translations`;
        const parentKey = `${c.collection}_id`;
        await new CollectionsService({ knex: db, schema: await schema() }).createOne({
          collection: tc,
          meta: { hidden: true, icon: 'translate', group: c.collection, collapse: 'open', singleton: false, accountability: 'all', note: `Translations of ${c.collection}` },
          schema: {},
          fields: [
            model.f.pk(),
            { field: parentKey, type: 'integer', schema: { is_nullable: true }, meta: { hidden: true, interface: 'select-dropdown-m2o' } },
            { field: 'languages_code', type: 'string', schema: { is_nullable: true }, meta: { hidden: true, interface: 'select-dropdown-m2o' } },
            ...fl.translationFields.map((tf) => tf),
          ].map((x, i) => stripField(x, i + 1)),
        });
        relations.push({
          collection: tc, field: parentKey, related_collection: c.collection,
          meta: { one_field: 'translations', junction_field: 'languages_code', sort_field: null, one_deselect_action: 'delete' },
          schema: { on_delete: 'CASCADE' },
        });
        relations.push({
          collection: tc, field: 'languages_code', related_collection: 'languages',
          meta: { one_field: null, junction_field: parentKey, sort_field: null, one_deselect_action: 'nullify' },
          schema: { on_delete: 'SET NULL' },
        });
        for (const tf of fl.translationFields) if (tf.relation) relations.push(m2oRelation(tc, tf, fl.translationFields));
      }
    }

    if (c.m2m) {
      const { field, junction, related } = c.m2m;
      const left = `${c.collection}_id`;
      const right = `${related}_id`;
      await new CollectionsService({ knex: db, schema: await schema() }).createOne({
        collection: junction,
        meta: { hidden: true, icon: 'import_export', group: c.collection, collapse: 'open', singleton: false, accountability: 'all', sort_field: 'sort', note: `${c.collection}.${field} ↔ ${related}` },
        schema: {},
        fields: [
          model.f.pk(),
          { field: left, type: 'integer', schema: { is_nullable: true }, meta: { hidden: true } },
          { field: right, type: 'integer', schema: { is_nullable: true }, meta: { hidden: true } },
          model.f.sort(),
        ].map((x, i) => stripField(x, i + 1)),
      });
      relations.push({
        collection: junction, field: left, related_collection: c.collection,
        meta: { one_field: field, junction_field: right, sort_field: 'sort', one_deselect_action: 'delete' },
        schema: { on_delete: 'CASCADE' },
      });
      relations.push({
        collection: junction, field: right, related_collection: related,
        meta: { one_field: null, junction_field: left, sort_field: null, one_deselect_action: 'nullify' },
        schema: { on_delete: 'CASCADE' },
      });
    }
  }

  // Fields added to system collections.
  for (const sf of model.systemFields) {
    const { collection, ...fl } = sf;
    await new FieldsService({ knex: db, schema: await schema() }).createField(collection, stripField(fl, null));
    if (fl.relation) relations.push(m2oRelation(collection, fl, []));
  }

  for (const rel of relations) {
    await new RelationsService({ knex: db, schema: await schema() }).createOne(rel);
  }

  const snapshot = await d.getSnapshot({ database: db, schema: await schema() });
  const yaml = (await import('js-yaml')).default;
  const header = '# Directus schema snapshot of the content service. GENERATED by `npm run schema:build` from\n'
    + '# schema/model.mjs: edit the model, not this file. Applied on every start when it changed.\n';
  const text = header + yaml.dump(snapshot, { lineWidth: 120, noRefs: true, sortKeys: false });
  let previous = '';
  try { previous = readFileSync(out, 'utf8'); } catch { /* first build */ }
  writeFileSync(out, text);
  console.log(`schema: ${model.collections.length} collections (+ translations, junctions, ${model.folders.length} folders), `
    + `${snapshot.fields.length} fields, ${snapshot.relations.length} relations -> ${out} `
    + `(${previous === text ? 'unchanged' : 'updated'}, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
} finally {
  await db.destroy();
  rmSync(scratch, { recursive: true, force: true });
}

function m2oRelation(collection, fl, siblings) {
  const { related, onDelete, oneField } = fl.relation;
  const hasSort = siblings.some((s) => s.field === 'sort');
  return {
    collection,
    field: fl.field,
    related_collection: related,
    meta: {
      one_field: oneField ?? null,
      junction_field: null,
      sort_field: oneField && hasSort ? 'sort' : null,
      one_deselect_action: oneField && onDelete === 'CASCADE' ? 'delete' : 'nullify',
    },
    schema: { on_delete: onDelete },
  };
}
