#!/usr/bin/env node
// The content service's tests on their own: starts a content service on a fresh temporary database (free port,
// seed from CONTENT_SEED_DIR or services/content/seed), runs the Vitest project `content` against it, stops it.
//
//   node scripts/content-test.mjs [vitest args]        e.g. node scripts/content-test.mjs tests/access.test.ts
//   cd services/content && npm test
//   DB_CLIENT=pg DB_HOST=127.0.0.1 DB_PORT=55432 DB_DATABASE=content DB_USER=content DB_PASSWORD=... \
//     node scripts/content-test.mjs                    same on an EMPTY PostgreSQL database instead of SQLite
//
// `npm test` at the root (scripts/test.mjs) runs the same project against the stack it starts.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, loadContentEnv, startContentService } from './lib/content-service.mjs';
import { freePort } from './lib/processes.mjs';
import { ensureProjectNode, projectNodeEnv } from './lib/project-node.mjs';

// Vitest and its reporters need Node 22 (on Node 20 a failing test crashes the reporter and hides which one failed).
await ensureProjectNode();

const log = (line) => console.log(`[content-test] ${line.replace(/^content: /, '')}`);
const vitest = join(ROOT, 'node_modules', '.bin', 'vitest');
if (!existsSync(vitest)) {
  console.error('[content-test] node_modules/.bin/vitest is missing: run `npm install` at the repository root');
  process.exit(1);
}

const dataDir = mkdtempSync(join(tmpdir(), 'content-test-'));
const port = String(process.env.TEST_CONTENT_PORT ?? await freePort());
// tests/accounts.test.ts binds a stub of the storefront's account e-mail route (POST /api/content-callbacks/account-emails) here; the
// content service takes it as its only storefront origin, so the account e-mails and their links go to the stub.
const accountsStubUrl = process.env.ACCOUNTS_STUB_URL ?? `http://127.0.0.1:${await freePort()}`;
const { env: projectEnv } = loadContentEnv(ROOT);
const pg = process.env.DB_CLIENT === 'pg';
const env = {
  // The tests check what the content service answers, not how it sheds load: on a busy two-core machine Directus'
  // pressure limiter answered some of them 503 "Under pressure" at random. (The storefront retries those in production.)
  PRESSURE_LIMITER_ENABLED: 'false',
  ...projectEnv,
  ...(pg
    ? Object.fromEntries(['DB_CLIENT', 'DB_HOST', 'DB_PORT', 'DB_DATABASE', 'DB_USER', 'DB_PASSWORD'].map((k) => [k, process.env[k] ?? '']))
    : { DB_CLIENT: 'sqlite3', DB_FILENAME: join(dataDir, 'content.db') }),
  STORAGE_LOCAL_ROOT: join(dataDir, 'uploads'),
  CONTENT_HOST: '127.0.0.1',
  CONTENT_PORT: port,
  CONTENT_PUBLIC_URL: `http://127.0.0.1:${port}`,
  // Nothing listens there: the flow's requests fail quietly, as when the storefront is down.
  STOREFRONT_REVALIDATE_URL: process.env.STOREFRONT_REVALIDATE_URL ?? 'http://127.0.0.1:9/api/content-callbacks/revalidate',
  STOREFRONT_ORIGINS: accountsStubUrl,
  // No SSO provider runs for these tests, and Directus exits when a provider's discovery fails at start (the
  // .env.example's local OpenID provider is started by `npm start` / `npm test` only). Set AUTH_PROVIDERS to keep one.
  AUTH_PROVIDERS: process.env.AUTH_PROVIDERS ?? '',
};

let service;
let tests;
let code = 1;
const stop = async (signal) => {
  tests?.kill('SIGTERM');
  await service?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(signal === 'SIGINT' ? 130 : 143);
};
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
try {
  service = await startContentService({ env, log });
  code = await new Promise((resolve) => {
    tests = spawn(vitest, ['run', '--project', 'content', ...process.argv.slice(2)], {
      cwd: ROOT,
      stdio: 'inherit',
      env: projectNodeEnv({
        ...process.env,
        CONTENT_URL: service.url,
        ADMIN_EMAIL: env.ADMIN_EMAIL,
        ADMIN_PASSWORD: env.ADMIN_PASSWORD,
        DIRECTUS_STOREFRONT_TOKEN: env.DIRECTUS_STOREFRONT_TOKEN,
        REVALIDATE_SECRET: env.REVALIDATE_SECRET,
        ACCOUNT_EMAILS_SECRET: env.ACCOUNT_EMAILS_SECRET,
        REMINDERS_SECRET: env.REMINDERS_SECRET,
        STOREFRONT_REVALIDATE_URL: env.STOREFRONT_REVALIDATE_URL,
        STOREFRONT_ORIGINS: env.STOREFRONT_ORIGINS,
        ACCOUNTS_STUB_URL: accountsStubUrl,
      }),
    });
    tests.once('exit', (exitCode) => resolve(exitCode ?? 1));
  });
} catch (error) {
  console.error(`[content-test] ${error instanceof Error ? error.message : error}`);
} finally {
  if (service) await service.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(code);
