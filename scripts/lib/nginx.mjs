// nginx in front of the storefront instances (`npm run cluster`): the configuration is deploy/nginx's template, the
// same one deploy/compose.yaml uses, filled in and wrapped in a main nginx.conf whose files all live in `dir`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertPortFree, findProgram, startChildService, waitForHttp } from './processes.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const NGINX_TEMPLATE = join(ROOT, 'deploy', 'nginx', 'storefront.conf.template');

/** The nginx binary: NGINX_BIN, else Debian's. */
export function findNginx(env = process.env) {
  return findProgram([env.NGINX_BIN, '/usr/sbin/nginx', '/usr/bin/nginx'], 'nginx is not installed: `apt-get install -y nginx` (Debian), or set NGINX_BIN');
}

/** Fills the template's ${NAME} values; a name the template uses but `values` lacks is an error. */
export function renderTemplate(template, values) {
  return template.replace(/\$\{([A-Z][A-Z0-9_]*)\}/g, (_, name) => {
    if (values[name] === undefined) throw new Error(`nginx template: no value for \${${name}}`);
    return values[name];
  });
}

/** The storefront's site configuration for these instances (`upstreams`: ['127.0.0.1:3101', ...]). */
export function storefrontSiteConfig({ listen, cacheDir, upstreams, accessLog = 'off' }) {
  const servers = upstreams.map((address) => `server ${address} max_fails=1 fail_timeout=5s;`).join('\n    ');
  return renderTemplate(readFileSync(NGINX_TEMPLATE, 'utf8'), {
    NGINX_LISTEN: listen,
    NGINX_CACHE_DIR: cacheDir,
    STOREFRONT_SERVERS: servers,
    NGINX_ACCESS_LOG: accessLog === 'off' ? 'off' : `${accessLog} storefront_access`,
  });
}

/**
 * A complete nginx.conf for a foreground nginx whose pid, logs, temporary files and cache are under `dir`; with
 * `accessLog`, its access log (JSON lines, the template's storefront_access) is `dir`/access.log.
 */
export function nginxConfig({ dir, listen, upstreams, accessLog = false }) {
  const site = storefrontSiteConfig({ listen, cacheDir: join(dir, 'cache'), upstreams, accessLog: accessLog ? join(dir, 'access.log') : 'off' });
  return [
    '# Written by scripts/lib/nginx.mjs for `npm run cluster`; the site part is deploy/nginx/storefront.conf.template.',
    'daemon off;',
    'worker_processes auto;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '    default_type application/octet-stream;',
    `    client_body_temp_path ${join(dir, 'temp', 'body')};`,
    `    proxy_temp_path ${join(dir, 'temp', 'proxy')};`,
    `    fastcgi_temp_path ${join(dir, 'temp', 'fastcgi')};`,
    `    uwsgi_temp_path ${join(dir, 'temp', 'uwsgi')};`,
    `    scgi_temp_path ${join(dir, 'temp', 'scgi')};`,
    '    server_tokens off;',
    '    sendfile on;',
    '    keepalive_timeout 65;',
    site.replace(/^/gm, '    '),
    '}',
    '',
  ].join('\n');
}

/**
 * Starts nginx in the foreground on `listen` (host:port) in front of `upstreams`. Resolves { url, pid, stop(), exited }
 * once it answers /nginx-health.
 */
export async function startNginx({ dir, listen, upstreams, log = console.log, env = process.env, accessLog = false }) {
  const [host, port] = listen.split(':');
  await assertPortFree(host, Number(port), 'nginx');
  const nginx = findNginx(env);
  // A page cached by an earlier run may belong to another build (its scripts gone): each start begins empty.
  rmSync(join(dir, 'cache'), { recursive: true, force: true });
  mkdirSync(join(dir, 'temp'), { recursive: true });
  const file = join(dir, 'nginx.conf');
  writeFileSync(file, nginxConfig({ dir, listen, upstreams, accessLog }));
  const url = `http://${listen}`;
  const service = await startChildService({
    name: 'nginx',
    command: nginx,
    // -e: the start-up's own error log goes here too, not to /var/log/nginx (which may not be writable).
    args: ['-p', dir, '-e', join(dir, 'error.log'), '-c', file],
    log,
    // SIGQUIT: finish the requests in flight, then stop.
    stopSignal: 'SIGQUIT',
    ready: (child) => waitForHttp(`${url}/nginx-health`, { child, timeoutMs: 15_000 }),
  });
  log(`nginx: ready at ${url} (pid ${service.pid}) in front of ${upstreams.join(', ')}`);
  return { ...service, url, config: file };
}
