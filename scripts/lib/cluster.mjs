// The product on several processes, as a deployment runs it (`npm run cluster`, the cluster tests and the cluster
// bench): PostgreSQL for the content service, one Redis for every cache (the storefronts' pages and data, the content
// service's cache, rate limiter and synchronisation), the content service, the payment sandbox, two storefront
// instances of one build, and nginx in front as load balancer and shared page cache. Everything listens on 127.0.0.1;
// every file is under one data folder. Each part is restarted with a back-off if it stops on its own.
import { chmodSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { startContentService } from './content-service.mjs';
import { startGatewaySandbox } from './gateway-sandbox.mjs';
import { findNginx, startNginx } from './nginx.mjs';
import { findPostgresBin, startPostgres } from './postgres.mjs';
import { findRedisServer, startRedis } from './redis.mjs';
import { prefixedLog } from './log.mjs';
import { freePort } from './processes.mjs';
import { supervise } from './supervise.mjs';
import { buildWeb, startWeb } from './web-server.mjs';

// The local cluster's addresses and folder (README, "Several instances"); each can be set in .env or the environment.
export const CLUSTER_DEFAULTS = {
  CLUSTER_DATA_DIR: '.cluster',
  CLUSTER_PORT: '8080',
  CLUSTER_WEB_PORTS: '3101,3102',
  // Unset: 9101, 9102, ... one per instance, in the order of CLUSTER_WEB_PORTS.
  CLUSTER_METRICS_PORTS: '',
  CLUSTER_CONTENT_PORT: '8255',
  CLUSTER_GATEWAY_SANDBOX_PORT: '8270',
  CLUSTER_POSTGRES_PORT: '5433',
  CLUSTER_REDIS_PORT: '6380',
  CLUSTER_DB_USER: 'rentacar',
  CLUSTER_DB_PASSWORD: 'local-db-password-change-me',
  CLUSTER_DB_DATABASE: 'content',
};

/**
 * Settings of a throwaway cluster (the cluster tests, the cluster bench): every port one that is free now, the data in
 * a new temporary folder named after `prefix`. Returns { overrides, dataDir } for startCluster; the caller removes it.
 */
export async function temporaryCluster(prefix) {
  const dataDir = mkdtempSync(join(tmpdir(), prefix));
  // Readable by others: run as root, PostgreSQL runs as the postgres user and must reach its folder inside.
  chmodSync(dataDir, 0o755);
  const overrides = {
    CLUSTER_DATA_DIR: dataDir,
    CLUSTER_WEB_PORTS: `${await freePort()},${await freePort()}`,
    CLUSTER_METRICS_PORTS: `${await freePort()},${await freePort()}`,
  };
  for (const name of ['CLUSTER_PORT', 'CLUSTER_CONTENT_PORT', 'CLUSTER_GATEWAY_SANDBOX_PORT', 'CLUSTER_POSTGRES_PORT', 'CLUSTER_REDIS_PORT']) overrides[name] = String(await freePort());
  return { overrides, dataDir };
}

/** The first instance's metrics port when CLUSTER_METRICS_PORTS is unset; the next instances take the ports after it. */
const DEFAULT_METRICS_PORT = 9101;

function port(value, name) {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > 65535) throw new Error(`cluster: ${name} must be a port number (got "${value}")`);
  return number;
}

/**
 * The cluster's layout from the project's variables: ports, folders, and the environment of each part.
 * `overrides` (the test harness's free ports, its temporary folder) win over `env`.
 */
export function clusterLayout({ root, env, overrides = {} }) {
  const v = (name) => overrides[name] ?? (env[name] !== undefined && env[name] !== '' ? String(env[name]) : CLUSTER_DEFAULTS[name]);
  const dataDir = isAbsolute(v('CLUSTER_DATA_DIR')) ? v('CLUSTER_DATA_DIR') : resolve(root, v('CLUSTER_DATA_DIR'));
  const host = '127.0.0.1';
  const nginxPort = port(v('CLUSTER_PORT'), 'CLUSTER_PORT');
  const webPorts = v('CLUSTER_WEB_PORTS').split(',').map((p) => port(p.trim(), 'CLUSTER_WEB_PORTS'));
  if (webPorts.length < 2) throw new Error('cluster: CLUSTER_WEB_PORTS must list at least two ports (one per storefront instance)');
  // Each instance serves its Prometheus metrics on a port of its own (apps/web/src/lib/metrics-server.ts).
  const metricsPorts = v('CLUSTER_METRICS_PORTS')
    ? v('CLUSTER_METRICS_PORTS').split(',').map((p) => port(p.trim(), 'CLUSTER_METRICS_PORTS'))
    : webPorts.map((_, index) => DEFAULT_METRICS_PORT + index);
  if (metricsPorts.length !== webPorts.length) {
    throw new Error(`cluster: CLUSTER_METRICS_PORTS must list one port per storefront instance (${webPorts.length}, as CLUSTER_WEB_PORTS)`);
  }
  const contentPort = port(v('CLUSTER_CONTENT_PORT'), 'CLUSTER_CONTENT_PORT');
  const gatewayPort = port(v('CLUSTER_GATEWAY_SANDBOX_PORT'), 'CLUSTER_GATEWAY_SANDBOX_PORT');
  const postgresPort = port(v('CLUSTER_POSTGRES_PORT'), 'CLUSTER_POSTGRES_PORT');
  const redisPort = port(v('CLUSTER_REDIS_PORT'), 'CLUSTER_REDIS_PORT');
  const siteUrl = `http://${host}:${nginxPort}`;
  const contentUrl = `http://${host}:${contentPort}`;
  const gatewayUrl = `http://${host}:${gatewayPort}`;
  const redisUrl = `redis://${host}:${redisPort}`;
  const database = { user: v('CLUSTER_DB_USER'), password: v('CLUSTER_DB_PASSWORD'), database: v('CLUSTER_DB_DATABASE') };

  // What every part shares: the brand, secrets and keys of the project's settings, and the public addresses (the
  // storefront is reached through nginx only, so its links, account e-mails and webhooks use nginx's address).
  const shared = {
    ...env,
    SITE_URL: siteUrl,
    STOREFRONT_ORIGINS: siteUrl,
    STOREFRONT_REVALIDATE_URL: `${siteUrl}/api/content-callbacks/revalidate`,
    DIRECTUS_URL: contentUrl,
    DIRECTUS_PUBLIC_URL: contentUrl,
    // Provider logins need a provider on a fixed address; the cluster offers password logins only.
    AUTH_PROVIDERS: '',
    AUTH_LOGIN_PROVIDERS: '',
    MAIL_OUTBOX_DIR: join(dataDir, 'mail-outbox'),
    METROBANK_API_URL: `${gatewayUrl}/metrobank`,
    METROBANK_FIELDS_URL: `${gatewayUrl}/metrobank/fields/v1/card.html`,
    PAYPAL_BASE_URL: `${gatewayUrl}/paypal`,
  };
  const content = {
    ...shared,
    CONTENT_HOST: host,
    CONTENT_PORT: String(contentPort),
    CONTENT_PUBLIC_URL: contentUrl,
    DB_CLIENT: 'pg',
    DB_HOST: host,
    DB_PORT: String(postgresPort),
    DB_DATABASE: database.database,
    DB_USER: database.user,
    DB_PASSWORD: database.password,
    STORAGE_LOCAL_ROOT: join(dataDir, 'uploads'),
    // Redis database 1 (the storefronts use 0): the content service's cache, rate limiter and the synchronisation
    // of several content-service instances.
    REDIS: `${redisUrl}/1`,
    CACHE_STORE: 'redis',
    RATE_LIMITER_STORE: 'redis',
    SYNCHRONIZATION_STORE: 'redis',
  };
  const gateway = {
    ...shared,
    GATEWAY_SANDBOX_HOST: host,
    GATEWAY_SANDBOX_PORT: String(gatewayPort),
    GATEWAY_SANDBOX_PUBLIC_URL: gatewayUrl,
    GATEWAY_SANDBOX_DATA_DIR: join(dataDir, 'gateway-sandbox'),
    GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL: `${siteUrl}/api/payments/webhooks/metrobank`,
    GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL: `${siteUrl}/api/payments/webhooks/paypal`,
  };
  const instances = webPorts.map((webPort, index) => ({
    name: `web-${index + 1}`,
    url: `http://${host}:${webPort}`,
    metricsUrl: `http://${host}:${metricsPorts[index]}/metrics`,
    // nginx reaches them from `host`: its X-Forwarded-For (the renter's address) is believed, no one else's.
    env: {
      ...shared,
      WEB_HOST: host,
      WEB_PORT: String(webPort),
      METRICS_PORT: String(metricsPorts[index]),
      INSTANCE_NAME: `web-${index + 1}`,
      REDIS_URL: `${redisUrl}/0`,
      TRUSTED_PROXIES: host,
      // The instances compress (gzip) for nginx, which asks for it once per copy it keeps for browsers
      // (deploy/nginx/storefront.conf.template); on by default, set here so the cluster never runs with it off.
      COMPRESS_RESPONSES: 'true',
    },
  }));
  return {
    dataDir,
    siteUrl,
    contentUrl,
    gatewayUrl,
    redisUrl,
    postgres: { host, port: postgresPort, dir: join(dataDir, 'postgres'), ...database },
    redis: { host, port: redisPort, dir: join(dataDir, 'redis') },
    nginx: { listen: `${host}:${nginxPort}`, dir: join(dataDir, 'nginx') },
    content,
    gateway,
    instances,
    webEnv: shared,
  };
}

/**
 * Starts the cluster (after building the storefront when its sources changed). Resolves
 * { layout, parts: Map(name -> supervisor), stopPart(name), crashPart(name), startPart(name), stop() } once nginx
 * answers. Part names: postgres, redis, content, gateway, web-1, web-2 ..., nginx. stopPart stops one gracefully and
 * crashPart kills it (SIGKILL), both until startPart starts it again under supervision (tests of an outage).
 * `quiet`: the instances and the content service pass on only their problems. `logFile`: the content service's, the sandbox's and the
 * instances' lines are also appended there. `accessLog`: nginx writes its access log (JSON lines with each request's
 * id) to its folder's access.log.
 */
export async function startCluster({ root, env, overrides, distDir = '.next', log = console.log, signal, quiet = false, logFile, accessLog = false }) {
  const layout = clusterLayout({ root, env, overrides });
  // Before anything starts: each of Debian's packages it needs is installed (else an error naming the package).
  findPostgresBin(env);
  findRedisServer(env);
  findNginx(env);
  mkdirSync(layout.dataDir, { recursive: true });
  await buildWeb({ root, env: layout.webEnv, distDir, log, signal });

  const starters = new Map([
    ['postgres', () => startPostgres({ ...layout.postgres, log })],
    ['redis', () => startRedis({ ...layout.redis, log })],
    ['content', () => startContentService({ env: layout.content, log, quiet, logFile })],
    ['gateway', () => startGatewaySandbox({ env: layout.gateway, log, quiet: true, logFile })],
    ...layout.instances.map((instance) => [
      instance.name,
      () => startWeb({ root, env: instance.env, distDir, log: prefixedLog(log, `${instance.name}: `), quiet, logFile }),
    ]),
    ['nginx', () => startNginx({ ...layout.nginx, upstreams: layout.instances.map((instance) => new URL(instance.url).host), log, accessLog })],
  ]);
  const parts = new Map();
  const startPart = async (name) => {
    const start = starters.get(name);
    if (!start) throw new Error(`cluster: no part named ${name}`);
    if (parts.has(name)) return parts.get(name);
    const supervisor = await supervise({ name, start, log });
    parts.set(name, supervisor);
    return supervisor;
  };
  const stopPart = async (name) => {
    const supervisor = parts.get(name);
    parts.delete(name);
    await supervisor?.stop();
  };
  // A crash: SIGKILL to the part's process group, no graceful stop, and no restart until startPart.
  const crashPart = async (name) => {
    const supervisor = parts.get(name);
    if (!supervisor) throw new Error(`cluster: ${name} is not running`);
    parts.delete(name);
    const { pid } = supervisor.current();
    // Stopping the supervision first (synchronously) keeps it from restarting the part when it dies.
    const stopped = supervisor.stop();
    process.kill(-pid, 'SIGKILL');
    await stopped;
  };
  const stop = async () => {
    for (const name of [...parts.keys()].reverse()) await stopPart(name).catch(() => {});
  };

  try {
    for (const name of ['postgres', 'redis', 'content', 'gateway']) {
      if (signal?.aborted) throw new Error('cluster: start stopped');
      await startPart(name);
    }
    // The instances start side by side (the same build; the content service is up).
    await Promise.all(layout.instances.map((instance) => startPart(instance.name)));
    await startPart('nginx');
  } catch (error) {
    await stop();
    throw error;
  }
  return { layout, parts, startPart, stopPart, crashPart, stop };
}
