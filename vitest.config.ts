import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const webSrc = fileURLToPath(new URL('./apps/web/src', import.meta.url));
const emptyModule = fileURLToPath(new URL('./apps/web/test/empty-module.ts', import.meta.url));

const webAliases = { '@': webSrc, 'server-only': emptyModule };
// next-intl's navigation and middleware import `next/navigation` and `next/server` without an extension, which only a
// bundler resolves (Next has no exports map): Vite processes them instead of Node.
const webServer = { deps: { inline: ['next-intl'] } };

/**
 * Test projects. `domain`, `web`, `web-dom` (client components in jsdom), `scripts`, `content-extensions` and `gateway-sandbox` need nothing running (the last starts its own
 * payment sandbox processes); `content` and `web-integration` talk to a real
 * content service whose URL the harness (scripts/test.mjs) puts in CONTENT_URL; `web-process` starts storefront
 * processes of its own from the harness's build (WEB_DIST_DIR); `cluster` runs under `npm run test:cluster`, against
 * the cluster that scripts/test-cluster.mjs starts.
 */
export default defineConfig({
  test: {
    // `.only` left in a test fails the run under CI instead of silently skipping the rest.
    allowOnly: !process.env.CI,
    projects: [
      {
        test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias: webAliases },
        test: {
          name: 'web',
          server: webServer,
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['apps/web/src/**/*.integration.test.ts', 'apps/web/src/**/*.dom.test.tsx'],
          environment: 'node',
          setupFiles: ['apps/web/test/setup.ts'],
          // Some tests load a large part of the app afresh (the proxy with next-intl, per SITE_URL): seconds on a
          // loaded machine. A test fails by what it asserts, not by how busy the machine is.
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias: webAliases },
        test: {
          // Client components rendered in jsdom with Testing Library, as a renter uses them: by role, label and text.
          name: 'web-dom',
          server: webServer,
          include: ['apps/web/src/**/*.dom.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/test/setup.ts', 'apps/web/test/dom-setup.ts'],
        },
      },
      {
        resolve: { alias: webAliases },
        test: {
          name: 'web-integration',
          server: webServer,
          // Next to the code for one module's own integration; under test/integration for the API as a whole, driven
          // over HTTP while staff edit content through the content service's own API.
          include: ['apps/web/src/**/*.integration.test.ts', 'apps/web/test/integration/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['apps/web/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        resolve: { alias: webAliases },
        test: {
          name: 'web-process',
          include: ['apps/web/test/process/**/*.test.ts'],
          environment: 'node',
          // One storefront process at a time: each takes a core while it renders its first pages.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias: webAliases },
        test: {
          name: 'cluster',
          // Against the cluster `npm run test:cluster` starts (scripts/test-cluster.mjs): one file at a time, since
          // some stop or kill parts of it.
          include: ['apps/web/test/cluster/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: { name: 'scripts', include: ['scripts/**/*.test.{ts,mjs}', 'services/content/scripts/**/*.test.mjs'], environment: 'node', testTimeout: 30_000 },
      },
      {
        test: { name: 'content', include: ['services/content/tests/**/*.test.ts'], environment: 'node', testTimeout: 60_000, hookTimeout: 120_000 },
      },
      {
        // The content service's extensions: their decisions that need no Directus (payloads, the query guard, uploads).
        test: { name: 'content-extensions', include: ['services/content/extensions/**/*.test.{ts,mjs}'], exclude: ['**/node_modules/**', '**/dist/**'], environment: 'node' },
      },
      {
        // Each test file starts a sandbox process of its own (services/gateway-sandbox) on a free port.
        test: { name: 'gateway-sandbox', include: ['services/gateway-sandbox/tests/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 30_000 },
      },
    ],
  },
});
