// One ESLint configuration for every workspace (`npm run lint`): Next's rules (React, React hooks, core web vitals)
// plus the accessibility rules for the storefront, typescript-eslint's type-checked rules for every TypeScript file
// (each file is checked with its workspace's tsconfig), ESLint's recommended rules for the Node scripts.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFiles = ['apps/web/**/*.{js,jsx,mjs,ts,tsx}'];
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
]);
