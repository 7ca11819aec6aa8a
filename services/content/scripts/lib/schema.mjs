// Applies schema/snapshot.yaml to the database, engine-neutrally.
//
// The snapshot is built on SQLite. On PostgreSQL, Directus' plain diff also reports differences that are only
// how each engine names a type (varchar / character varying, float / real, precision of integers, uuid columns
// reported as string on SQLite, foreign key constraint names). Applying those would alter every column, and
// fails on primary keys. So the diff is cleaned of them first; changes that only touch a field's `meta` (notes,
// interfaces, labels) are written without touching the column; everything else goes through Directus' own
// applyDiff.

import deepDiff from 'deep-diff';

const ENGINE_SCHEMA_KEYS = new Set(['data_type', 'numeric_precision', 'numeric_scale']);

function isEngineOnly(change, field) {
  const path = change.path ?? [];
  if (change.kind === 'E' && path.length === 1 && path[0] === 'type') {
    const pair = [change.lhs, change.rhs].sort().join('/');
    return pair === 'string/uuid';
  }
  if (path[0] !== 'schema' || path.length !== 2) return false;
  if (ENGINE_SCHEMA_KEYS.has(path[1])) return true;
  // uuid columns have no length on PostgreSQL (char(36) on SQLite).
  if (path[1] === 'max_length' && (field?.type === 'uuid' || change.lhs === 36 || change.rhs === 36)) return true;
  if (path[1] === 'constraint_name') return true;
  return false;
}

/** Removes engine-only differences from a Directus snapshot diff (returns a new diff). */
export function neutralDiff(diff, current) {
  const fieldOf = (collection, field) => current.fields.find((f) => f.collection === collection && f.field === field);
  const clean = (entries, withField) => entries
    .map((entry) => {
      // A real type change keeps all of its schema changes.
      const typeChanged = entry.diff.some((c) => c.kind === 'E' && c.path?.length === 1 && c.path[0] === 'type' && !isEngineOnly(c));
      if (typeChanged) return entry;
      const field = withField ? fieldOf(entry.collection, entry.field) : null;
      const kept = entry.diff.filter((c) => !isEngineOnly(c, field));
      return kept.length ? { ...entry, diff: kept } : null;
    })
    .filter(Boolean);
  return {
    collections: diff.collections,
    fields: clean(diff.fields, true),
    systemFields: diff.systemFields,
    relations: clean(diff.relations, false),
  };
}

/**
 * Applies `snapshot` to the database behind `db`. Returns counts of what changed.
 */
export async function applySchemaSnapshot(d, { db, snapshot }) {
  const current = await d.getSnapshot({ database: db });
  const diff = neutralDiff(d.getSnapshotDiff(current, snapshot), current);

  // Field edits that only touch meta: update the field without its column.
  const exists = (entry) => current.fields.some((f) => f.collection === entry.collection && f.field === entry.field);
  const metaOnly = diff.fields.filter((entry) => exists(entry) && entry.diff.every((c) => c.path?.[0] === 'meta'));
  const rest = { ...diff, fields: diff.fields.filter((entry) => !metaOnly.includes(entry)) };

  if (metaOnly.length) {
    const schema = await d.getSchema({ database: db, bypassCache: true });
    await db.transaction(async (trx) => {
      const fields = new d.services.FieldsService({ knex: trx, schema });
      for (const entry of metaOnly) {
        const currentField = structuredClone(current.fields.find((f) => f.collection === entry.collection && f.field === entry.field));
        for (const change of entry.diff) deepDiff.applyChange(currentField, undefined, change);
        await fields.updateField(entry.collection, { field: entry.field, type: currentField.type, meta: currentField.meta });
      }
    });
  }
  const restCount = rest.collections.length + rest.fields.length + rest.relations.length + rest.systemFields.length;
  if (restCount) await d.applySnapshot(snapshot, { database: db, current, diff: rest });
  const newCollections = new Set(rest.collections.filter((c) => c.diff[0]?.kind === 'N').map((c) => c.collection));
  return {
    collections: rest.collections.length,
    fields: diff.fields.filter((f) => !newCollections.has(f.collection)).length,
    relations: rest.relations.length,
    total: metaOnly.length + restCount,
  };
}
