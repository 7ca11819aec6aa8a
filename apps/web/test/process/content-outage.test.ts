// At steady state a page view makes no content-service call, and with the content service stopped the cached pages
// keep answering 200 with their content. A content service of its own (fresh temporary database), reached through a
// counting proxy, and a storefront of its own, so stopping it disturbs no other test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCountingProxy, type CountingProxy } from '../../../../scripts/lib/counting-proxy.mjs';
import { cloneBuild, freePort, startOwnContentService, startStorefront, storefrontEnv, type StorefrontProcess } from './storefront-process';

const PAGES = ['/', '/en', '/es/flota', '/en/flota', '/info/preguntas-frecuentes', '/en/info/preguntas-frecuentes', '/sucursales', '/promos', '/jobs'];

describe('content-service calls and outage', () => {
  const build = cloneBuild('content-outage');
  let content: Awaited<ReturnType<typeof startOwnContentService>> | undefined;
  let proxy: CountingProxy;
  let storefront: StorefrontProcess;

  beforeAll(async () => {
    content = await startOwnContentService();
    proxy = await startCountingProxy({ host: '127.0.0.1', port: await freePort(), target: content.service.url });
    storefront = await startStorefront(build.distDir, storefrontEnv(proxy.url));
  });

  afterAll(async () => {
    await storefront?.stop();
    await proxy?.stop();
    await content?.stop();
    build.remove();
  });

  const pageTexts = new Map<string, string>();

  it('reads the content service to render pages the first time', async () => {
    proxy.phase('first views');
    for (const path of PAGES) {
      const response = await fetch(`${storefront.url}${path}`);
      expect(response.status, path).toBe(200);
      pageTexts.set(path, await response.text());
    }
    expect(proxy.count('first views')).toBeGreaterThan(0);
  });

  it('makes no content-service call for page views at steady state', async () => {
    proxy.phase('steady state');
    for (let round = 0; round < 3; round += 1) {
      for (const path of PAGES) expect((await fetch(`${storefront.url}${path}`)).status, path).toBe(200);
    }
    expect(proxy.samples('steady state')).toEqual([]);
    expect(proxy.count('steady state')).toBe(0);
  });

  it('keeps answering 200 with the same content while the content service is stopped', async () => {
    await content?.stop();
    content = undefined;
    proxy.phase('content service stopped');
    for (const path of PAGES) {
      const response = await fetch(`${storefront.url}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      const title = /<h1[^>]*>(.*?)<\/h1>/s.exec(pageTexts.get(path) ?? '')?.[1];
      expect(title, `${path} has a heading`).toBeTruthy();
      expect(html, path).toContain(title);
    }
    expect(proxy.count('content service stopped')).toBe(0);
  });
});
