#!/usr/bin/env node
// `npm run cluster`: the product as several processes on this machine, the way a deployment runs it (README, "Several
// instances"): PostgreSQL, Redis, the content service, the payment sandbox, two storefront instances and nginx in
// front on 127.0.0.1:8080. Needs Debian's nginx, redis-server and postgresql packages. Ctrl-C stops everything.
// Its output is JSON lines (its own and the services'), shown readably in a terminal (scripts/lib/log.mjs); nginx's
// access log, one JSON line per request with its id, is .cluster/nginx/access.log.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProjectEnv } from './lib/env-file.mjs';
import { startCluster } from './lib/cluster.mjs';
import { scriptLog } from './lib/log.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { env, file } = loadProjectEnv(root);
const log = scriptLog('cluster');
log(`settings from ${file}`);

let cluster;
let stopping = false;
const starting = new AbortController();

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  log('stopping ...');
  starting.abort();
  await cluster?.stop();
  process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

try {
  cluster = await startCluster({ root, env, log, signal: starting.signal, quiet: true, accessLog: true });
  const { layout } = cluster;
  log(`Storefront (nginx):    ${layout.siteUrl}  (brand ${env.BRAND})`);
  for (const instance of layout.instances) log(`  instance ${instance.name}:      ${instance.url}  (X-Served-By: ${instance.name}; metrics ${instance.metricsUrl})`);
  log(`Content service admin: ${layout.contentUrl}/admin  (${env.ADMIN_EMAIL ?? 'see ADMIN_EMAIL'} / see ADMIN_PASSWORD in ${file})`);
  log(`Payment sandbox:       ${layout.gatewayUrl}`);
  log(`PostgreSQL:            ${layout.postgres.host}:${layout.postgres.port}, database ${layout.postgres.database}, user ${layout.postgres.user}`);
  log(`Redis:                 ${layout.redisUrl}  (0: storefront cache, 1: content service)`);
  log(`Data:                  ${layout.dataDir}`);
  log('Each part is restarted if it stops on its own. Press Ctrl-C to stop.');
} catch (error) {
  if (!stopping) {
    log.error(error instanceof Error ? error.message : String(error));
    await stopAll(1);
  }
}
