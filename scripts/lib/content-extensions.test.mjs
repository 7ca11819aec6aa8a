import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildContentExtensions, EXTENSIONS_DIR, listExtensions, SHARED_INPUTS } from './content-extensions.mjs';
import { findContentNode, ROOT } from './content-service.mjs';

const filesUnder = (dir) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));

describe('the content service\'s extensions', () => {
  it('are one per concern, each built from TypeScript sources into dist/', () => {
    const extensions = listExtensions();
    expect(extensions.map((extension) => extension.name).sort()).toEqual([
      'account-emails', 'account-sessions', 'booking', 'counter', 'dashboards', 'job-applications', 'malformed-address', 'payments', 'precheckin-documents', 'privacy', 'relational-query-guard', 'reminders', 'request-id',
    ]);
    for (const { dir, manifest } of extensions) {
      const sources = manifest.type === 'bundle' ? manifest.entries.map((entry) => entry.source) : [manifest.source];
      const outputs = typeof manifest.path === 'string' ? [manifest.path] : [manifest.path.app, manifest.path.api];
      for (const source of sources) expect(source).toMatch(/^src\/[\w-]+\.ts$/);
      for (const output of outputs) expect(output).toMatch(/^dist\/[\w-]+\.js$/);
      expect(filesUnder(join(dir, 'src')).filter((file) => !file.endsWith('.ts'))).toEqual([]);
    }
  });
});

/** The files a source imports by a relative path (`from './x.mjs'`, `from '../../../schema/y.mjs'`). */
function relativeImports(file) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => resolve(dirname(file), match[1]));
}

describe('what an extension bundles from outside its folder', () => {
  it('is an input of the build, so that a change to it builds the extension again', () => {
    // The kit (extensions/shared) is bundled into every extension, and reads the schema files for them. A module the
    // bundle reaches only through another (a schema file importing another) counts too: missing from the inputs, a
    // change to it would leave Directus running the old copy bundled in dist/.
    const outside = new Set();
    const sources = [...listExtensions().map(({ dir }) => join(dir, 'src')), join(EXTENSIONS_DIR, 'shared')];
    const queue = sources.flatMap((dir) => filesUnder(dir).filter((file) => !/\.test\.(ts|mjs)$/.test(file)));
    for (let file = queue.shift(); file; file = queue.shift()) {
      for (const target of relativeImports(file)) {
        if (!target.endsWith('.mjs') || target.startsWith(`${EXTENSIONS_DIR}${sep}`) || outside.has(target)) continue;
        outside.add(target);
        queue.push(target);
      }
    }
    expect(outside.size).toBeGreaterThan(0);
    const covered = (path) => SHARED_INPUTS.some((input) => path === input || path.startsWith(`${input}/`));
    expect([...outside].map((path) => relative(ROOT, path)).filter((path) => !covered(path))).toEqual([]);
  });
});

describe('building the extensions', () => {
  const dir = mkdtempSync(join(tmpdir(), 'content-extensions-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('builds an extension whose sources changed, and only then', { timeout: 180_000 }, async () => {
    const extension = join(dir, 'tiny');
    mkdirSync(join(extension, 'src'), { recursive: true });
    writeFileSync(join(extension, 'package.json'), JSON.stringify({
      name: 'tiny', version: '1.0.0', type: 'module',
      'directus:extension': { type: 'hook', path: 'dist/index.js', source: 'src/index.ts', host: '^11.0.0' },
    }));
    const source = (word) => `import { greeting } from './greeting';\nexport default (): string => greeting('${word}');\n`;
    writeFileSync(join(extension, 'src', 'greeting.ts'), 'export const greeting = (word: string): string => `hello ${word}`;\n');
    writeFileSync(join(extension, 'src', 'index.ts'), source('one'));
    const options = { nodeBin: findContentNode(), log: () => {}, extensionsDir: dir };

    expect(await buildContentExtensions(options)).toEqual(['tiny']);
    const built = join(extension, 'dist', 'index.js');
    expect(readFileSync(built, 'utf8')).toContain('hello ');
    expect((await import(`${built}?one`)).default()).toBe('hello one');
    expect(await buildContentExtensions(options)).toEqual([]);

    writeFileSync(join(extension, 'src', 'index.ts'), source('two'));
    expect(await buildContentExtensions(options)).toEqual(['tiny']);
    expect((await import(`${built}?two`)).default()).toBe('hello two');
    // Nothing is left of the build's own folder.
    expect(readdirSync(join(extension, 'dist')).sort()).toEqual(['.build-stamp', 'index.js']);

    writeFileSync(join(extension, 'src', 'index.ts'), 'export default (: string => 1;\n');
    // A failed build leaves the last good one in place.
    await expect(buildContentExtensions(options)).rejects.toThrow(/building the extension tiny failed/);
    expect((await import(`${built}?after-failure`)).default()).toBe('hello two');
  });
});
