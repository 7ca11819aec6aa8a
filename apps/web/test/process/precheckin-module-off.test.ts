// A brand whose site config turns online pre-check-in off (thrifty in the seed): every pre-check-in page is
// 'Page Not Found', in both languages, the upload endpoint refuses, and the header offers no link to it. The same
// build as the other brands, started with BRAND=thrifty against the harness's content service.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneBuild, requireEnv, startStorefront, storefrontEnv, type StorefrontProcess } from './storefront-process';

describe('a brand with pre-check-in off', () => {
  const build = cloneBuild('precheckin-off');
  let storefront: StorefrontProcess;

  beforeAll(async () => {
    storefront = await startStorefront(build.distDir, { ...storefrontEnv(requireEnv('CONTENT_URL')), BRAND: 'thrifty' });
  });

  afterAll(async () => {
    await storefront?.stop();
    build.remove();
  });

  it('answers Page Not Found on every pre-check-in page, in Spanish and in English', async () => {
    for (const path of ['/precheckin', '/es/precheckin', '/en/precheckin', '/precheckin/verify', '/precheckin/checkout', '/precheckin/thanks', '/precheckin/preferences', '/en/precheckin/preferences']) {
      const response = await fetch(`${storefront.url}${path}`, { headers: { 'accept-language': 'es-ES' }, redirect: 'manual' });
      expect(response.status, path).toBe(404);
      const page = await response.text();
      expect(page, path).toContain(path.startsWith('/en') ? '404 - Page not found' : '404 - Página no encontrada');
    }
  });

  it('refuses uploads and offers no pre-check-in link', async () => {
    const form = new FormData();
    form.set('kind', 'license');
    form.set('file', new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: 'image/jpeg' }), 'licence.jpg');
    const upload = await fetch(`${storefront.url}/api/precheckin/documents?locale=en`, { method: 'POST', body: form });
    expect(upload.status).toBe(401);
    const home = await (await fetch(`${storefront.url}/es/flota`)).text();
    expect(home).not.toContain('href="/precheckin"');
    expect(home).not.toContain('href="/es/precheckin"');
  });
});
