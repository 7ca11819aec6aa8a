#!/usr/bin/env node
// `npm test`: every test. Unit tests first (nothing running), then the real stack on its own ports and a fresh
// temporary database — content service, storefront built into .next-test — for the content-service tests, the
// storefront's integration tests and the browser tests. Everything started here is stopped here.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProjectEnv } from './lib/env-file.mjs';
import { startContentService } from './lib/content-service.mjs';
import { buildWeb, clearWebContentCache, startWeb } from './lib/web-server.mjs';
import { freePort } from './lib/processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line) => console.log(`[test] ${line}`);
const bin = (name) => join(root, 'node_modules/.bin', name);
const resultsDir = mkdtempSync(join(tmpdir(), 'rentacar-test-results-'));
const dataDir = mkdtempSync(join(tmpdir(), 'rentacar-test-data-'));

// Free ports picked at start, so a running `npm start` (or anything else) never collides with the tests.
const TEST_CONTENT_PORT = process.env.TEST_CONTENT_PORT ?? String(await freePort());
const TEST_WEB_PORT = process.env.TEST_WEB_PORT ?? String(await freePort());
const webUrl = `http://127.0.0.1:${TEST_WEB_PORT}`;
const contentUrl = `http://127.0.0.1:${TEST_CONTENT_PORT}`;

const { env: projectEnv } = loadProjectEnv(root, {});
const env = {
  ...projectEnv,
  BRAND: 'firefly',
  CONTENT_HOST: '127.0.0.1',
  CONTENT_PORT: TEST_CONTENT_PORT,
  CONTENT_PUBLIC_URL: contentUrl,
  DB_CLIENT: 'sqlite3',
  DB_FILENAME: join(dataDir, 'content.db'),
  STORAGE_LOCAL_ROOT: join(dataDir, 'uploads'),
  CONTENT_DATA_DIR: dataDir,
  WEB_HOST: '127.0.0.1',
  WEB_PORT: TEST_WEB_PORT,
  SITE_URL: webUrl,
  DIRECTUS_URL: contentUrl,
  DIRECTUS_PUBLIC_URL: contentUrl,
  STOREFRONT_REVALIDATE_URL: `${webUrl}/api/revalidate`,
};

const totals = { passed: 0, failed: 0, skipped: 0 };
const running = [];

function run(command, args, extraEnv = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...extraEnv } });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  totals.passed += report.numPassedTests ?? 0;
  totals.failed += (report.numFailedTests ?? 0) + (report.success === false && !report.numFailedTests ? 1 : 0);
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const stats = JSON.parse(readFileSync(file, 'utf8')).stats ?? {};
  totals.passed += (stats.expected ?? 0) + (stats.flaky ?? 0);
  totals.failed += stats.unexpected ?? 0;
  totals.skipped += stats.skipped ?? 0;
}

async function vitest(projects, name, extraEnv = {}) {
  const output = join(resultsDir, `${name}.json`);
  const args = ['run', ...projects.flatMap((project) => ['--project', project]), '--reporter=default', '--reporter=json', `--outputFile.json=${output}`];
  const code = await run(bin('vitest'), args, extraEnv);
  countVitest(output);
  return code;
}

let exitCode = 0;
try {
  log('unit tests (domain, web)');
  exitCode ||= await vitest(['domain', 'web'], 'unit');

  log('starting the stack for integration and browser tests');
  buildWeb({ root, env, distDir: '.next-test', log });
  clearWebContentCache({ root, distDir: '.next-test' });
  const content = await startContentService({ env, log });
  running.push(content);
  const web = await startWeb({ root, env, distDir: '.next-test', log, quiet: true });
  running.push(web);

  const serviceEnv = {
    CONTENT_URL: contentUrl,
    WEB_URL: webUrl,
    ADMIN_EMAIL: env.ADMIN_EMAIL,
    ADMIN_PASSWORD: env.ADMIN_PASSWORD,
    DIRECTUS_STOREFRONT_TOKEN: env.DIRECTUS_STOREFRONT_TOKEN,
    REVALIDATE_SECRET: env.REVALIDATE_SECRET,
    DIRECTUS_URL: contentUrl,
    DIRECTUS_PUBLIC_URL: contentUrl,
    SITE_URL: webUrl,
    BRAND: 'firefly',
  };
  log('content-service and storefront integration tests');
  exitCode ||= await vitest(['content', 'web-integration'], 'integration', serviceEnv);

  log('browser tests (Playwright, Debian Chromium)');
  const playwrightReport = join(resultsDir, 'e2e.json');
  const e2eCode = await run(bin('playwright'), ['test', '--config', 'apps/web/playwright.config.ts', '--reporter=list,json'], {
    ...serviceEnv,
    E2E_BASE_URL: webUrl,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  countPlaywright(playwrightReport);
  exitCode ||= e2eCode;
} catch (error) {
  console.error(`[test] ${error instanceof Error ? error.stack ?? error.message : error}`);
  exitCode = 1;
} finally {
  for (const service of running.reverse()) await service.stop().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}

console.log('');
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
