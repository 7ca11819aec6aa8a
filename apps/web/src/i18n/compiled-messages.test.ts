import compile from 'icu-minify/compile';
import format, { type CompiledMessage } from 'icu-minify/format';
import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { PANAMA_TIME_ZONE } from '@rentacar/domain/dates';
import es from '../../messages/es.json';
import en from '../../messages/en.json';

// The build compiles the catalogues (next.config.ts, next-intl's `precompile`) and the pages format the compiled form
// with icu-minify, while these tests and scripts format the source strings with intl-messageformat. This holds the
// two equal for every message, with a value of the right kind for each of its arguments.

type Values = Record<string, string | number | Date | ((chunks: unknown[]) => string)>;

// icu-minify's compiled shapes: a string, 0 for `#`, [name] for an argument, [name, type, options] for a typed one,
// [name, ...children] for a tag.
const SELECT = 1;
const PLURAL = 2;
const SELECT_ORDINAL = 3;
const NUMBER = 4;
const DATE = 5;
const TIME = 6;

function entries(catalogue: object, prefix = ''): Array<[string, string]> {
  return Object.entries(catalogue).flatMap(([key, value]): Array<[string, string]> =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : entries(value as object, `${prefix}${key}.`),
  );
}

/** Adds a value for each argument of a compiled message or branch: a string, `#`, or a list of nodes. */
function collectFromMessage(message: unknown, values: Values): void {
  if (Array.isArray(message)) for (const node of message) collectFromNode(node, values);
}

/** One value per argument: a select's first case, a count that is plural in both languages, a tag that wraps. */
function collectFromNode(node: unknown, values: Values): void {
  if (!Array.isArray(node) || typeof node[0] !== 'string') return; // plain text or `#`
  const [name, kind, options] = node as [string, unknown, unknown];
  const branches = options && typeof options === 'object' ? Object.entries(options) : [];
  if (node.length === 1) values[name] ??= `«${name}»`;
  else if (kind === SELECT) {
    values[name] ??= branches.find(([branch]) => branch !== 'other')?.[0] ?? 'other';
    for (const [, branch] of branches) collectFromMessage(branch, values);
  } else if (kind === PLURAL || kind === SELECT_ORDINAL) {
    values[name] = 3;
    for (const [, branch] of branches) collectFromMessage(branch, values);
  } else if (kind === NUMBER) values[name] = 1234.5;
  else if (kind === DATE || kind === TIME) values[name] = new Date('2026-12-24T15:00:00Z');
  else {
    // A tag: [name, ...children].
    values[name] = (chunks) => `<${name}>${chunks.join('')}</${name}>`;
    for (const child of node.slice(1)) collectFromNode(child, values);
  }
}

function sampleValues(message: CompiledMessage): Values {
  const values: Values = {};
  collectFromMessage(message, values);
  return values;
}

const formatters = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

describe.each([
  ['es', es],
  ['en', en],
] as const)('the %s catalogue, compiled as the build serves it', (locale, catalogue) => {
  it('formats every message as its source does', () => {
    const differences: string[] = [];
    for (const [key, source] of entries(catalogue)) {
      const compiled = compile(source);
      const values = sampleValues(compiled);
      const fromSource = createTranslator({ locale, messages: { message: source }, timeZone: PANAMA_TIME_ZONE });
      const hasTags = Object.values(values).some((value) => typeof value === 'function');
      const expected = hasTags ? fromSource.markup('message', values as Parameters<typeof fromSource.markup>[1]) : fromSource('message', values as Parameters<typeof fromSource>[1]);
      const output = format(compiled, locale, values, { formatters, timeZone: PANAMA_TIME_ZONE });
      const actual = Array.isArray(output) ? output.join('') : String(output);
      if (actual !== expected) differences.push(`${key}: ${JSON.stringify(expected)} compiled as ${JSON.stringify(actual)}`);
    }
    expect(differences).toEqual([]);
  });
});
