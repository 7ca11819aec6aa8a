import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));
const emptyModule = fileURLToPath(new URL('./apps/web/test/empty-module.ts', import.meta.url));

const webAliases = { '@': webSrc, 'server-only': emptyModule };

/**
 * Test projects. `domain` and `web` need nothing running; `content` and `web-integration` talk to a real content
 * service whose URL the harness (scripts/test.mjs) puts in CONTENT_URL.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias: webAliases },
        esbuild: { jsx: 'automatic' },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['apps/web/src/**/*.integration.test.ts'],
          environment: 'node',
          setupFiles: ['apps/web/test/setup.ts'],
        },
      },
      {
        resolve: { alias: webAliases },
        test: {
          name: 'web-integration',
          include: ['apps/web/src/**/*.integration.test.ts'],
          environment: 'node',
          setupFiles: ['apps/web/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: { name: 'content', include: ['services/content/tests/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
      },
    ],
  },
});
