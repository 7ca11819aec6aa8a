import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

// The import graph of the storefront's own code (tests left out), read by dependency-cruiser from the sources, folded
// into the parts docs/architecture.md names: each feature folder, the content seam, lib, i18n, components, app.
const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(webRoot, '..', '..');

/** The part a file belongs to: `features/booking`, `content`, `lib`... */
function partOf(file: string): string {
  const [top = '', area = ''] = relative(join(webRoot, 'src'), join(repoRoot, file)).split('/');
  return top === 'features' || top === 'shared' ? `${top}/${area}` : top.replace(/\.tsx?$/, '');
}

let parts: Map<string, Set<string>>;

beforeAll(async () => {
  const tsConfigFile = join(webRoot, 'tsconfig.json');
  const result = await cruise(
    [relative(process.cwd(), join(webRoot, 'src'))],
    { tsConfig: { fileName: tsConfigFile }, exclude: { path: String.raw`\.(test|dom\.test|integration\.test)\.tsx?$|\.testing\.ts$` }, doNotFollow: { path: 'node_modules' }, tsPreCompilationDeps: true },
    undefined,
    { tsConfig: extractTSConfig(tsConfigFile) },
  );
  const modules = (result.output as ICruiseResult).modules;
  parts = new Map();
  for (const cruised of modules) {
    if (!cruised.source.startsWith('apps/web/src/')) continue;
    const from = partOf(cruised.source);
    const targets = parts.get(from) ?? new Set<string>();
    for (const dependency of cruised.dependencies) {
      if (!dependency.resolved.startsWith('apps/web/src/')) continue;
      const to = partOf(dependency.resolved);
      if (to !== from) targets.add(to);
    }
    parts.set(from, targets);
  }
}, 120_000);

/** Every cycle among the feature folders, each as the path that closes it. */
function featureCycles(graph: Map<string, Set<string>>): string[][] {
  const cycles: string[][] = [];
  const done = new Set<string>();
  const visit = (part: string, path: string[]) => {
    for (const next of graph.get(part) ?? []) {
      if (!next.startsWith('features/')) continue;
      const at = path.indexOf(next);
      if (at >= 0) cycles.push([...path.slice(at), next]);
      else if (!done.has(next)) visit(next, [...path, next]);
    }
    done.add(part);
  };
  for (const part of graph.keys()) if (part.startsWith('features/') && !done.has(part)) visit(part, [part]);
  return cycles;
}

describe('the storefront’s import graph', () => {
  it('reads every feature folder', () => {
    const features = [...parts.keys()].filter((part) => part.startsWith('features/'));
    expect(features.length).toBeGreaterThan(15);
    expect(features).toContain('features/booking');
  });

  it('has no cycle between feature folders', () => {
    expect(featureCycles(parts)).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['features/a', new Set(['features/b', 'lib'])],
      ['features/b', new Set(['features/c'])],
      ['features/c', new Set(['features/a'])],
    ]);
    expect(featureCycles(graph)).toEqual([['features/a', 'features/b', 'features/c', 'features/a']]);
  });
});
