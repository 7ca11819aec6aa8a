#!/usr/bin/env node
// `npm start`: the whole product on embedded defaults. Starts the content service (creating and seeding its
// SQLite database on first start) and the local payment-gateway sandbox, builds the storefront when its sources
// changed, starts it, restarts any of them with a back-off when it exits on its own, and stops everything on Ctrl-C.
// Its output is JSON lines (its own and the services'), shown readably in a terminal (scripts/lib/log.mjs).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProjectEnv } from './lib/env-file.mjs';
import { scriptLog } from './lib/log.mjs';
import { startContentService } from './lib/content-service.mjs';
import { startGatewaySandbox } from './lib/gateway-sandbox.mjs';
import { startOidcProvider } from './lib/oidc-provider.mjs';
import { buildWeb, clearWebContentCache, startWeb } from './lib/web-server.mjs';
import { supervise } from './lib/supervise.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { env, file } = loadProjectEnv(root);
const log = scriptLog('start');
log(`settings from ${file}${file === '.env.example' ? ' (copy it to .env to change them)' : ''}`);

const running = [];
let stopping = false;
// Stops a storefront build still running when asked to stop.
const building = new AbortController();

async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  log('stopping ...');
  building.abort();
  for (const service of running.reverse()) await service.stop().catch(() => {});
  process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

try {
  await buildWeb({ root, env, log, signal: building.signal });
  // The local OpenID Connect provider for trying "log in with your company account" (before the content service,
  // which reads its discovery document when it starts).
  if (env.LOCAL_OIDC_PROVIDER === 'true') {
    const provider = await supervise({ name: 'OIDC provider', start: () => startOidcProvider({ env, log }), log });
    running.push(provider);
  }
  const content = await supervise({ name: 'content service', start: () => startContentService({ env, log }), log });
  running.push(content);
  if (content.current().fresh) clearWebContentCache({ root });
  const payments = await supervise({ name: 'gateway sandbox', start: () => startGatewaySandbox({ env, log }), log });
  running.push(payments);
  const web = await supervise({ name: 'storefront', start: () => startWeb({ root, env, log }), log });
  running.push(web);
  log(`Storefront:            ${web.current().url}  (brand ${env.BRAND})`);
  log(`Content service admin: ${content.current().url}/admin  (${env.ADMIN_EMAIL ?? 'see ADMIN_EMAIL'} / see ADMIN_PASSWORD in ${file})`);
  log(`Payment sandbox:       ${payments.current().url}  (card gateway /metrobank, PayPal /paypal; test cards in docs/gateway-sandbox.md)`);
  log(`Corporate area:        ${web.current().url}/corporativo  (demo agents and the local provider login in docs/accounts.md)`);
  log('Each one is restarted if it stops on its own. Press Ctrl-C to stop.');
} catch (error) {
  if (!stopping) {
    log.error(error instanceof Error ? error.message : String(error));
    await stopAll(1);
  }
}
