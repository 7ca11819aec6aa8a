// Comparing a row as the database stores it with the values the schema-as-code wants (the reconcilers of access,
// settings and dashboards).
import { isDeepStrictEqual } from 'node:util';

/** A JSON column as stored (text in SQLite, parsed in PostgreSQL) parsed; anything else as it is. */
export function parse(value) {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return value;
  try { return JSON.parse(value); } catch { return value; }
}

/** Does the stored row differ from the wanted values (JSON columns compared parsed; booleans as stored by SQLite)? */
export function differs(row, want) {
  for (const [k, v] of Object.entries(want)) {
    let have = row[k];
    if (typeof v === 'boolean' && (have === 0 || have === 1)) have = have === 1;
    if (v !== null && typeof v === 'object') have = parse(have);
    if (!isDeepStrictEqual(have ?? null, v ?? null)) return true;
  }
  return false;
}
