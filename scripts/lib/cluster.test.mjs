import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { clusterLayout } from './cluster.mjs';
import { contentEnvironment } from './content-service.mjs';
import { NGINX_TEMPLATE, nginxConfig, renderTemplate } from './nginx.mjs';

const env = { BRAND: 'firefly', SECRET: 's', DIRECTUS_STOREFRONT_TOKEN: 't', REVALIDATE_SECRET: 'r', ACCOUNT_EMAILS_SECRET: 'a', REMINDERS_SECRET: 'm', WEB_PORT: '3000', CONTENT_PORT: '8055' };

describe('the cluster layout', () => {
  const layout = clusterLayout({ root: '/repo', env });

  it('puts every part on 127.0.0.1 at the default ports, its data under .cluster', () => {
    expect(layout.siteUrl).toBe('http://127.0.0.1:8080');
    expect(layout.instances.map((instance) => [instance.name, instance.url])).toEqual([
      ['web-1', 'http://127.0.0.1:3101'],
      ['web-2', 'http://127.0.0.1:3102'],
    ]);
    expect(layout.dataDir).toBe('/repo/.cluster');
    expect(layout.postgres).toMatchObject({ host: '127.0.0.1', port: 5433, dir: '/repo/.cluster/postgres', database: 'content' });
  });

  it('runs the content service on PostgreSQL with Redis for its cache, rate limiter and synchronisation', () => {
    expect(layout.content).toMatchObject({
      DB_CLIENT: 'pg',
      DB_HOST: '127.0.0.1',
      DB_PORT: '5433',
      CONTENT_PORT: '8255',
      REDIS: 'redis://127.0.0.1:6380/1',
      CACHE_STORE: 'redis',
      RATE_LIMITER_STORE: 'redis',
      SYNCHRONIZATION_STORE: 'redis',
      // Its callbacks and account links go through nginx, which any instance may answer.
      STOREFRONT_REVALIDATE_URL: 'http://127.0.0.1:8080/api/content-callbacks/revalidate',
      STOREFRONT_ORIGINS: 'http://127.0.0.1:8080',
    });
  });

  it('hands Directus those settings, and none of the storefront’s own secrets', () => {
    const { directus } = contentEnvironment({ ...layout.content, SESSION_SECRET: 'storefront-only', ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'p' });
    expect(directus).toMatchObject({ DB_CLIENT: 'pg', DB_DATABASE: 'content', REDIS: 'redis://127.0.0.1:6380/1', CACHE_STORE: 'redis', RATE_LIMITER_STORE: 'redis', SYNCHRONIZATION_STORE: 'redis' });
    expect(directus.SESSION_SECRET).toBeUndefined();
    expect(directus.AUTH_LOGIN_PROVIDERS).toBeUndefined();
  });

  it('gives the content service and every instance the same secret for each kind of callback', () => {
    const secrets = { REVALIDATE_SECRET: 'r', ACCOUNT_EMAILS_SECRET: 'a', REMINDERS_SECRET: 'm' };
    const { directus } = contentEnvironment({ ...layout.content, ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'p' });
    expect(directus).toMatchObject(secrets);
    for (const instance of layout.instances) expect(instance.env).toMatchObject(secrets);
  });

  it('gives each storefront instance its name, its port, the shared Redis cache, and nginx as its trusted proxy', () => {
    for (const [index, instance] of layout.instances.entries()) {
      expect(instance.env).toMatchObject({
        INSTANCE_NAME: `web-${index + 1}`,
        WEB_PORT: String(3101 + index),
        REDIS_URL: 'redis://127.0.0.1:6380/0',
        TRUSTED_PROXIES: '127.0.0.1',
        SITE_URL: 'http://127.0.0.1:8080',
        DIRECTUS_URL: 'http://127.0.0.1:8255',
        METRICS_PORT: String(9101 + index),
        // They compress for nginx, which keeps the compressed copy (deploy/nginx/storefront.conf.template).
        COMPRESS_RESPONSES: 'true',
      });
      expect(instance.metricsUrl).toBe(`http://127.0.0.1:${9101 + index}/metrics`);
    }
  });

  it('takes other ports and folders from the settings, and refuses a single instance or a bad port', () => {
    const moved = clusterLayout({ root: '/repo', env: { ...env, CLUSTER_PORT: '9080', CLUSTER_DATA_DIR: '/data/cluster' }, overrides: { CLUSTER_WEB_PORTS: '4001, 4002, 4003' } });
    expect(moved.siteUrl).toBe('http://127.0.0.1:9080');
    expect(moved.dataDir).toBe('/data/cluster');
    expect(moved.instances.map((instance) => instance.name)).toEqual(['web-1', 'web-2', 'web-3']);
    expect(moved.instances.map((instance) => instance.env.METRICS_PORT)).toEqual(['9101', '9102', '9103']);
    const metricsMoved = clusterLayout({ root: '/repo', env: { ...env, CLUSTER_METRICS_PORTS: '7001,7002' } });
    expect(metricsMoved.instances.map((instance) => instance.metricsUrl)).toEqual(['http://127.0.0.1:7001/metrics', 'http://127.0.0.1:7002/metrics']);
    expect(() => clusterLayout({ root: '/repo', env: { ...env, CLUSTER_METRICS_PORTS: '7001' } })).toThrow(/one port per storefront instance/);
    expect(() => clusterLayout({ root: '/repo', env: { ...env, CLUSTER_WEB_PORTS: '4001' } })).toThrow(/at least two/);
    expect(() => clusterLayout({ root: '/repo', env: { ...env, CLUSTER_PORT: 'eighty' } })).toThrow(/CLUSTER_PORT must be a port number/);
  });
});

describe('the nginx configuration', () => {
  it('fills the deployment template with the cluster’s values, leaving nginx’s own variables alone', () => {
    const config = nginxConfig({ dir: '/data/nginx', listen: '127.0.0.1:8080', upstreams: ['127.0.0.1:3101', '127.0.0.1:3102'] });
    expect(config).toContain('listen 127.0.0.1:8080;');
    expect(config).toContain('server 127.0.0.1:3101 max_fails=1 fail_timeout=5s;');
    expect(config).toContain('server 127.0.0.1:3102 max_fails=1 fail_timeout=5s;');
    expect(config).toContain('proxy_cache_path /data/nginx/cache ');
    expect(config).toContain('pid /data/nginx/nginx.pid;');
    expect(config).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    // The request's id goes to the instances and back to the client, never an instance's own (a cached one).
    expect(config).toContain('proxy_set_header X-Request-Id $request_id;');
    expect(config).toContain('proxy_hide_header X-Request-Id;');
    expect(config).toContain('add_header X-Request-Id $request_id always;');
    expect(config).toContain('access_log off;');
    expect(config).not.toMatch(/\$\{/);
  });

  it('writes the access log as JSON lines with the request id when asked', () => {
    const config = nginxConfig({ dir: '/data/nginx', listen: '127.0.0.1:8080', upstreams: ['127.0.0.1:3101', '127.0.0.1:3102'], accessLog: true });
    expect(config).toContain('access_log /data/nginx/access.log storefront_access;');
    expect(config).toMatch(/log_format storefront_access escape=json '\{"time":"\$time_iso8601","name":"nginx","reqId":"\$request_id",/);
  });

  it('keeps a copy of a page per compression class, compressed by an instance once, and never compresses itself', () => {
    const config = nginxConfig({ dir: '/data/nginx', listen: '127.0.0.1:8080', upstreams: ['127.0.0.1:3101', '127.0.0.1:3102'] });
    // The instance is asked for gzip or for nothing, by the client's class, and the class is in the key.
    expect(config).toContain('proxy_set_header Accept-Encoding $storefront_accept_encoding;');
    const key = /proxy_cache_key "([^"]+)";/.exec(config)?.[1] ?? '';
    expect(key).toMatch(/^\$scheme\$host\$request_uri\|/);
    expect(key).toContain('$storefront_accept_encoding');
    // nginx no longer reads Vary, so what Next's answers vary on is in the key instead.
    expect(config).toContain('proxy_ignore_headers Vary;');
    for (const header of ['$http_rsc', '$http_next_router_prefetch', '$http_next_router_segment_prefetch', '$http_next_router_state_tree']) expect(key).toContain(header);
    expect(config).not.toMatch(/^\s*gzip\s+on;/m);
    expect(config).not.toMatch(/^\s*gunzip\s/m);
  });

  it('sorts what a client accepts into gzip or uncompressed, a zero quality refusing gzip', () => {
    // The map's regular expressions, tried in order as nginx does (~* = case-insensitive; PCRE and JavaScript read
    // these alike).
    const template = readFileSync(NGINX_TEMPLATE, 'utf8');
    const map = /map \$http_accept_encoding \$storefront_accept_encoding \{\n([\s\S]*?)\n\}/.exec(template)?.[1] ?? '';
    const rules = [...map.matchAll(/^\s*"~\*(.+)"\s+(\S+);$/gm)].map(([, pattern, value]) => ({ pattern: new RegExp(pattern, 'i'), value: value === '""' ? '' : value }));
    expect(map).toMatch(/^\s*default\s+"";$/m);
    expect(rules).toHaveLength(2);
    const classOf = (acceptEncoding) => rules.find((rule) => rule.pattern.test(acceptEncoding))?.value ?? '';
    for (const browser of ['gzip, deflate, br, zstd', 'gzip, deflate, br', 'gzip, deflate', 'gzip', 'GZIP', 'br;q=1.0, gzip;q=0.8, *;q=0.1', 'deflate,gzip', 'gzip;q=0.5', 'gzip; q=1', 'identity, gzip']) {
      expect(classOf(browser), browser).toBe('gzip');
    }
    for (const other of ['', 'identity', 'br', 'br, zstd', 'deflate', '*', 'x-gzip', 'gzipper', 'gzip;q=0', 'gzip; q=0.000', 'br, gzip;q=0', 'gzip;q=0, br', 'GZIP;Q=0']) {
      expect(classOf(other), other).toBe('');
    }
  });

  it('names a template value it was not given', () => {
    expect(() => renderTemplate('listen ${NGINX_LISTEN};', {})).toThrow('no value for ${NGINX_LISTEN}');
    // Every value the template uses is one the cluster fills in.
    const names = [...readFileSync(NGINX_TEMPLATE, 'utf8').matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((match) => match[1]);
    expect(new Set(names)).toEqual(new Set(['NGINX_LISTEN', 'NGINX_CACHE_DIR', 'STOREFRONT_SERVERS', 'NGINX_ACCESS_LOG']));
  });
});

describe('the storefront image', () => {
  it('starts the server with the options every local start passes (async context frames)', async () => {
    const { STOREFRONT_NODE_OPTIONS } = await import('./web-server.mjs');
    const dockerfile = readFileSync(new URL('../../deploy/web.Dockerfile', import.meta.url), 'utf8');
    const command = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]');
    expect(STOREFRONT_NODE_OPTIONS).toContain('--experimental-async-context-frame');
    expect(command).toEqual(['node', ...STOREFRONT_NODE_OPTIONS, '/app/apps/web/server.mjs', '--hostname', '0.0.0.0', '--port', '3000']);
  });
});
