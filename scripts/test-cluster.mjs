#!/usr/bin/env node
// `npm run test:cluster`: the cluster tests (apps/web/test/cluster, apps/web/e2e-cluster) against a cluster started
// here on free ports with a temporary data folder: PostgreSQL, Redis, the content service, the payment sandbox, two
// storefront instances and nginx (scripts/lib/cluster.mjs, as `npm run cluster`). The tests stop, kill and restart
// parts of it through a small control server of this harness (CLUSTER_CONTROL_URL). Needs Debian's nginx,
// redis-server and postgresql packages (.ci/run installs them). Closes with `N passed, N failed` like `npm test`.
// `npm run test:cluster -- <file filter>` runs only the Vitest files matching it (and no browser test). The
// services' log lines are gathered in one file (CLUSTER_LOG_FILE), and nginx writes its access log (NGINX_ACCESS_LOG)
// and keeps its page cache in NGINX_CACHE_DIR.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureProjectNode, projectNodeEnv } from './lib/project-node.mjs';
import { loadProjectEnv } from './lib/env-file.mjs';
import { startCluster, temporaryCluster } from './lib/cluster.mjs';
import { freePort } from './lib/processes.mjs';
import { clearWebContentCache } from './lib/web-server.mjs';
import { notRunResult, playwrightResult, printSummary, vitestResult } from './lib/test-results.mjs';

await ensureProjectNode();

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const log = (line) => console.log(`[test:cluster] ${line}`);
const bin = (name) => join(root, 'node_modules/.bin', name);
const { overrides, dataDir } = await temporaryCluster('rentacar-cluster-');
const resultsDir = mkdtempSync(join(tmpdir(), 'rentacar-cluster-results-'));
// The same build as `npm test`'s (built once when both run, as in CI).
const WEB_DIST_DIR = '.next-test';

const { env: projectEnv } = loadProjectEnv(root, {});
const env = {
  PRESSURE_LIMITER_ENABLED: 'false',
  ...projectEnv,
  BRAND: 'firefly',
  PAYMENT_GATEWAY_TIMEOUT_MS: '3000',
  PAYMENT_RECONCILE_INTERVAL_SECONDS: '5',
  // One line per request from the instances and the content service, for the tests that follow a request.
  LOG_LEVEL: 'info',
  CONTENT_LOG_LEVEL: 'info',
};
// The content service's, the sandbox's and the instances' lines, as a log collector would keep them.
const clusterLogFile = join(resultsDir, 'cluster.log');

const filters = process.argv.slice(2);
const results = [];
let cluster;
let control;
// What the test suites are told about the cluster.
let suiteEnv;
let currentChild;
let aborted = false;
const starting = new AbortController();

/**
 * The tests' handle on the cluster: POST /parts/{name}/stop (a graceful stop), /kill (SIGKILL, a crash), each until
 * /start; GET /parts lists each running part's PID.
 */
function startControlServer(port) {
  const server = createServer(async (request, response) => {
    const send = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    try {
      const url = new URL(request.url ?? '/', 'http://control');
      if (request.method === 'GET' && url.pathname === '/parts') {
        return send(200, Object.fromEntries([...cluster.parts].map(([name, part]) => [name, part.current().pid])));
      }
      const match = /^\/parts\/([a-z0-9-]+)\/(stop|start|kill)$/.exec(url.pathname);
      if (request.method !== 'POST' || !match) return send(404, { error: 'unknown control' });
      const [, name, action] = match;
      if (action === 'stop') await cluster.stopPart(name);
      else if (action === 'start') await cluster.startPart(name);
      else await cluster.crashPart(name);
      log(`control: ${action} ${name}`);
      return send(200, { ok: true });
    } catch (error) {
      return send(500, { error: error instanceof Error ? error.message : String(error) });
    }
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

function run(command, args, extraEnv) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: projectNodeEnv({ ...process.env, ...extraEnv }) });
    currentChild = child;
    child.once('error', () => resolve(127));
    child.once('exit', (code, signal) => {
      currentChild = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function stopEverything() {
  control?.close();
  await cluster?.stop();
  for (const dir of [dataDir, resultsDir]) rmSync(dir, { recursive: true, force: true });
}

function onSignal(signal) {
  if (aborted) return;
  aborted = true;
  log(`${signal}: stopping the cluster ...`);
  starting.abort();
  currentChild?.kill('SIGTERM');
  stopEverything().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
}
process.on('SIGINT', () => onSignal('SIGINT'));
process.on('SIGTERM', () => onSignal('SIGTERM'));

try {
  let problem;
  try {
    // The build is npm test's, and so are the content and pages its server cached (from another content service,
    // whose ids differ): the cluster's new content service starts from none of them.
    clearWebContentCache({ root, distDir: WEB_DIST_DIR });
    cluster = await startCluster({ root, env, overrides, distDir: WEB_DIST_DIR, log, signal: starting.signal, quiet: true, logFile: clusterLogFile, accessLog: true });
    const controlPort = await freePort();
    control = await startControlServer(controlPort);
    suiteEnv = {
      CLUSTER_URL: cluster.layout.siteUrl,
      CLUSTER_INSTANCE_URLS: cluster.layout.instances.map((instance) => instance.url).join(','),
      CLUSTER_METRICS_URLS: cluster.layout.instances.map((instance) => instance.metricsUrl).join(','),
      CLUSTER_CONTROL_URL: `http://127.0.0.1:${controlPort}`,
      CONTENT_URL: cluster.layout.contentUrl,
      ADMIN_EMAIL: env.ADMIN_EMAIL,
      ADMIN_PASSWORD: env.ADMIN_PASSWORD,
      MAIL_OUTBOX_DIR: cluster.layout.webEnv.MAIL_OUTBOX_DIR,
      BRAND: env.BRAND,
      GATEWAY_SANDBOX_URL: cluster.layout.gatewayUrl,
      CLUSTER_LOG_FILE: clusterLogFile,
      NGINX_ACCESS_LOG: join(cluster.layout.nginx.dir, 'access.log'),
      // Where nginx keeps its copies of pages (scripts/lib/nginx.mjs), for the tests that look at what it stored.
      NGINX_CACHE_DIR: join(cluster.layout.nginx.dir, 'cache'),
    };
  } catch (error) {
    problem = `starting the cluster failed: ${error instanceof Error ? error.message : error}`;
    console.error(`[test:cluster] ${problem}`);
  }
  if (problem) results.push(notRunResult('cluster', problem), notRunResult('cluster-browser', problem));
  else {
    log('cluster tests (Vitest: cluster)');
    const vitestReport = join(resultsDir, 'cluster.json');
    const vitestCode = await run(bin('vitest'), ['run', '--project', 'cluster', ...filters, '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`], suiteEnv);
    results.push(vitestResult('cluster', vitestReport, vitestCode));
  }
  if (!problem && filters.length === 0) {
    log('cluster browser tests (Playwright, Debian Chromium)');
    const playwrightReport = join(resultsDir, 'cluster-browser.json');
    const playwrightCode = await run(bin('playwright'), ['test', '--config', 'apps/web/playwright.cluster.config.ts', '--reporter=list,json'], {
      ...suiteEnv,
      PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    });
    results.push(playwrightResult('cluster-browser', playwrightReport, playwrightCode));
  }
} finally {
  if (!aborted) await stopEverything();
}

if (!aborted) process.exit(printSummary('test:cluster', results));
