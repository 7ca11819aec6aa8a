// Starts the local payment-gateway sandbox (services/gateway-sandbox: a card gateway modelled on Stripe's API under
// /metrobank, PayPal's REST APIs under /paypal) for `npm start`, the test harness and the sandbox's own tests.
// docs/gateway-sandbox.md describes it.
//
//   import { startGatewaySandbox } from './lib/gateway-sandbox.mjs';
//   const sandbox = await startGatewaySandbox({ env, log });   // -> { url, publicUrl, pid, dataDir, stop(), exited }
//
// Every start: the port is checked, the sandbox is spawned on the project's Node 22 (which runs its TypeScript as is)
// in its own process group, and awaited on GET /__sandbox/ping.
import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPortFree, startChildService, waitForHttp } from './processes.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SANDBOX_DIR = join(ROOT, 'services', 'gateway-sandbox');
const ENTRY = join(SANDBOX_DIR, 'src', 'server.ts');

// Defaults of the sandbox's variables (the same values as .env.example's "Payments" section).
// Kept in step by hand with DEFAULTS in services/gateway-sandbox/src/config.ts, which this script cannot import (TypeScript).
export const GATEWAY_SANDBOX_DEFAULTS = {
  GATEWAY_SANDBOX_HOST: '127.0.0.1',
  GATEWAY_SANDBOX_PORT: '8070',
  GATEWAY_SANDBOX_DATA_DIR: 'services/gateway-sandbox/data',
  METROBANK_PUBLISHABLE_KEY: 'pk_test_local_sandbox',
  METROBANK_SECRET_KEY: 'sk_test_local_sandbox',
  METROBANK_WEBHOOK_SECRET: 'whsec_local_sandbox_change_me',
  PAYPAL_CLIENT_ID: 'local-sandbox-client-id',
  PAYPAL_CLIENT_SECRET: 'local-sandbox-client-secret',
  PAYPAL_WEBHOOK_ID: 'WH-LOCAL-SANDBOX',
  GATEWAY_SANDBOX_MERCHANT_NAME: 'Sandbox merchant',
  GATEWAY_SANDBOX_WEBHOOK_RETRY_MS: '1000',
};

const origin = (host, port) => `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * Resolves the sandbox's settings from the project's variables. The webhook destinations follow WEB_HOST/WEB_PORT
 * (the storefront's /api/payments/webhooks/metrobank and .../paypal) unless set; `off` sends no webhooks.
 * Throws an Error naming the variable when one is invalid.
 */
export function gatewaySandboxEnvironment(env = process.env) {
  const v = (name) => (env[name] !== undefined && env[name] !== '' ? String(env[name]) : GATEWAY_SANDBOX_DEFAULTS[name]);
  const host = v('GATEWAY_SANDBOX_HOST');
  const port = Number(v('GATEWAY_SANDBOX_PORT'));
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`gateway sandbox: GATEWAY_SANDBOX_PORT must be a port number (got "${v('GATEWAY_SANDBOX_PORT')}")`);
  const url = origin(host, port);
  const publicUrl = (env.GATEWAY_SANDBOX_PUBLIC_URL || url).replace(/\/+$/, '');
  const dataDir = isAbsolute(v('GATEWAY_SANDBOX_DATA_DIR')) ? v('GATEWAY_SANDBOX_DATA_DIR') : resolve(ROOT, v('GATEWAY_SANDBOX_DATA_DIR'));
  const web = origin(env.WEB_HOST || '127.0.0.1', env.WEB_PORT || '3000');
  const destination = (name, path) => {
    const value = env[name];
    if (value === 'off') return '';
    return value || `${web}/api/payments/webhooks/${path}`;
  };
  const sandbox = {
    GATEWAY_SANDBOX_HOST: host,
    GATEWAY_SANDBOX_PORT: String(port),
    GATEWAY_SANDBOX_PUBLIC_URL: publicUrl,
    GATEWAY_SANDBOX_DATA_DIR: dataDir,
    GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL: destination('GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL', 'metrobank'),
    GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL: destination('GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL', 'paypal'),
  };
  for (const name of ['METROBANK_PUBLISHABLE_KEY', 'METROBANK_SECRET_KEY', 'METROBANK_WEBHOOK_SECRET', 'PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'GATEWAY_SANDBOX_MERCHANT_NAME', 'GATEWAY_SANDBOX_WEBHOOK_RETRY_MS']) {
    sandbox[name] = v(name);
  }
  return { url, publicUrl, host, port, dataDir, sandbox };
}

/** The Node that runs the sandbox: the project's Node 22 (npm package node@22), else this one. */
function sandboxNode() {
  const projectNode = join(ROOT, 'node_modules', 'node', 'bin', 'node');
  return existsSync(projectNode) ? projectNode : process.execPath;
}

/**
 * Starts the sandbox. Options:
 *   env   - the project's variables (GATEWAY_SANDBOX_*, METROBANK_*, PAYPAL_*, WEB_HOST, WEB_PORT); default process.env
 *   log   - a log function (scripts/lib/log.mjs) for its output (JSON lines: one per request, webhook deliveries);
 *           default console.log
 *   quiet - true: pass on only problems (lines of level warn and above), not the request lines
 *   logFile - also append every line of its output to this file
 *   timeoutMs - how long to wait for /__sandbox/ping (default 20000)
 * Resolves { url, publicUrl, pid, dataDir, child, stop(), exited } once GET /__sandbox/ping answers:
 *   stop()  - SIGTERM to its process group (SIGKILL after 8 s); resolves when it has exited
 *   exited  - a promise of the exit code, or of the signal that ended it (never rejects)
 * Rejects with a clear Error when the port is taken, a setting is invalid or the sandbox exits before answering.
 */
export async function startGatewaySandbox({ env = process.env, log = (line) => console.log(line), quiet = false, logFile, timeoutMs = 20_000 } = {}) {
  const settings = gatewaySandboxEnvironment(env);
  await assertPortFree(settings.host, settings.port, 'The gateway sandbox');
  const childEnv = { ...process.env, ...settings.sandbox };
  delete childEnv.NODE_OPTIONS;
  const { pid, child, stop, exited } = await startChildService({
    name: 'gateway-sandbox',
    command: sandboxNode(),
    args: ['--disable-warning=ExperimentalWarning', ENTRY],
    cwd: ROOT,
    env: childEnv,
    log,
    quiet,
    logFile,
    ready: (started) => waitForHttp(`${settings.url}/__sandbox/ping`, { child: started, timeoutMs, accept: (response) => response.status === 200 }),
  });
  return { url: settings.url, publicUrl: settings.publicUrl, pid, dataDir: settings.dataDir, child, stop, exited };
}
