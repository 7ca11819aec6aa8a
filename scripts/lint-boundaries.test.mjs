// The import boundaries of eslint.config.mjs (docs/architecture.md, "Who may import whom" and "The content service's
// extensions"), checked through ESLint's Node API with the repository's own configuration: synthetic source text
// linted as if it were an existing file (the type-aware rules' project service must find the file in a tsconfig),
// once importing what the rule refuses, once importing what it allows. The allowed imports must lint clean, so a
// broken configuration (a rule that refuses everything, a parser that fails) fails here instead of passing. The
// project service keeps a file's synthetic text for the rest of the run: no test lints, in place of a file, text that
// a later test's imports read.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
// Type-aware linting opens a TypeScript program per workspace on first use: tens of seconds on a busy machine.
const SLOW = 300_000;

let eslint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** Every message of linting `lines` as the file `path` (relative to the repository). */
async function lint(path, lines) {
  const [result] = await eslint.lintText(`${lines.join('\n')}\n`, { filePath: join(ROOT, path) });
  expect(result.fatalErrorCount, JSON.stringify(result.messages)).toBe(0);
  return result.messages;
}

const boundaries = (messages) => messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);

describe('the storefront\'s boundaries', { timeout: SLOW }, () => {
  it('refuse a shared helper importing a feature', async () => {
    const messages = await lint('apps/web/src/shared/forms/index.ts', [
      "import { FILTER_PARAMS } from '@/features/fleet';",
      'export const fleetFilterParams = FILTER_PARAMS;',
    ]);
    expect(boundaries(messages)).toEqual([expect.stringMatching(/^shared may not import feature/)]);
  });

  it('let a feature import a shared helper through its index.ts', async () => {
    // Another helper than the one above: the project service now holds that one's synthetic text.
    const messages = await lint('apps/web/src/features/fleet/fleet-filters.ts', [
      "import { pageAlternates } from '@/shared/seo';",
      'export const alternates = pageAlternates;',
    ]);
    expect(messages).toEqual([]);
  });
});

describe('the content service\'s extensions\' boundaries', { timeout: SLOW }, () => {
  it('refuse an extension importing another extension\'s files', async () => {
    const messages = await lint('services/content/extensions/privacy/src/hooks.ts', [
      "import { channelOf } from '../../booking/src/channel';",
      'export const channel = channelOf;',
    ]);
    expect(boundaries(messages)).toEqual([expect.stringMatching(/^extension privacy may not import extension booking/)]);
  });

  it('refuse an extension, or the kit, importing deploy tooling', async () => {
    const fromExtension = await lint('services/content/extensions/dashboards/src/index.ts', [
      "import { panamaAt } from '../../../scripts/lib/dashboards.mjs';",
      'export const clock = panamaAt;',
    ]);
    expect(boundaries(fromExtension)).toEqual([expect.stringMatching(/^extension dashboards may not import deploy-tooling/)]);
    // A kit file the allowed imports below do not reach: the project service keeps the synthetic text of a file.
    const fromKit = await lint('services/content/extensions/shared/request-id.ts', [
      "import { buildContentExtensions } from '../../../../scripts/lib/content-extensions.mjs';",
      'export const build = buildContentExtensions;',
    ]);
    expect(boundaries(fromKit)).toEqual([expect.stringMatching(/^kit may not import deploy-tooling/)]);
  });

  it('refuse an extension reading the schema files other than through the kit', async () => {
    const messages = await lint('services/content/extensions/booking/src/reservation-payload.ts', [
      "import { collections } from '../../../schema/model.mjs';",
      'export const model = collections;',
    ]);
    expect(boundaries(messages)).toEqual([expect.stringMatching(/^extension booking may not import schema/)]);
  });

  it('let an extension import the kit, the domain and its own files, and the kit read the schema', async () => {
    const extension = await lint('services/content/extensions/privacy/src/hooks.ts', [
      "import { formatPanamaDate } from '@rentacar/domain/dates';",
      "import { countHit } from '../../shared/rate-limit';",
      "import { collections } from '../../shared/schema';",
      "import { checkProof } from './run-request';",
      'export const allowed = [formatPanamaDate, countHit, collections, checkProof];',
    ]);
    expect(extension).toEqual([]);
    const kit = await lint('services/content/extensions/shared/schema.ts', [
      "export { collections } from '../../schema/model.mjs';",
      "import { formatPanamaDate } from '@rentacar/domain/dates';",
      'export const today = formatPanamaDate;',
    ]);
    expect(kit).toEqual([]);
  });
});
