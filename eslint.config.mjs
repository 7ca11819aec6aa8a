// One ESLint configuration for every workspace (`npm run lint`): Next's rules (React, React hooks, core web vitals)
// plus the accessibility rules for the storefront, typescript-eslint's type-checked rules for every TypeScript file
// (each file is checked with its workspace's tsconfig), ESLint's recommended rules for the Node scripts.
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFiles = ['apps/web/**/*.{js,jsx,mjs,ts,tsx}'];
const webSource = 'apps/web/src';
const extensionsDir = 'services/content/extensions';
// Tests may reach into what they test (and mock its parts); the boundaries below hold for the product's code.
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/*.testing.ts'];
const typeScriptFiles = ['**/*.{ts,tsx,mts,cts}'];

export default defineConfig([
  // What git ignores (builds, data, reports) and generated files.
  globalIgnores([
    '**/node_modules/',
    '**/.next/',
    '**/.next-*/',
    '**/dist/',
    '**/coverage/',
    '**/test-results/',
    '**/playwright-report/',
    'services/content/data/',
    'bench/results/',
    'apps/web/next-env.d.ts',
  ]),

  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },

  {
    files: typeScriptFiles,
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        // The scripts' declaration files are in no tsconfig (the scripts are JavaScript).
        projectService: { allowDefaultProject: ['scripts/lib/*.d.mts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // Vitest's asymmetric matchers (expect.stringMatching, expect.any, ...) are typed `any`, and tests pass them around.
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/e2e/**/*.ts', 'apps/web/e2e-cluster/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },

  // The storefront: Next's configuration (React, React hooks, @next/next with core web vitals) and every rule of
  // jsx-a11y's recommended set, which Next's configuration only partly enables.
  {
    files: webFiles,
    extends: [nextCoreWebVitals],
    settings: { next: { rootDir: 'apps/web' } },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'import/no-anonymous-default-export': 'error',
    },
  },

  // The storefront's shape (docs/architecture.md): lib and i18n at the bottom, the content seam above them, shared
  // components, the shared helpers (forms, e-mail, the API kit, errors, SEO, analytics, self-healing), then the
  // features, then the routes. A shared helper never imports a feature. A feature or a shared helper is used by others
  // only through its index.ts, and so is the content seam; nothing but the seam talks to the content service's SDK.
  {
    files: [`${webSource}/**/*.{ts,tsx}`],
    ignores: testFiles,
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: 'apps/web/tsconfig.json' } },
      'boundaries/include': [`${webSource}/**/*`],
      'boundaries/elements': [
        { type: 'lib', pattern: `${webSource}/lib` },
        { type: 'i18n', pattern: `${webSource}/i18n` },
        { type: 'content', pattern: `${webSource}/content` },
        { type: 'components', pattern: `${webSource}/components` },
        { type: 'shared', pattern: `${webSource}/shared/*`, capture: ['area'] },
        { type: 'feature', pattern: `${webSource}/features/*`, capture: ['area'] },
        { type: 'app', pattern: `${webSource}/app` },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: '{{from.type}} may not import {{to.type}} (docs/architecture.md, "Who may import whom")',
          policies: [
            { from: { element: { type: 'lib' } }, allow: { to: { element: { types: { anyOf: ['lib', 'i18n'] } } } } },
            { from: { element: { type: 'i18n' } }, allow: { to: { element: { types: { anyOf: ['i18n', 'lib'] } } } } },
            { from: { element: { type: 'content' } }, allow: { to: { element: { types: { anyOf: ['content', 'lib', 'i18n'] } } } } },
            { from: { element: { type: 'components' } }, allow: { to: { element: { types: { anyOf: ['components', 'lib', 'i18n', 'content'] } } } } },
            { from: { element: { type: 'shared' } }, allow: { to: { element: { types: { anyOf: ['shared', 'components', 'lib', 'i18n', 'content'] } } } } },
            { from: { element: { type: 'feature' } }, allow: { to: { element: { types: { anyOf: ['feature', 'shared', 'components', 'lib', 'i18n', 'content'] } } } } },
            { from: { element: { type: 'app' } }, allow: { to: { element: { types: { anyOf: ['feature', 'shared', 'components', 'lib', 'i18n', 'content', 'app'] } } } } },
            // Front doors: another feature, a shared helper or the content seam, only through its index.ts.
            {
              to: { element: { types: { anyOf: ['feature', 'shared', 'content'] } } },
              disallow: { to: { element: { fileInternalPath: '!index.ts' } } },
              message: 'import {{to.type}} {{to.captured.area}} through its index.ts',
            },
          ],
        },
      ],
      'no-restricted-imports': ['error', { paths: [{ name: '@directus/sdk', message: 'Only the content seam (apps/web/src/content) talks to the content service.' }] }],
    },
  },
  {
    files: [`${webSource}/content/**/*.ts`],
    rules: { 'no-restricted-imports': 'off' },
  },

  // The content service's extensions (docs/architecture.md, "The content service's extensions"): an extension
  // (`extensions/<name>/src`) imports the domain, the shared kit (`extensions/shared`) and its own files, never another
  // extension's (what two extensions need goes into the kit, or into the domain when it is a rule). The kit imports
  // the domain, itself and the content model as code (`services/content/schema/*.mjs`): those files are data (the
  // collections and fields, the access rules' ids, the account pages, the callbacks, the dashboards' definitions) and
  // pure functions of it, with no I/O and no import beyond each other, the same files the start-up reconcile applies,
  // so an extension enforces what the service is configured with; each extension bundles them at build time.
  // Extensions reach them only through the kit (shared/schema.ts, shared/directus.ts). Deploy tooling
  // (`services/content/scripts`, the root's `scripts`: the database bootstrap, schema apply, seed, the builds) is never
  // imported at run time; any other file of the repository is refused too (`checkUnknownLocals`). Packages from
  // node_modules are not checked here.
  {
    files: [`${extensionsDir}/**/*.{ts,mjs}`],
    ignores: testFiles,
    plugins: { boundaries },
    settings: {
      'import/resolver': { typescript: { project: `${extensionsDir}/tsconfig.json` } },
      'boundaries/include': ['**/*'],
      'boundaries/elements': [
        { type: 'kit', pattern: `${extensionsDir}/shared` },
        { type: 'extension', pattern: `${extensionsDir}/*`, capture: ['name'] },
        { type: 'schema', pattern: 'services/content/schema' },
        { type: 'domain', pattern: 'packages/domain' },
        { type: 'deploy-tooling', pattern: 'services/content/scripts' },
        { type: 'deploy-tooling', pattern: 'scripts' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          checkUnknownLocals: true,
          message:
            '{{from.type}}{{#if from.captured.name}} {{from.captured.name}}{{/if}} may not import {{#if to.type}}{{to.type}}{{#if to.captured.name}} {{to.captured.name}}{{/if}}'
            + '{{else}}{{dependency.source}}, outside the extensions, their kit, the schema and the domain{{/if}} (docs/architecture.md, "The content service\'s extensions")',
          policies: [
            { from: { element: { type: 'extension' } }, allow: { to: { element: { types: { anyOf: ['kit', 'domain'] } } } } },
            { from: { element: { type: 'kit' } }, allow: { to: { element: { types: { anyOf: ['kit', 'domain', 'schema'] } } } } },
          ],
        },
      ],
    },
  },
]);
