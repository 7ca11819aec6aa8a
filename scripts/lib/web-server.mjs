// Builds (when the sources changed) and starts the storefront's production server.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assertPortFree, stopProcess, takeServiceOutput, waitForHttp } from './processes.mjs';
import { hashTree } from './source-hash.mjs';

// The modules beside server.mjs that the app imports (the hand-over, the logger, the Redis client) are built into it too.
const INPUTS = [
  'apps/web/src',
  'apps/web/messages',
  'apps/web/public',
  'apps/web/next.config.ts',
  'apps/web/package.json',
  'apps/web/postcss.config.mjs',
  'apps/web/handover.mjs',
  'apps/web/byte-bounded-cache.mjs',
  'apps/web/logger.mjs',
  'apps/web/redis-client.mjs',
  'packages/domain/src',
  'package-lock.json',
];

/**
 * Node's options for the storefront's server (deploy/web.Dockerfile passes the same). Async context frames: the
 * request-scoped stores (Next's own, the request id of every log line) follow the code through the context V8 carries
 * instead of a hook on every promise, which cost the quote a tenth of its CPU (the default from Node 24 on).
 */
export const STOREFRONT_NODE_OPTIONS = ['--experimental-async-context-frame'];

/**
 * Builds the storefront when its sources changed. Asynchronous on purpose: while `next build` runs, this process still
 * handles SIGTERM and SIGINT (a synchronous spawn blocked them, so `kill <npm start>` during a build did nothing);
 * `signal` aborts the build and kills it.
 */
export async function buildWeb({ root, env, distDir = '.next', force = false, log = console.log, signal }) {
  const webDir = join(root, 'apps/web');
  const stamp = join(webDir, distDir, 'source-hash.txt');
  const hash = `${hashTree(root, INPUTS)}:${env.BRAND}`;
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash && existsSync(join(webDir, distDir, 'BUILD_ID'))) {
    log(`web: build is up to date (${distDir})`);
    return;
  }
  log(`web: building the storefront for brand ${env.BRAND} (${distDir}) ...`);
  const started = Date.now();
  const child = spawn(process.execPath, [join(root, 'node_modules/next/dist/bin/next'), 'build'], {
    cwd: webDir,
    env: { ...process.env, ...env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = () => child.kill('SIGTERM');
  signal?.addEventListener('abort', stop, { once: true });
  const status = await new Promise((done) => {
    child.once('error', () => done(127));
    child.once('exit', (code, killedBy) => done(code ?? (killedBy ? 1 : 0)));
  });
  signal?.removeEventListener('abort', stop);
  if (signal?.aborted) throw new Error('web: build stopped');
  if (status !== 0) throw new Error(`web: next build failed (exit ${status})`);
  writeFileSync(stamp, hash);
  log(`web: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Forgets cached content and the pages rendered from it (after the content service was created anew, its ids differ):
 * Next keeps data in <distDir>/cache and pages rendered at run time in <distDir>/server/route-cache.
 */
export function clearWebContentCache({ root, distDir = '.next' }) {
  for (const folder of ['cache', 'server/route-cache']) rmSync(join(root, 'apps/web', distDir, folder), { recursive: true, force: true });
}

/**
 * Starts the storefront's production server. Its output (JSON lines: one per request, and its warnings and errors) is
 * passed on through `log` (scripts/lib/log.mjs), only its problems when `quiet`, and every line is appended to
 * `logFile` when given.
 */
export async function startWeb({ root, env, distDir = '.next', log = console.log, quiet = false, logFile }) {
  const host = env.WEB_HOST || '127.0.0.1';
  const port = Number(env.WEB_PORT || 3000);
  await assertPortFree(host, port, 'The storefront');
  // apps/web/server.mjs: `next start` with the quote's fast path in front (see that file), with Node's options for it.
  const child = spawn(process.execPath, [...STOREFRONT_NODE_OPTIONS, join(root, 'apps/web/server.mjs'), '--hostname', host, '--port', String(port)], {
    cwd: join(root, 'apps/web'),
    env: { ...process.env, ...env, NEXT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  takeServiceOutput(child, { name: 'storefront', log, quiet, logFile });
  const url = `http://${host}:${port}`;
  // It runs in its own process group (a Ctrl-C reaches only the orchestrator, which stops services in order): if the
  // orchestrator ends without stopping it (an interrupt while it was still starting), do not leave it behind.
  const killOnExit = () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* gone */
    }
  };
  process.once('exit', killOnExit);
  // The exit code, or the signal that ended it.
  const exited = new Promise((done) =>
    child.once('exit', (code, signal) => {
      process.removeListener('exit', killOnExit);
      done(code ?? signal);
    }),
  );
  try {
    await waitForHttp(`${url}/robots.txt`, { child, timeoutMs: 60_000 });
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  log(`web: storefront ready at ${url} (pid ${child.pid})`);
  return { url, pid: child.pid, child, exited, stop: () => stopProcess(child) };
}
