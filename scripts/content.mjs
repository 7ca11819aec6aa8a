#!/usr/bin/env node
// The content service on its own (Directus 11 on 127.0.0.1:8055 by default), with the project's settings:
// `.env` when present, else `.env.example`, with real environment variables on top.
//
//   node scripts/content.mjs            start it; Ctrl-C stops it
//   node scripts/content.mjs prepare    only prepare the database (bootstrap, schema, access, flow, seed) and exit
//   node scripts/content.mjs extensions [--force]   only build the extensions (those whose sources changed) and exit
//
// From services/content: `npm run content:start` (same thing). Its output is JSON lines (its own and Directus'), shown
// readably in a terminal (scripts/lib/log.mjs).
import { buildContentExtensions } from './lib/content-extensions.mjs';
import { ROOT, findContentNode, loadContentEnv, prepareContentService, startContentService } from './lib/content-service.mjs';
import { scriptLog } from './lib/log.mjs';

const command = process.argv[2] ?? 'start';
const { env, file } = loadContentEnv(ROOT);
const logged = scriptLog('content');
const log = Object.assign((line) => logged(line.replace(/^content: /, '')), { warn: (line) => logged.warn(line.replace(/^content: /, '')), relay: logged.relay });
const fail = (error) => logged.error(error.message.replace(/^content: /, ''));

if (command === 'extensions') {
  try {
    const built = await buildContentExtensions({ nodeBin: findContentNode(), log, force: process.argv.includes('--force') });
    if (!built.length) log('extensions are up to date');
    process.exit(0);
  } catch (error) {
    fail(error);
    process.exit(1);
  }
} else if (command === 'prepare') {
  try {
    await prepareContentService({ env, log });
    process.exit(0);
  } catch (error) {
    fail(error);
    process.exit(1);
  }
} else if (command === 'start') {
  log(`settings from ${file}${file === '.env.example' ? ' (copy it to .env to change them)' : ''}`);
  let service;
  try {
    service = await startContentService({ env, log });
  } catch (error) {
    fail(error);
    process.exit(1);
  }
  log(`admin: ${service.url}/admin  (${env.ADMIN_EMAIL ?? 'ADMIN_EMAIL'} / ADMIN_PASSWORD from ${file}); Ctrl-C stops it`);
  let stopping = false;
  const shutdown = async () => {
    stopping = true;
    log('stopping ...');
    await service.stop();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  const exit = await service.exited;
  if (!stopping) process.exit(typeof exit === 'number' && exit !== 0 ? exit : 1);
} else {
  console.error(`usage: node scripts/content.mjs [start|prepare|extensions [--force]]`);
  process.exit(2);
}
