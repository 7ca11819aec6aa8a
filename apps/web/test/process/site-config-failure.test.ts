// A site-config failure is fatal for the page (spec: "[Site Config Error] ...", status 500), seen over HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneBuild, startFakeServer, startStorefront, storefrontEnv, type StorefrontProcess } from './storefront-process';

const CONTENT_FAULT = 'database is locked (injected by the test)';

describe('a storefront whose content service fails the site config', () => {
  const build = cloneBuild('site-config-failure');
  let content: Awaited<ReturnType<typeof startFakeServer>>;
  let storefront: StorefrontProcess;
  const requested: string[] = [];

  beforeAll(async () => {
    content = await startFakeServer((request, response) => {
      requested.push(request.url ?? '');
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ errors: [{ message: CONTENT_FAULT, extensions: { code: 'INTERNAL' } }] }));
    });
    storefront = await startStorefront(build.distDir, storefrontEnv(content.url));
  });

  afterAll(async () => {
    await storefront?.stop();
    await content?.stop();
    build.remove();
  });

  it('answers 500 on every page form and logs [Site Config Error] with the reason', async () => {
    for (const path of ['/', '/en', '/es/flota']) {
      const response = await fetch(`${storefront.url}${path}`);
      expect(response.status, path).toBe(500);
      // The reason is for the log, never for the visitor.
      expect(await response.text(), path).not.toContain(CONTENT_FAULT);
    }
    expect(requested.some((url) => url.startsWith('/items/sites_config'))).toBe(true);
    await expect.poll(() => storefront.output()).toMatch(/\[Site Config Error\] GET \/items\/sites_config \(brand firefly\) failed: 500 Internal Server Error/);
  });

  it('asks for nothing else before the site config (loading order: site config, then fleet)', () => {
    expect(requested.length).toBeGreaterThan(0);
    expect(requested.every((url) => url.startsWith('/items/sites_config'))).toBe(true);
  });
});
