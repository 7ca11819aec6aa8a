// A Redis server from Debian's packages for `npm run cluster`: the storefronts' shared cache and the content service's
// cache, rate limiter and synchronisation. Only caches live there, so it keeps nothing on disk: a restart empties it,
// and pages are rendered again.
import { mkdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { assertPortFree, findProgram, startChildService } from './processes.mjs';

export function findRedisServer(env = process.env) {
  return findProgram([env.REDIS_SERVER_BIN, '/usr/bin/redis-server', '/usr/local/bin/redis-server'], 'redis-server is not installed: `apt-get install -y redis-server` (Debian), or set REDIS_SERVER_BIN');
}

/** Sends PING over the Redis protocol; resolves true on +PONG. */
export function pingRedis(host, port) {
  return new Promise((done) => {
    const socket = createConnection({ host, port });
    let answer = '';
    socket.setTimeout(1000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk;
      if (answer.includes('\r\n')) {
        socket.destroy();
        done(answer.startsWith('+PONG'));
      }
    });
    socket.once('timeout', () => {
      socket.destroy();
      done(false);
    });
    socket.once('error', () => done(false));
  });
}

async function waitForPong(host, port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await pingRedis(host, port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no PONG from ${host}:${port} after ${timeoutMs / 1000} s`);
}

/** Starts redis-server on host:port with its working folder `dir`. Resolves { url, pid, stop(), exited }. */
export async function startRedis({ host = '127.0.0.1', port, dir, log = console.log, env = process.env }) {
  await assertPortFree(host, port, 'Redis');
  mkdirSync(dir, { recursive: true });
  const service = await startChildService({
    name: 'redis',
    command: findRedisServer(env),
    args: ['--bind', host, '--port', String(port), '--dir', dir, '--save', '', '--appendonly', 'no', '--protected-mode', 'yes', '--loglevel', 'warning'],
    log,
    quiet: true,
    ready: () => waitForPong(host, port, 15_000),
  });
  const url = `redis://${host}:${port}`;
  log(`redis: ready at ${url} (pid ${service.pid})`);
  return { ...service, url };
}
