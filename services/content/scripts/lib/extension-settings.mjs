// Directus keeps a settings row per extension in `directus_extensions` (whether it is enabled), and one per entry of a
// bundle, pointing at the bundle's row. At start it looks each extension on disk up by folder name among these rows and
// creates a row only for a name it does not find; then it deletes the rows of entries its bundle no longer has. So an
// extension whose folder is named like a former entry of a bundle finds that entry's row, gets no row of its own, loses
// the entry's row to the clean-up and starts disabled. Deleting those rows before Directus starts (prepare.mjs) lets it
// create the extension's own row, enabled.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The entry names of the bundle in `folder`, or null when it is no bundle (or cannot be read). */
export function bundleEntriesIn(folder) {
  try {
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'))['directus:extension'];
    return manifest?.type === 'bundle' && Array.isArray(manifest.entries) ? manifest.entries.map((entry) => entry.name) : null;
  } catch {
    return null;
  }
}

/**
 * The rows of bundle entries that their bundle on disk no longer has. `rows` are local settings rows
 * ({ id, folder, bundle }); `entriesOf(folder)` answers a bundle's entry names, null when it is no bundle there (its
 * entries are then left alone: nothing says they are gone).
 */
export function staleEntryRows(rows, entriesOf) {
  return rows.filter((row) => {
    if (!row.bundle) return false;
    const bundle = rows.find((candidate) => candidate.id === row.bundle);
    const entries = bundle ? entriesOf(bundle.folder) : null;
    return entries !== null && !entries.includes(row.folder);
  });
}

/** Deletes the stale entry rows of the local extensions in `extensionsPath`. */
export async function reconcileExtensionSettings({ db, extensionsPath, log }) {
  if (!extensionsPath || !existsSync(extensionsPath) || !(await db.schema.hasTable('directus_extensions'))) return;
  const rows = await db('directus_extensions').select('id', 'folder', 'bundle').where({ source: 'local' });
  const stale = staleEntryRows(rows, (folder) => bundleEntriesIn(join(extensionsPath, folder)));
  if (!stale.length) return;
  await db('directus_extensions').whereIn('id', stale.map((row) => row.id)).delete();
  log(`extensions: settings of ${stale.length} former bundle entr${stale.length === 1 ? 'y' : 'ies'} removed (${stale.map((row) => row.folder).join(', ')})`);
}
