// Starts the content service (Directus 11, services/content) for `npm start`, the test harness and
// `node scripts/content.mjs`. Node built-ins only; works when this process runs on Node 20 or 22, because
// Directus itself always runs on the Node 22 binary installed in services/content (npm package node@22).
//
//   import { startContentService } from './lib/content-service.mjs';
//   const content = await startContentService({ env, log });   // -> { url, pid, fresh, stop(), exited }
//
// Every start: the port is checked, the extensions built when their sources changed (content-extensions.mjs), the
// database prepared (services/content/scripts/prepare.mjs: bootstrap with the admin from env on an empty database,
// schema snapshot applied when it changed, access control and the revalidation flow reconciled, seed content loaded
// once), then Directus is started with
// `node node_modules/@directus/api/dist/cli/run.js start` and awaited on GET /server/ping.

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { delimiter, dirname, isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildContentExtensions } from './content-extensions.mjs';
import { withLocalCallbackSecrets } from './env-file.mjs';
import { jsonLevel, relayServiceLine } from './log.mjs';
import { readLines, takeServiceOutput } from './processes.mjs';
import { accountPageUrls, parseOrigins } from '../../services/content/schema/accounts.mjs';
import { CALLBACK_SECRET_NAMES, callbackPath } from '../../services/content/schema/callbacks.mjs';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CONTENT_DIR = join(ROOT, 'services', 'content');

// Defaults of the content-service variables (the same values as .env.example's "Content service" section).
export const CONTENT_DEFAULTS = {
  DB_CLIENT: 'sqlite3',
  DB_FILENAME: 'services/content/data/content.db',
  STORAGE_LOCAL_ROOT: 'services/content/data/uploads',
  CONTENT_HOST: '127.0.0.1',
  CONTENT_PORT: '8055',
  CONTENT_LOG_LEVEL: 'warn',
  CONTENT_SEED_DIR: 'services/content/seed',
  CACHE_ENABLED: 'true',
  CACHE_STORE: 'memory',
  CACHE_TTL: '5m',
  CACHE_AUTO_PURGE: 'true',
  TELEMETRY: 'false',
  PROJECT_NAME: 'Car rental content',
  // Sessions (corporate agents, staff): an access token lives 5 minutes, so a session ended elsewhere (logout, "log out
  // on every device", a suspended user) stops working within 5 minutes; the refresh token, and so the session, 7 days.
  ACCESS_TOKEN_TTL: '5m',
  REFRESH_TOKEN_TTL: '7d',
};

// The callbacks' secrets, one per kind (services/content/schema/callbacks.mjs), are required too.
const REQUIRED = ['SECRET', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'DIRECTUS_STOREFRONT_TOKEN', ...Object.values(CALLBACK_SECRET_NAMES)];
const REQUIRED_PG = ['DB_HOST', 'DB_PORT', 'DB_DATABASE', 'DB_USER'];

// The storefront's settings whose names look like Directus' (the same .env serves both): never handed to Directus.
const STOREFRONT_ONLY = new Set(['SESSION_SECRET', 'AUTH_LOGIN_PROVIDERS', 'AUTH_AUTO_REFRESH', 'REDIS_URL']);

// Directus warnings that are expected here and only add noise.
const QUIET = [/Spatialite isn't installed/, /PostGIS isn't installed/];

/**
 * Resolves the content-service settings into the environment Directus runs with.
 * `env` holds the project's variables (see .env.example); missing ones take CONTENT_DEFAULTS.
 * Throws an Error naming the variable when a required one is missing or invalid.
 */
export function contentEnvironment(env = process.env) {
  const v = (name) => (env[name] !== undefined && env[name] !== '' ? String(env[name]) : CONTENT_DEFAULTS[name]);
  const missing = REQUIRED.filter((name) => !v(name));
  if (missing.length) throw new Error(`content: missing setting${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (see .env.example)`);
  const client = v('DB_CLIENT');
  if (client !== 'sqlite3' && client !== 'pg') throw new Error(`content: DB_CLIENT must be sqlite3 or pg (got "${client}")`);
  if (client === 'pg') {
    const missingPg = REQUIRED_PG.filter((name) => !v(name));
    if (missingPg.length) throw new Error(`content: DB_CLIENT=pg needs ${missingPg.join(', ')}`);
  }
  const host = v('CONTENT_HOST');
  const port = Number(v('CONTENT_PORT'));
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`content: CONTENT_PORT must be a port number (got "${v('CONTENT_PORT')}")`);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const publicUrl = (v('CONTENT_PUBLIC_URL') || url).replace(/\/+$/, '');
  const abs = (p) => (isAbsolute(p) ? p : resolve(ROOT, p));

  const directus = {
    // Configuration comes from this environment only: CONFIG_PATH names an empty file under our control, so a
    // stray services/content/.env can never win over these values.
    CONFIG_PATH: join(CONTENT_DIR, 'directus.config.json'),
    HOST: host,
    PORT: String(port),
    PUBLIC_URL: publicUrl,
    SECRET: v('SECRET'),
    DB_CLIENT: client,
    LOG_LEVEL: v('CONTENT_LOG_LEVEL'),
    // JSON lines (pino), named `content` among the other services' lines. Its request lines (at info) carry the
    // storefront's X-Request-Id as req.id (the request-id extension).
    LOG_STYLE: 'raw',
    LOGGER_NAME: 'content',
    TELEMETRY: v('TELEMETRY'),
    WEBSOCKETS_ENABLED: 'false',
    PROJECT_NAME: v('PROJECT_NAME'),
    ADMIN_EMAIL: v('ADMIN_EMAIL'),
    ADMIN_PASSWORD: v('ADMIN_PASSWORD'),
    STORAGE_LOCATIONS: 'local',
    STORAGE_LOCAL_DRIVER: 'local',
    STORAGE_LOCAL_ROOT: abs(v('STORAGE_LOCAL_ROOT')),
    EXTENSIONS_PATH: join(CONTENT_DIR, 'extensions'),
    MIGRATIONS_PATH: join(CONTENT_DIR, 'migrations'),
    CACHE_ENABLED: v('CACHE_ENABLED'),
    CACHE_STORE: v('CACHE_STORE'),
    CACHE_TTL: v('CACHE_TTL'),
    CACHE_AUTO_PURGE: v('CACHE_AUTO_PURGE'),
    ACCESS_TOKEN_TTL: v('ACCESS_TOKEN_TTL'),
    REFRESH_TOKEN_TTL: v('REFRESH_TOKEN_TTL'),
    // Directus refuses outgoing requests to this machine's addresses by default ("0.0.0.0" in the list); the
    // revalidation flow must reach the storefront on 127.0.0.1, so only the cloud metadata address stays denied.
    IMPORT_IP_DENY_LIST: v('IMPORT_IP_DENY_LIST') || '169.254.169.254',
    // Used by prepare.mjs (access control, flow, seed).
    DIRECTUS_STOREFRONT_TOKEN: v('DIRECTUS_STOREFRONT_TOKEN'),
    // The secret of each kind of callback to the storefront: the flow's (revalidate), the account-emails and reminders
    // extensions'.
    ...Object.fromEntries(Object.values(CALLBACK_SECRET_NAMES).map((name) => [name, v(name)])),
    // The storefront's revalidate callback (the reminders go to the same origin); follows WEB_HOST/WEB_PORT unless set.
    STOREFRONT_REVALIDATE_URL: v('STOREFRONT_REVALIDATE_URL') || `http://${env.WEB_HOST || '127.0.0.1'}:${env.WEB_PORT || '3000'}${callbackPath('revalidate')}`,
    CONTENT_SEED_DIR: abs(v('CONTENT_SEED_DIR')),
  };
  if (v('CONTENT_SCHEMA_SNAPSHOT')) directus.CONTENT_SCHEMA_SNAPSHOT = abs(v('CONTENT_SCHEMA_SNAPSHOT'));
  if (client === 'sqlite3') {
    directus.DB_FILENAME = abs(v('DB_FILENAME'));
  } else {
    for (const name of ['DB_HOST', 'DB_PORT', 'DB_DATABASE', 'DB_USER', 'DB_PASSWORD']) if (v(name)) directus[name] = v(name);
    if (v('DB_SSL')) directus.DB_SSL = v('DB_SSL');
  }
  if (v('CACHE_STORE') === 'redis' && v('REDIS')) directus.REDIS = v('REDIS');
  Object.assign(directus, accountSettings(env, v));
  // Pass any other Directus setting the operator set explicitly (e.g. CACHE_REDIS, STORAGE_S3_*, RATE_LIMITER_*).
  for (const [name, value] of Object.entries(env)) {
    if (/^(STORAGE_|CACHE_|REDIS|RATE_LIMITER_|PRESSURE_LIMITER_|SYNCHRONIZATION_|DB_|ASSETS_|CORS_|AUTH_|EMAIL_|ACCESS_TOKEN_|REFRESH_TOKEN_|SESSION_)/.test(name)
      && !STOREFRONT_ONLY.has(name) && directus[name] === undefined && value !== undefined && value !== '') directus[name] = String(value);
  }
  return { url, publicUrl, host, port, directus };
}

/**
 * The corporate agents' accounts (services/content/README.md, "Corporate agents' accounts"): the storefront origins,
 * Directus' URL allow lists for its account e-mails (their links go to the storefront's pages, on every origin, in
 * both languages) and, for each SSO provider in AUTH_PROVIDERS, where a login may return and how. A value set
 * explicitly wins over the derived one. These names are read from `env`, else from this process's environment: the
 * Directus process inherits it, and `npm start` passes only the variables of the .env file.
 */
function accountSettings(env, v) {
  const setting = (name) => v(name) || (process.env[name] ? String(process.env[name]) : undefined);
  const site = setting('SITE_URL') || `http://${setting('WEB_HOST') || '127.0.0.1'}:${setting('WEB_PORT') || '3000'}`;
  const origins = setting('STOREFRONT_ORIGINS')
    ? parseOrigins(setting('STOREFRONT_ORIGINS'), 'STOREFRONT_ORIGINS')
    : parseOrigins(site, 'SITE_URL');
  if (!origins.length) throw new Error('content: STOREFRONT_ORIGINS lists no origin');
  const list = (page) => accountPageUrls(origins, page).join(',');
  const out = {
    // Read by the account-emails extension (which links it forwards to which storefront).
    STOREFRONT_ORIGINS: origins.join(','),
    PASSWORD_RESET_URL_ALLOW_LIST: setting('PASSWORD_RESET_URL_ALLOW_LIST') || list('reset'),
    USER_INVITE_URL_ALLOW_LIST: setting('USER_INVITE_URL_ALLOW_LIST') || list('invite'),
    USER_REGISTER_URL_ALLOW_LIST: setting('USER_REGISTER_URL_ALLOW_LIST') || list('verify'),
  };
  const providers = (setting('AUTH_PROVIDERS') ?? '').split(',').map((p) => p.trim()).filter(Boolean);
  if (providers.length) out.AUTH_PROVIDERS = providers.join(',');
  for (const provider of providers) {
    const key = `AUTH_${provider.toUpperCase()}`;
    out[`${key}_REDIRECT_ALLOW_LIST`] = setting(`${key}_REDIRECT_ALLOW_LIST`) || list('sso');
    // Not `session`: the refresh token arrives as Directus' refresh-token cookie on the redirect to the sso page,
    // and the storefront's server exchanges it (POST /auth/refresh) for its own session.
    out[`${key}_MODE`] = setting(`${key}_MODE`) || 'json';
    // A provider that is down must not keep the content service (and every booking) from starting: Directus then
    // discovers the provider at the first provider login instead.
    out[`${key}_ISSUER_DISCOVERY_MUST_SUCCEED`] = setting(`${key}_ISSUER_DISCOVERY_MUST_SUCCEED`) || 'false';
  }
  // Demo agents with this password for the seeded companies (scripts/prepare.mjs; local databases only).
  if (setting('DEMO_AGENT_PASSWORD')) out.DEMO_AGENT_PASSWORD = setting('DEMO_AGENT_PASSWORD');
  return out;
}

/** Finds the Node 22 binary Directus runs on (services/content's node@22 package, else this Node if it is 22+). */
export function findContentNode() {
  const candidates = [join(CONTENT_DIR, 'node_modules', 'node', 'bin', 'node'), join(ROOT, 'node_modules', 'node', 'bin', 'node')];
  for (const candidate of candidates) if (existsSync(candidate)) return candidate;
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  throw new Error('content: no Node 22 binary found; run `npm install` at the repository root (it installs services/content)');
}

function checkInstalled() {
  const marker = join(CONTENT_DIR, 'node_modules', '@directus', 'api', 'dist', 'cli', 'run.js');
  if (!existsSync(marker)) {
    throw new Error('content: services/content is not installed; run `npm install` at the repository root (or `node scripts/install-content.mjs`)');
  }
}

/** Rejects when host:port is taken (a stale server on the port would make a start look successful). */
export async function assertPortFree(host, port) {
  const inUse = new Error(`content: ${host}:${port} is already in use (another content service still running?). Stop it, or set CONTENT_PORT.`);
  // Something answering on the port?
  const answers = await new Promise((done) => {
    const socket = createConnection({ host, port });
    socket.setTimeout(1000);
    socket.once('connect', () => { socket.destroy(); done(true); });
    socket.once('timeout', () => { socket.destroy(); done(false); });
    socket.once('error', () => done(false));
  });
  if (answers) throw inUse;
  // Can we bind it?
  await new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', (error) => fail(error.code === 'EADDRINUSE' ? inUse : new Error(`content: cannot listen on ${host}:${port}: ${error.message}`)));
    probe.listen(port, host, () => probe.close(() => done()));
  });
}

function childEnvironment(directus, nodeBin) {
  const env = { ...process.env, ...directus };
  // Directus and its scripts run on Node 22 whatever Node runs this module.
  env.PATH = [dirname(nodeBin), join(CONTENT_DIR, 'node_modules', '.bin'), process.env.PATH ?? ''].join(delimiter);
  // Never let an inherited npm/Node setting point Directus elsewhere.
  delete env.NODE_OPTIONS;
  return env;
}

// Turns a Directus (pino, LOG_STYLE=raw) output line into a readable one; null = not worth showing.
function formatDirectusLine(line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return { level: 'warn', text: line };
  }
  if (typeof entry !== 'object' || entry === null || typeof entry.level !== 'number') return { level: 'warn', text: line };
  const level = entry.level >= 50 ? 'error' : entry.level >= 40 ? 'warn' : 'info';
  let text = typeof entry.msg === 'string' ? entry.msg : '';
  const err = entry.err ?? entry.error;
  if (err && typeof err === 'object') text += `${text ? ': ' : ''}${err.message ?? ''}${level === 'error' && err.stack ? `\n${err.stack}` : ''}`;
  if (QUIET.some((re) => re.test(text))) return null;
  return { level, text };
}

function makeLogger(log) {
  if (typeof log === 'function') return log;
  return (text) => console.log(`[content] ${text}`);
}

/**
 * Runs services/content/scripts/prepare.mjs: bootstrap (first start), schema apply (when the snapshot changed),
 * access + flow reconcile, seed (first start). Resolves { fresh, seconds }.
 */
export async function prepareContentService({ env = process.env, log } = {}) {
  checkInstalled();
  const say = makeLogger(log);
  const settings = contentEnvironment(env);
  const nodeBin = findContentNode();
  ensureDirectories(settings.directus);
  const started = Date.now();
  let fresh = false;
  const tail = [];
  const code = await new Promise((done, fail) => {
    const child = spawn(nodeBin, [join(CONTENT_DIR, 'scripts', 'prepare.mjs')], {
      cwd: CONTENT_DIR, env: childEnvironment(settings.directus, nodeBin), stdio: ['ignore', 'pipe', 'pipe'],
    });
    const onLine = (line) => {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      if (jsonLevel(line) !== undefined) {
        const formatted = formatDirectusLine(line);
        if (formatted && formatted.level !== 'info') relayServiceLine(say, 'content', line, true);
        return;
      }
      if (line.startsWith('bootstrap: new database')) fresh = true;
      say(`content: ${line}`);
    };
    readLines(child.stdout, onLine);
    readLines(child.stderr, onLine);
    child.once('error', fail);
    child.once('exit', (exitCode, signal) => done(exitCode ?? (signal ? 1 : 0)));
  });
  if (code !== 0) throw new Error(`content: preparing the database failed (exit ${code}); see the lines above`);
  return { fresh, seconds: (Date.now() - started) / 1000 };
}

/**
 * Starts the content service. Options:
 *   env  - the variables of .env.example (DB_*, CONTENT_*, SECRET, ADMIN_*, DIRECTUS_STOREFRONT_TOKEN,
 *          REVALIDATE_SECRET, ACCOUNT_EMAILS_SECRET, REMINDERS_SECRET, STOREFRONT_REVALIDATE_URL, STORAGE_LOCAL_ROOT, CACHE_*, ...); default process.env
 *   log  - a log function (scripts/lib/log.mjs) for progress and Directus' lines; default console.log with a [content]
 *          prefix
 *   quiet - pass on only Directus' problems (warn and above): CONTENT_LOG_LEVEL decides what it writes, at info one line
 *          per request
 *   logFile - also append every line of Directus' output to this file
 *   timeoutMs - how long to wait for /server/ping (default 60000)
 * Resolves { url, publicUrl, pid, fresh, timings, stop(), exited } once GET /server/ping answers "pong":
 *   url      - where the service listens, e.g. http://127.0.0.1:8055
 *   fresh    - true when this start created the database (bootstrap + seed)
 *   stop()   - SIGTERM, then SIGKILL after 10 s; resolves when the process has exited
 *   exited   - a promise of the exit code, or of the signal that ended it (rejects never)
 * Rejects with a clear Error when the port is taken, a setting is missing, preparing fails or Directus exits.
 */
export async function startContentService({ env = process.env, log, quiet = false, logFile, timeoutMs = 60_000 } = {}) {
  const say = makeLogger(log);
  checkInstalled();
  const settings = contentEnvironment(env);
  await assertPortFree(settings.host, settings.port);
  const nodeBin = findContentNode();
  // Directus loads the extensions' built files when it starts: build those whose sources changed (usually none).
  await buildContentExtensions({ nodeBin, log: say });
  const t0 = Date.now();
  const { fresh, seconds: prepareSeconds } = await prepareContentService({ env, log: say });

  const t1 = Date.now();
  const child = spawn(nodeBin, [join(CONTENT_DIR, 'node_modules', '@directus', 'api', 'dist', 'cli', 'run.js'), 'start'], {
    cwd: CONTENT_DIR,
    env: childEnvironment(settings.directus, nodeBin),
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C reaches the orchestrator, which stops services in order.
    detached: true,
  });
  let stopping = false;
  // Directus' expected warnings (no Spatialite, no PostGIS) are not passed on.
  const tail = takeServiceOutput(child, { name: 'content', log: say, quiet, logFile, filter: (line) => formatDirectusLine(line) !== null });
  const exited = new Promise((done) => {
    child.once('exit', (code, signal) => {
      // A supervisor restarts it without calling stop(): one listener per start would pile up.
      process.removeListener('exit', killOnExit);
      if (!stopping) say(`content: Directus exited unexpectedly (${signal ?? `code ${code}`})`);
      done(code ?? signal);
    });
    child.once('error', (error) => { say(`content: could not start Directus: ${error.message}`); done(1); });
  });
  // If this process ends without calling stop(), do not leave Directus behind.
  const killOnExit = () => { try { process.kill(-child.pid, 'SIGTERM'); } catch { /* gone */ } };
  process.once('exit', killOnExit);

  const stop = async () => {
    stopping = true;
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const timer = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone */ } }, 10_000);
    try { process.kill(-child.pid, 'SIGTERM'); } catch { child.kill('SIGTERM'); }
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitForPong(settings.url, { child, timeoutMs });
  } catch (error) {
    await stop();
    const context = tail.length ? `\n${tail.slice(-15).join('\n')}` : '';
    throw new Error(`${error.message}${context}`);
  }
  const startSeconds = (Date.now() - t1) / 1000;
  const timings = { prepare: prepareSeconds, start: startSeconds, total: (Date.now() - t0) / 1000 };
  say(`content: ready at ${settings.url} (pid ${child.pid}; ${fresh ? 'new database, ' : ''}prepare ${timings.prepare.toFixed(1)} s + start ${timings.start.toFixed(1)} s)`);
  return { url: settings.url, publicUrl: settings.publicUrl, pid: child.pid, fresh, timings, stop, exited };
}

async function waitForPong(url, { child, timeoutMs }) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`content: Directus exited (${child.signalCode ?? `code ${child.exitCode}`}) before answering ${url}/server/ping`);
    try {
      const response = await fetch(`${url}/server/ping`, { signal: AbortSignal.timeout(2000) });
      const body = await response.text();
      if (response.ok && body.trim() === 'pong') return;
      last = `${response.status} ${body.slice(0, 80)}`;
    } catch (error) {
      last = error.cause?.code ?? error.message;
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`content: ${url}/server/ping did not answer pong within ${timeoutMs / 1000} s (last: ${last})`);
}

function ensureDirectories(directus) {
  if (directus.DB_FILENAME) mkdirSync(dirname(directus.DB_FILENAME), { recursive: true });
  mkdirSync(directus.STORAGE_LOCAL_ROOT, { recursive: true });
  mkdirSync(directus.EXTENSIONS_PATH, { recursive: true });
}

/**
 * The project's settings for a standalone run: `.env` at the repository root when present, else `.env.example`,
 * with real environment variables on top (for the keys the file names). Same rules as `npm start`.
 */
export function loadContentEnv(root = ROOT, overrides = process.env) {
  const file = existsSync(join(root, '.env')) ? '.env' : '.env.example';
  const values = {};
  for (const raw of readFileSync(join(root, file), 'utf8').split(/\r?\n/)) {
    const line = raw.trim();
    const match = /^([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match || line.startsWith('#')) continue;
    let value = match[2];
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) value = value.slice(1, -1);
    values[match[1]] = value;
  }
  // Real variables override the file's, and also set the addresses the file leaves to follow the ports.
  for (const key of new Set([
    ...Object.keys(values), ...Object.keys(CONTENT_DEFAULTS), 'CONTENT_PUBLIC_URL', 'STOREFRONT_REVALIDATE_URL', 'WEB_HOST', 'WEB_PORT',
    'SITE_URL', 'STOREFRONT_ORIGINS', 'DEMO_AGENT_PASSWORD', 'AUTH_PROVIDERS',
  ])) {
    if (overrides[key] !== undefined && overrides[key] !== '') values[key] = overrides[key];
  }
  return { env: withLocalCallbackSecrets(values), file };
}

/** Version of Directus installed in services/content (for messages), or null. */
export function installedDirectusVersion() {
  try {
    return JSON.parse(readFileSync(join(CONTENT_DIR, 'node_modules', 'directus', 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}
