// Comparing a row as the database returns it with the values the schema-as-code wants: one comparison for every
// reconciler (scripts/lib/reconcile.mjs: policies, roles, settings, the storefront user, the flow and its operations;
// dashboards.mjs: dashboards and panels). In the extensions' kit, since the dashboards extension bundles it through
// dashboards.mjs and no extension imports deploy tooling; plain ESM with no dependency but Node's, so the start-up
// reconcile (plain JavaScript) imports it too.
//
// The same row reads differently on the two databases the content service runs on:
//   - JSON columns: text on SQLite, already parsed on PostgreSQL (json/jsonb);
//   - booleans: 0/1 on SQLite, true/false on PostgreSQL;
//   - bigint and decimal columns: strings on PostgreSQL ('5'), numbers on SQLite;
//   - an unset column: null (or absent from a partial row).
import { isDeepStrictEqual } from 'node:util';

/** A JSON column as stored, parsed (SQLite's text) or as it is (PostgreSQL's parsed value); null for no value. */
export function parse(value) {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** The stored value read as the kind of value wanted, so that each engine's way of returning it compares equal. */
function asWanted(have, want) {
  if (typeof want === 'boolean' && (have === 0 || have === 1)) return have === 1;
  if (typeof want === 'number' && typeof have === 'string' && have.trim() !== '' && Number.isFinite(Number(have))) return Number(have);
  if (want !== null && typeof want === 'object') return parse(have);
  return have;
}

/**
 * Does the stored row differ from the wanted values? Only the wanted keys count (a row has more columns); a wanted
 * undefined is null, as the database stores it.
 */
export function differs(row, want) {
  for (const [key, value] of Object.entries(want)) {
    if (!isDeepStrictEqual(asWanted(row[key], value) ?? null, value ?? null)) return true;
  }
  return false;
}
