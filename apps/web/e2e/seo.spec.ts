import { expect, test } from '@playwright/test';
import { SPANISH } from './helpers';

test.use(SPANISH);

test('the sitemap lists every public page in both languages with hreflang alternates', async ({ request, baseURL }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  const xml = await response.text();
  for (const path of ['', '/flota', '/sucursales', '/promos', '/jobs', '/info/terminos-y-condiciones', '/info/preguntas-frecuentes']) {
    expect(xml).toContain(`<loc>${baseURL}${path || '/'}</loc>`);
    expect(xml).toContain(`<loc>${baseURL}/en${path}</loc>`);
  }
  expect(xml).toContain('hreflang="es-ES"');
  expect(xml).toContain('hreflang="en-US"');
  expect(xml).not.toContain('pagina-en-borrador');
});

test('pages carry canonical and hreflang links', async ({ page, baseURL }) => {
  for (const [path, canonical] of [
    ['/', '/'],
    ['/flota', '/flota'],
    ['/es/flota', '/flota'],
    // Last: visiting English remembers it, and unprefixed paths would then redirect.
    ['/en/flota', '/en/flota'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${canonical}`);
    await expect(page.locator('link[rel="alternate"][hreflang="en-US"]')).toHaveAttribute('href', `${baseURL}${path === '/' ? '/en' : '/en/flota'}`);
  }
});

test('the title is the site name followed by Rent a Car', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Firefly Rent a Car');
  await page.goto('/flota');
  await expect(page).toHaveTitle('Nuestra flota | Firefly Rent a Car');
  await page.goto('/en/flota');
  await expect(page).toHaveTitle('Our fleet | Firefly Rent a Car');
});

test('page views reach the tag manager dataLayer on load and on every route change', async ({ page }) => {
  await page.goto('/');
  await expect.poll(() => page.evaluate(() => JSON.stringify(window.dataLayer ?? []))).toContain('"event":"content-view"');
  await page.getByRole('navigation', { name: 'Navegación principal' }).first().getByRole('link', { name: 'Flota' }).click();
  await expect(page).toHaveURL(/\/flota$/);
  // One dataLayer holds both views: the route changed in the page, without a reload.
  await expect
    .poll(() => page.evaluate(() => ((window.dataLayer ?? []) as { event?: string }[]).filter((entry) => entry.event === 'content-view')))
    .toEqual([
      { event: 'content-view', name: 'index', path: '/' },
      { event: 'content-view', name: 'flota', path: '/flota' },
    ]);
});

test('nothing a page loads comes from outside 127.0.0.1', async ({ page }) => {
  const outside: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['http:', 'https:'].includes(url.protocol)) return;
    if (url.hostname !== '127.0.0.1') outside.push(request.url());
  });
  for (const path of ['/', '/flota', '/en/sucursales', '/info/preguntas-frecuentes']) {
    await page.goto(path, { waitUntil: 'networkidle' });
  }
  expect(outside).toEqual([]);
});
