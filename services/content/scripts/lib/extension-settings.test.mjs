import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleEntriesIn, staleEntryRows } from './extension-settings.mjs';

describe('extension settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'extension-settings-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the entries of a bundle on disk, and nothing of another extension', () => {
    mkdirSync(join(dir, 'booking'));
    writeFileSync(join(dir, 'booking', 'package.json'), JSON.stringify({
      'directus:extension': { type: 'bundle', entries: [{ type: 'endpoint', name: 'booking' }, { type: 'hook', name: 'booking-rules' }] },
    }));
    mkdirSync(join(dir, 'guard'));
    writeFileSync(join(dir, 'guard', 'package.json'), JSON.stringify({ 'directus:extension': { type: 'hook' } }));
    expect(bundleEntriesIn(join(dir, 'booking'))).toEqual(['booking', 'booking-rules']);
    expect(bundleEntriesIn(join(dir, 'guard'))).toBeNull();
    expect(bundleEntriesIn(join(dir, 'missing'))).toBeNull();
  });

  it('finds the rows of entries a bundle no longer has, so that an extension of that name gets its own', () => {
    const rows = [
      { id: 'b', folder: 'booking', bundle: null },
      { id: 'b1', folder: 'booking', bundle: 'b' },
      { id: 'b2', folder: 'booking-rules', bundle: 'b' },
      { id: 'b3', folder: 'account-emails', bundle: 'b' },
      { id: 'g', folder: 'guard', bundle: null },
      { id: 'o', folder: 'gone', bundle: null },
      { id: 'o1', folder: 'gone-entry', bundle: 'o' },
    ];
    const entries = { booking: ['booking', 'booking-rules'] };
    expect(staleEntryRows(rows, (folder) => entries[folder] ?? null).map((row) => row.id)).toEqual(['b3']);
  });
});
