#!/usr/bin/env node
// `npm test`: every check and test, on the project's Node 22. Static checks and unit tests first (nothing running;
// the payment sandbox's tests start sandboxes of their own), then the real stack on its own free ports with a fresh
// temporary database (content service, payment-gateway sandbox, storefront built into apps/web/.next-test) for the
// content-service, integration and browser tests, then the storefront's process tests (which start storefronts of
// their own from the same build). The stack's services write JSON lines; every line of theirs is gathered in one file
// (STACK_LOG_FILE, for the tests that read what was logged), and only their problems are printed.
//
// Every suite runs whatever happened before it. A suite that could not run, crashed, or exited non-zero without
// reporting a failed test counts as failed in the closing line `N passed, N failed`. Ctrl-C or SIGTERM stops every
// server started here and removes the temporary folders.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ensureProjectNode, projectNodeEnv } from './lib/project-node.mjs';
import { loadProjectEnv } from './lib/env-file.mjs';
import { startContentService } from './lib/content-service.mjs';
import { GATEWAY_SANDBOX_DEFAULTS, startGatewaySandbox } from './lib/gateway-sandbox.mjs';
import { OIDC_PROVIDER_DEFAULTS, startOidcProvider } from './lib/oidc-provider.mjs';
import { buildWeb, clearWebContentCache, startWeb } from './lib/web-server.mjs';
import { freePort } from './lib/processes.mjs';
import { checkResult, notRunResult, playwrightResult, printSummary, vitestResult } from './lib/test-results.mjs';

await ensureProjectNode();

// While working on one part: `npm test -- --suites integration,browser [file filters]` runs only those suites (the
// stack is built and started only when one needs it), each given the filters (Vitest and Playwright both read them as
// parts of test file paths). Without arguments, as in CI, every suite runs.
const SUITES = ['lint', 'typecheck', 'unit', 'integration', 'browser', 'process'];
const { values: cliOptions, positionals: testFilters } = parseArgs({ options: { suites: { type: 'string' } }, allowPositionals: true });
const chosenSuites = cliOptions.suites === undefined ? SUITES : cliOptions.suites.split(',').map((name) => name.trim()).filter(Boolean);
const unknownSuites = chosenSuites.filter((name) => !SUITES.includes(name));
if (unknownSuites.length > 0) {
  console.error(`[test] unknown suite(s) ${unknownSuites.join(', ')}; choose among ${SUITES.join(', ')}`);
  process.exit(2);
}
const runs = (suite) => chosenSuites.includes(suite);
// A filter that matches nothing in one suite is no failure there: it was meant for another.
const filterArgs = (passWithNoTests) => (testFilters.length > 0 ? [passWithNoTests, ...testFilters] : []);

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line) => console.log(`[test] ${line}`);
const bin = (name) => join(root, 'node_modules/.bin', name);
const WEB_DIST_DIR = '.next-test';
const resultsDir = mkdtempSync(join(tmpdir(), 'rentacar-test-results-'));
const dataDir = mkdtempSync(join(tmpdir(), 'rentacar-test-data-'));
// Test files that start processes of their own (apps/web/test/process) note their PIDs here, so an interrupted run
// still stops them.
const processDir = join(resultsDir, 'processes');
mkdirSync(processDir);
// Every line the stack's services write (storefront, content service, gateway sandbox), as a log collector would keep
// them: apps/web/test/integration/logs.test.ts reads a booking's lines here.
const stackLogFile = join(resultsDir, 'stack.log');

// Free ports picked at start, so a running `npm start` (or anything else) never collides with the tests.
const TEST_CONTENT_PORT = process.env.TEST_CONTENT_PORT ?? String(await freePort());
const TEST_WEB_PORT = process.env.TEST_WEB_PORT ?? String(await freePort());
const TEST_GATEWAY_SANDBOX_PORT = process.env.TEST_GATEWAY_SANDBOX_PORT ?? String(await freePort());
const TEST_OIDC_PORT = process.env.TEST_OIDC_PORT ?? String(await freePort());
// The content tests' stand-in storefront for account e-mails (services/content/tests/accounts.test.ts).
const TEST_ACCOUNTS_STUB_PORT = process.env.TEST_ACCOUNTS_STUB_PORT ?? String(await freePort());
const webUrl = `http://127.0.0.1:${TEST_WEB_PORT}`;
const contentUrl = `http://127.0.0.1:${TEST_CONTENT_PORT}`;
const gatewayUrl = `http://127.0.0.1:${TEST_GATEWAY_SANDBOX_PORT}`;
const oidcUrl = `http://127.0.0.1:${TEST_OIDC_PORT}`;
const accountsStubUrl = `http://127.0.0.1:${TEST_ACCOUNTS_STUB_PORT}`;
// Provider login ("Log in with your company account") against a real OpenID Connect provider on its own port
// (scripts/oidc-provider.mjs): the content service logs agents in through it, the storefront offers its button.
const oidc = {
  clientId: OIDC_PROVIDER_DEFAULTS.OIDC_CLIENT_ID,
  clientSecret: OIDC_PROVIDER_DEFAULTS.OIDC_CLIENT_SECRET,
  userPassword: OIDC_PROVIDER_DEFAULTS.OIDC_USER_PASSWORD,
};

const { env: projectEnv } = loadProjectEnv(root, {});
// The payment keys shared by the sandbox and the storefront (.env.example's local values, or the defaults when a
// .env from before the sandbox lacks them).
const paymentKeys = Object.fromEntries(
  ['METROBANK_PUBLISHABLE_KEY', 'METROBANK_SECRET_KEY', 'METROBANK_WEBHOOK_SECRET', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID'].map(
    (name) => [name, projectEnv[name] || GATEWAY_SANDBOX_DEFAULTS[name]],
  ),
);
const env = {
  // The tests check what the content service answers, not how it sheds load: on a busy two-core machine Directus'
  // pressure limiter answered some of them 503 "Under pressure" at random. (The storefront retries those in production.)
  PRESSURE_LIMITER_ENABLED: 'false',
  ...projectEnv,
  // One line per request from the storefront and the content service, so a request can be followed (STACK_LOG_FILE).
  LOG_LEVEL: 'info',
  CONTENT_LOG_LEVEL: 'info',
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
  STOREFRONT_REVALIDATE_URL: `${webUrl}/api/content-callbacks/revalidate`,
  // Confirmation emails are written here (no SMTP in tests but the SMTP test's own server), for the tests to read.
  MAIL_OUTBOX_DIR: join(dataDir, 'mail-outbox'),
  // The payment-gateway sandbox on its own port and data, and the storefront's payment addresses pointing at it.
  ...paymentKeys,
  GATEWAY_SANDBOX_HOST: '127.0.0.1',
  GATEWAY_SANDBOX_PORT: TEST_GATEWAY_SANDBOX_PORT,
  GATEWAY_SANDBOX_PUBLIC_URL: gatewayUrl,
  GATEWAY_SANDBOX_DATA_DIR: join(dataDir, 'gateway-sandbox'),
  GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL: `${webUrl}/api/payments/webhooks/metrobank`,
  GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL: `${webUrl}/api/payments/webhooks/paypal`,
  METROBANK_API_URL: `${gatewayUrl}/metrobank`,
  METROBANK_FIELDS_URL: `${gatewayUrl}/metrobank/fields/v1/card.html`,
  PAYPAL_BASE_URL: `${gatewayUrl}/paypal`,
  // A gateway slower than 3 s counts as unanswered, and reconciliation runs every 5 s, so the tests of a lost answer
  // see it settled in seconds rather than minutes.
  PAYMENT_GATEWAY_TIMEOUT_MS: '3000',
  PAYMENT_RECONCILE_INTERVAL_SECONDS: '5',
  AUTH_PROVIDERS: 'oidc',
  AUTH_OIDC_DRIVER: 'openid',
  AUTH_OIDC_CLIENT_ID: oidc.clientId,
  AUTH_OIDC_CLIENT_SECRET: oidc.clientSecret,
  AUTH_OIDC_ISSUER_URL: `${oidcUrl}/.well-known/openid-configuration`,
  AUTH_OIDC_IDENTIFIER_KEY: 'email',
  AUTH_LOGIN_PROVIDERS: 'oidc',
  // Named as one of several instances would be (X-Served-By).
  INSTANCE_NAME: 'web-test',
  // The tests stand where the load balancer would: each names its own client in X-Forwarded-For, so the per-client
  // limits of one test never reach another. The process tests start storefronts that trust nobody, as `npm start`.
  TRUSTED_PROXIES: '127.0.0.1',
  // Account links may lead to the storefront (first: staff invitations go there) or to the content tests' stub.
  STOREFRONT_ORIGINS: `${webUrl},${accountsStubUrl}`,
};

// What the test suites are told about the stack.
const suiteEnv = {
  CONTENT_URL: contentUrl,
  WEB_URL: webUrl,
  WEB_DIST_DIR,
  ADMIN_EMAIL: env.ADMIN_EMAIL,
  ADMIN_PASSWORD: env.ADMIN_PASSWORD,
  SECRET: env.SECRET,
  DIRECTUS_STOREFRONT_TOKEN: env.DIRECTUS_STOREFRONT_TOKEN,
  REVALIDATE_SECRET: env.REVALIDATE_SECRET,
  ACCOUNT_EMAILS_SECRET: env.ACCOUNT_EMAILS_SECRET,
  REMINDERS_SECRET: env.REMINDERS_SECRET,
  STOREFRONT_REVALIDATE_URL: env.STOREFRONT_REVALIDATE_URL,
  DIRECTUS_URL: contentUrl,
  DIRECTUS_PUBLIC_URL: contentUrl,
  SITE_URL: webUrl,
  BRAND: 'firefly',
  TEST_PROCESS_DIR: processDir,
  MAIL_OUTBOX_DIR: env.MAIL_OUTBOX_DIR,
  // The payment sandbox: its test controls (/__sandbox), and what the storefront was given to reach it.
  GATEWAY_SANDBOX_URL: gatewayUrl,
  ...paymentKeys,
  METROBANK_API_URL: env.METROBANK_API_URL,
  METROBANK_FIELDS_URL: env.METROBANK_FIELDS_URL,
  PAYPAL_BASE_URL: env.PAYPAL_BASE_URL,
  GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL: env.GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL,
  GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL: env.GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL,
  OIDC_PROVIDER_URL: oidcUrl,
  STOREFRONT_ORIGINS: env.STOREFRONT_ORIGINS,
  ACCOUNTS_STUB_URL: accountsStubUrl,
  INSTANCE_NAME: env.INSTANCE_NAME,
  OIDC_USER_PASSWORD: oidc.userPassword,
  STACK_LOG_FILE: stackLogFile,
};

const results = [];
const running = [];
const starting = new Set();
let currentChild;
let aborted = false;
// Stops the storefront build when the run is interrupted during it.
const building = new AbortController();

class Aborted extends Error {}

function run(command, args, extraEnv = {}) {
  if (aborted) throw new Aborted();
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: projectNodeEnv({ ...process.env, ...extraEnv }) });
    currentChild = child;
    child.once('error', (error) => {
      console.error(`[test] could not run ${command}: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => {
      currentChild = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function check(name, script) {
  log(`${name} (npm run ${script})`);
  results.push(checkResult(name, await run('npm', ['run', '--silent', script])));
}

async function vitest(name, projects, extraEnv = {}) {
  log(`${name} (Vitest: ${projects.join(', ')})`);
  const output = join(resultsDir, `${name}.json`);
  const args = ['run', ...projects.flatMap((project) => ['--project', project]), '--reporter=default', '--reporter=json', `--outputFile.json=${output}`, ...filterArgs('--passWithNoTests')];
  results.push(vitestResult(name, output, await run(bin('vitest'), args, extraEnv)));
}

async function playwright(name, extraEnv) {
  log(`${name} (Playwright, Debian Chromium)`);
  const output = join(resultsDir, `${name}.json`);
  const code = await run(bin('playwright'), ['test', '--config', 'apps/web/playwright.config.ts', '--reporter=list,json', ...filterArgs('--pass-with-no-tests')], {
    ...extraEnv,
    PLAYWRIGHT_JSON_OUTPUT_NAME: output,
  });
  results.push(playwrightResult(name, output, code));
}

/** Starts a service so that an abort in the middle of its start still stops it. */
async function startService(start) {
  if (aborted) throw new Aborted();
  const pending = start();
  starting.add(pending);
  try {
    const service = await pending;
    running.push(service);
    return service;
  } finally {
    starting.delete(pending);
  }
}

/** Stops what tests started and could not stop themselves (their run was interrupted): each is a process group. */
function stopTestProcesses() {
  for (const pid of readdirSync(processDir).map(Number)) {
    for (const target of [-pid, pid]) {
      try {
        process.kill(target, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }
}

async function stopEverything() {
  await Promise.allSettled([...starting]);
  for (const service of running.splice(0).reverse()) await service.stop().catch(() => {});
  stopTestProcesses();
  const webDir = join(root, 'apps/web');
  for (const entry of readdirSync(webDir)) if (entry.startsWith('.next-process-')) rmSync(join(webDir, entry), { recursive: true, force: true });
  for (const dir of [dataDir, resultsDir]) rmSync(dir, { recursive: true, force: true });
}

function onSignal(signal) {
  if (aborted) return;
  aborted = true;
  console.log(`\n[test] ${signal}: stopping every server the tests started ...`);
  building.abort();
  const runner = currentChild;
  const runnerExited = runner ? new Promise((done) => runner.once('exit', done)) : Promise.resolve();
  runner?.kill('SIGTERM');
  Promise.race([runnerExited, new Promise((done) => setTimeout(done, 5000))])
    .then(() => stopEverything())
    .finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

/** Runs one step; a failure is reported and returned as its reason, so the steps after it still run. */
async function step(what, action) {
  try {
    await action();
    return undefined;
  } catch (error) {
    if (error instanceof Aborted) throw error;
    const reason = `${what} failed: ${error instanceof Error ? error.message : error}`;
    console.error(`[test] ${reason}`);
    return reason;
  }
}

try {
  if (runs('lint')) await check('lint', 'lint');
  if (runs('typecheck')) await check('typecheck', 'typecheck');
  // gateway-sandbox starts sandbox processes of its own (noted in TEST_PROCESS_DIR, so an interrupt stops them).
  if (runs('unit')) await vitest('unit', ['domain', 'web', 'web-dom', 'scripts', 'content-extensions', 'gateway-sandbox'], { TEST_PROCESS_DIR: processDir });

  if (runs('integration') || runs('browser') || runs('process')) {
    log('building the storefront and starting the stack');
    const buildProblem = await step('the storefront build', async () => {
      await buildWeb({ root, env, distDir: WEB_DIST_DIR, log, signal: building.signal });
      clearWebContentCache({ root, distDir: WEB_DIST_DIR });
    });
    const stackProblem = buildProblem ?? (await step('starting the stack', async () => {
      await startService(() => startGatewaySandbox({ env, log, quiet: true, logFile: stackLogFile }));
      // Before the content service: it reads the provider's discovery document when it starts.
      await startService(() => startOidcProvider({ port: TEST_OIDC_PORT, ...oidc, redirectUris: [`${contentUrl}/auth/login/oidc/callback`], log, quiet: true }));
      await startService(() => startContentService({ env, log, quiet: true, logFile: stackLogFile }));
      await startService(() => startWeb({ root, env, distDir: WEB_DIST_DIR, log, quiet: true, logFile: stackLogFile }));
    }));

    if (runs('integration')) {
      if (stackProblem) results.push(notRunResult('integration', stackProblem));
      else await vitest('integration', ['content', 'web-integration'], suiteEnv);
    }
    if (runs('browser')) {
      if (stackProblem) results.push(notRunResult('browser', stackProblem));
      else await playwright('browser', { ...suiteEnv, E2E_BASE_URL: webUrl });
    }
    // The process tests start storefronts of their own from the build; they need the build and the content service.
    if (runs('process')) {
      if (stackProblem) results.push(notRunResult('process', stackProblem));
      else await vitest('process', ['web-process'], suiteEnv);
    }
  }
} catch (error) {
  if (!(error instanceof Aborted)) {
    console.error(`[test] ${error instanceof Error ? error.stack ?? error.message : error}`);
    results.push(notRunResult('harness', 'the test harness itself failed'));
  }
} finally {
  if (!aborted) await stopEverything();
}

if (!aborted) process.exit(printSummary('test', results));
