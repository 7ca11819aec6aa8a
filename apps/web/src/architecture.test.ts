import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import ts from 'typescript';
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

/** The most names a front door (a feature's or a shared helper's index.ts) exports, types included. */
const FRONT_DOOR_LIMIT = 30;

/**
 * The names a module's source exports, read with the TypeScript compiler: each name of an `export { ... }` or
 * `export type { ... }` (re-exported or local), each exported declaration (every variable of `export const a, b`), a
 * default export, `export * as ns`. `export * from` adds the names of the module it names, as `namesOf` reads them.
 */
function exportedNames(source: string, namesOf: (specifier: string) => string[] = (specifier) => {
  throw new Error(`export * from '${specifier}': nothing reads that module`);
}): string[] {
  const file = ts.createSourceFile('index.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const names: string[] = [];
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
  const isDefault = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword);
  for (const statement of file.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause)) names.push(...clause.elements.map((element) => element.name.text));
      else if (clause) names.push(clause.name.text);
      else if (statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)) names.push(...namesOf(statement.moduleSpecifier.text));
    } else if (ts.isExportAssignment(statement)) {
      names.push('default');
    } else if (exported(statement)) {
      if (isDefault(statement)) names.push('default');
      else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
          else throw new Error(`a destructured export in a front door: ${declaration.name.getText(file)}`);
        }
      } else if (
        (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
        statement.name
      ) {
        names.push(statement.name.text);
      } else {
        throw new Error(`an export the count does not know: ${statement.getText(file)}`);
      }
    }
  }
  return [...new Set(names)];
}

/** The names a module file exports, following `export * from './x'` to the files it names. */
function exportedNamesOfFile(file: string): string[] {
  return exportedNames(readFileSync(file, 'utf8'), (specifier) => {
    if (!specifier.startsWith('.')) throw new Error(`${relative(repoRoot, file)}: export * from '${specifier}' cannot be counted`);
    const base = join(dirname(file), specifier);
    const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    if (!target) throw new Error(`${relative(repoRoot, file)}: export * from '${specifier}' names no file`);
    return exportedNamesOfFile(target);
  });
}

/** Every front door (`features/<area>/index.ts`, `shared/<area>/index.ts`) and the names it exports. */
function frontDoors(): Map<string, string[]> {
  const doors = new Map<string, string[]>();
  for (const layer of ['features', 'shared']) {
    for (const area of readdirSync(join(webRoot, 'src', layer))) {
      const index = join(webRoot, 'src', layer, area, 'index.ts');
      if (existsSync(index)) doors.set(`${layer}/${area}`, exportedNamesOfFile(index));
    }
  }
  return doors;
}

/** The front doors exporting more than `limit` names, with how many each exports. */
function oversizedFrontDoors(doors: Map<string, readonly string[]>, limit: number = FRONT_DOOR_LIMIT): Record<string, number> {
  return Object.fromEntries([...doors].filter(([, names]) => names.length > limit).map(([door, names]) => [door, names.length]));
}

describe('the storefront’s import graph', () => {
  it('reads every feature folder', () => {
    const features = [...parts.keys()].filter((part) => part.startsWith('features/'));
    expect(features.length).toBeGreaterThan(15);
    expect(features).toEqual(expect.arrayContaining(['features/booking', 'features/pricing', 'features/reservations']));
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

  it('keeps pricing and reservations out of the booking flow: they never import it, and pricing knows no reservation', () => {
    expect([...(parts.get('features/booking') ?? [])]).toEqual(expect.arrayContaining(['features/pricing', 'features/reservations']));
    expect([...(parts.get('features/pricing') ?? [])].filter((part) => part === 'features/booking' || part === 'features/reservations')).toEqual([]);
    expect([...(parts.get('features/reservations') ?? [])].filter((part) => part === 'features/booking')).toEqual([]);
  });

  it('lets the counter, the reminders and the pre-check-in use reservations without the booking flow', () => {
    for (const part of ['features/counter', 'features/reminders', 'features/precheckin']) {
      const imports = [...(parts.get(part) ?? [])];
      expect(imports.length, part).toBeGreaterThan(0);
      expect(imports, part).not.toContain('features/booking');
    }
    expect([...(parts.get('features/precheckin') ?? [])]).toContain('features/reservations');
  });
});

describe('the front doors', () => {
  it(`export at most ${FRONT_DOOR_LIMIT} names each, types included`, () => {
    const doors = frontDoors();
    expect(doors.size).toBeGreaterThan(20);
    expect(doors.get('features/pricing')).toContain('priceSelection');
    expect(doors.get('features/reservations')).toContain('ReservationSummary');
    expect(oversizedFrontDoors(doors)).toEqual({});
  });

  it('counts every kind of export, and finds a front door above the limit', () => {
    const source = [
      "export { a, b as c } from './x';",
      "export type { T } from './y';",
      "export { type U, d } from './z';",
      'export const e = 1, f = 2;',
      'export function g() {}',
      'export class H {}',
      'export type I = string;',
      'export interface J {}',
      'export enum K {}',
      "export * as l from './w';",
      "export * from './v';",
      'const m = 1;',
      'export { m };',
      'export default m;',
      "import { n } from './n';",
    ].join('\n');
    const names = exportedNames(source, (specifier) => (specifier === './v' ? ['o', 'p'] : []));
    expect(names).toEqual(['a', 'c', 'T', 'U', 'd', 'e', 'f', 'g', 'H', 'I', 'J', 'K', 'l', 'o', 'p', 'm', 'default']);
    expect(() => exportedNames("export * from './v';")).toThrow(/v/);

    const many = Array.from({ length: FRONT_DOOR_LIMIT + 1 }, (_, index) => `name${index}`);
    const doors = new Map([
      ['features/small', exportedNames(`export { ${many.slice(1).join(', ')} } from './all';`)],
      ['features/big', exportedNames(`export { ${many.slice(1).join(', ')} } from './all';\nexport type { ${many[0]} } from './types';`)],
    ]);
    expect(doors.get('features/small')).toHaveLength(FRONT_DOOR_LIMIT);
    expect(oversizedFrontDoors(doors)).toEqual({ 'features/big': FRONT_DOOR_LIMIT + 1 });
  });
});
