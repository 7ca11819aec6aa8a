// Real storefront processes for the process tests: each test starts the production server (apps/web/server.mjs,
// `next start` with the quote's fast path in front) from a copy of the harness's build
// (WEB_DIST_DIR, without its cached content), with the environment it needs, and reads what the process prints.
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startContentService, type ContentService } from '../../../../scripts/lib/content-service.mjs';
import { freePort, stopProcess, waitForHttp } from '../../../../scripts/lib/processes.mjs';

export { freePort };

export const ROOT = resolve(import.meta.dirname, '../../../..');
export const WEB_DIR = join(ROOT, 'apps/web');
const NEXT_BIN = join(ROOT, 'node_modules/next/dist/bin/next');
const PRODUCTION_SERVER = join(WEB_DIR, 'server.mjs');

export function requireEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the process tests through \`npm test\` (scripts/test.mjs)`);
  return value;
}

/**
 * Tells the harness about a process this test started, so that an interrupted run (Ctrl-C, SIGTERM) can still stop it
 * after the test's own clean-up never ran.
 */
export function trackProcess(pid: number | undefined): void {
  const dir = process.env.TEST_PROCESS_DIR;
  if (dir && pid) writeFileSync(join(dir, String(pid)), '');
}

/**
 * A copy of the harness's build without the content it cached, so a test's storefront starts cold and shares no cache
 * with the harness's storefront. Returns the copy's folder name (relative to apps/web) and a remover.
 */
export function cloneBuild(name: string): { distDir: string; remove: () => void } {
  const source = join(WEB_DIR, requireEnv('WEB_DIST_DIR'));
  if (!existsSync(join(source, 'BUILD_ID'))) throw new Error(`no build in ${source}`);
  const distDir = `.next-process-${name}`;
  const target = join(WEB_DIR, distDir);
  rmSync(target, { recursive: true, force: true });
  cpSync(source, target, {
    recursive: true,
    filter: (path) => !['cache', join('server', 'route-cache')].some((skipped) => path === join(source, skipped)),
  });
  return { distDir, remove: () => rmSync(target, { recursive: true, force: true }) };
}

export interface StorefrontProcess {
  url: string;
  child: ChildProcess;
  /**
   * What the process said so far, a line each: its JSON log lines (logger.mjs) as `[area] message` (with the error's
   * message after a colon), anything else (Next's own output) as printed.
   */
  output: () => string;
  /** Everything the process printed so far (stdout and stderr), as printed. */
  printed: () => string;
  /** Resolves with the exit code (or signal) once the process has exited. */
  exited: Promise<number | NodeJS.Signals>;
  stop: () => Promise<void>;
}

/**
 * Spawns `next build`, or for 'start' the production server as `npm start` and deployments run it, in apps/web with
 * exactly `env` (on top of PATH, HOME and NODE_ENV=production); does not wait.
 */
export function spawnNext(command: 'build' | 'start', args: string[], env: Record<string, string | undefined>): StorefrontProcess {
  const child = spawn(process.execPath, command === 'start' ? [PRODUCTION_SERVER, ...args] : [NEXT_BIN, command, ...args], {
    cwd: WEB_DIR,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  trackProcess(child.pid);
  let printed = '';
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals>((done) => child.once('exit', (code, signal) => done(code ?? signal ?? 1)));
  return { url: '', child, output: () => readable(printed), printed: () => printed, exited, stop: () => stopProcess(child) };
}

/** The storefront's output as a reader takes it: each JSON log line as `[area] message`, other lines as they are. */
export function readable(printed: string): string {
  return printed
    .split('\n')
    .map((line) => {
      if (!line.startsWith('{')) return line;
      try {
        const entry = JSON.parse(line) as { area?: unknown; msg?: unknown; err?: { message?: unknown } };
        const error = typeof entry.err?.message === 'string' ? `: ${entry.err.message}` : '';
        return `${typeof entry.area === 'string' ? `[${entry.area}] ` : ''}${typeof entry.msg === 'string' ? entry.msg : ''}${error}`;
      } catch {
        return line;
      }
    })
    .join('\n');
}

/**
 * Starts a storefront on a free port from `distDir` and waits until it answers and has printed `recheck`: by default
 * the outcome of its start-up recheck of the content (src/instrumentation.ts), so no test races with it.
 */
export async function startStorefront(
  distDir: string,
  env: Record<string, string | undefined>,
  { recheck = /\[content\] start-up recheck: / }: { recheck?: RegExp } = {},
): Promise<StorefrontProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const storefront = spawnNext('start', ['--hostname', '127.0.0.1', '--port', String(port)], {
    NEXT_DIST_DIR: distDir,
    SITE_URL: url,
    ...env,
  });
  try {
    await waitForHttp(`${url}/robots.txt`, { child: storefront.child, timeoutMs: 60_000 });
    await waitForOutput(storefront, recheck);
  } catch (error) {
    await storefront.stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}; the storefront printed:\n${storefront.output()}`);
  }
  return { ...storefront, url };
}

/** Waits until the process has printed a line matching `pattern` (or exits, or 30 s pass). */
export async function waitForOutput(storefront: StorefrontProcess, pattern: RegExp, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!pattern.test(storefront.output())) {
    if (storefront.child.exitCode !== null) throw new Error(`the process exited before printing ${pattern}`);
    if (Date.now() > deadline) throw new Error(`the process did not print ${pattern} within ${timeoutMs / 1000} s`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The storefront's environment for a content service at `contentUrl` (the harness's token and secret). */
export function storefrontEnv(contentUrl: string): Record<string, string> {
  return {
    BRAND: 'firefly',
    DIRECTUS_URL: contentUrl,
    DIRECTUS_PUBLIC_URL: contentUrl,
    DIRECTUS_STOREFRONT_TOKEN: requireEnv('DIRECTUS_STOREFRONT_TOKEN'),
    REVALIDATE_SECRET: requireEnv('REVALIDATE_SECRET'),
    ACCOUNT_EMAILS_SECRET: requireEnv('ACCOUNT_EMAILS_SECRET'),
    REMINDERS_SECRET: requireEnv('REMINDERS_SECRET'),
  };
}

/** A small HTTP server on 127.0.0.1 answering with `handle`; for a content service that misbehaves on purpose. */
export async function startFakeServer(handle: (request: IncomingMessage, response: ServerResponse) => void) {
  const server = createServer(handle);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the fake server has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * A content service of the test's own, on a fresh temporary database with the seed content, so the test may stop it
 * or edit content without disturbing others. Its revalidation flow posts nowhere: the storefront hears of no edit.
 */
export async function startOwnContentService(): Promise<{ service: ContentService; stop: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'process-test-content-'));
  const service = await startContentService({
    env: {
      SECRET: requireEnv('SECRET'),
      ADMIN_EMAIL: requireEnv('ADMIN_EMAIL'),
      ADMIN_PASSWORD: requireEnv('ADMIN_PASSWORD'),
      DIRECTUS_STOREFRONT_TOKEN: requireEnv('DIRECTUS_STOREFRONT_TOKEN'),
      REVALIDATE_SECRET: requireEnv('REVALIDATE_SECRET'),
      ACCOUNT_EMAILS_SECRET: requireEnv('ACCOUNT_EMAILS_SECRET'),
      REMINDERS_SECRET: requireEnv('REMINDERS_SECRET'),
      DB_CLIENT: 'sqlite3',
      DB_FILENAME: join(dataDir, 'content.db'),
      STORAGE_LOCAL_ROOT: join(dataDir, 'uploads'),
      CONTENT_HOST: '127.0.0.1',
      CONTENT_PORT: String(await freePort()),
      STOREFRONT_REVALIDATE_URL: 'http://127.0.0.1:9/api/content-callbacks/revalidate',
    },
    log: () => {},
  });
  trackProcess(service.pid);
  return {
    service,
    stop: async () => {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
