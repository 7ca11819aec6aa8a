import { expect, test } from '@playwright/test';
import { ENGLISH, seriousViolations, SPANISH } from './helpers';

// The seed's branches: 12 in all, three in Chiriquí (DAV, DVC, BOQ), one in Veraguas (STG); Tocumen (PTY) is open
// round the clock, Obarrio (OBA) on Sunday 09:00–13:00, Costa del Este (CDE) and David Centro (DVC) not on Sunday.

/** Sunday 22 June 2025, 12:58 in Panama (UTC-5): 17:58 UTC, and already Monday in Tokyo. */
/** Saturday 21 June 2025, 18:00 in Panama. */
const SATURDAY_18_00_IN_PANAMA = new Date('2025-06-21T23:00:00Z');


test.describe('branches in Spanish', () => {
  test.use(SPANISH);

  test('@phone the province filter lives in the URL: a link, the back and forward buttons, a reload', async ({ page }) => {
    await page.goto('/sucursales');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sucursales');
    const filter = page.getByRole('navigation', { name: 'Provincia' });
    await expect(filter.getByRole('link', { name: 'Todas las provincias' })).toHaveAttribute('aria-current', 'true');
    await expect(page.getByTestId('branch')).toHaveCount(12);
    await expect(page.getByTestId('branch-count')).toHaveText('12 sucursales');

    await filter.getByRole('link', { name: 'Chiriquí' }).click();
    await expect(page).toHaveURL(/\/sucursales\/provincia\/chiriqui$/);
    await expect(filter.getByRole('link', { name: 'Chiriquí' })).toHaveAttribute('aria-current', 'true');
    await expect(filter.getByRole('link', { name: 'Todas las provincias' })).not.toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sucursales en Chiriquí');
    await expect(page.getByTestId('branch-count')).toHaveText('3 sucursales en Chiriquí');
    await expect(page.getByTestId('branch')).toHaveCount(3);
    for (const branch of await page.getByTestId('branch').all()) await expect(branch).toContainText('Chiriquí');
    await expect(page).toHaveTitle(/^Sucursales en Chiriquí \| /);

    await page.goBack();
    await expect(page).toHaveURL(/\/sucursales$/);
    await expect(page.getByTestId('branch')).toHaveCount(12);
    await page.goForward();
    await expect(page).toHaveURL(/\/sucursales\/provincia\/chiriqui$/);
    await expect(page.getByTestId('branch')).toHaveCount(3);
    await page.reload();
    await expect(page.getByTestId('branch')).toHaveCount(3);

    await filter.getByRole('link', { name: 'Todas las provincias' }).click();
    await expect(page).toHaveURL(/\/sucursales$/);
    await expect(page.getByTestId('branch')).toHaveCount(12);

    // Phone-sized: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });

  test('a province typed in the URL works without JavaScript, with and without /es, and carries over to English', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ ...SPANISH, javaScriptEnabled: false });
    const page = await context.newPage();
    // Last the canonical form, whose language switcher is checked below.
    for (const path of ['/sucursales/provincia/Veraguas', '/es/sucursales/provincia/veraguas', '/sucursales/provincia/veraguas']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByTestId('branch'), path).toHaveCount(1);
      await expect(page.locator('#STG'), path).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Provincia' }).getByRole('link', { name: 'Veraguas' }), path).toHaveAttribute('aria-current', 'true');
      await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', `${baseURL}/sucursales/provincia/veraguas`);
      await expect(page.locator('link[rel="alternate"][hreflang="en-US"]'), path).toHaveAttribute('href', `${baseURL}/en/sucursales/provincia/veraguas`);
    }
    await expect(page.locator('header a[hreflang="en"]').first()).toHaveAttribute('href', '/en/sucursales/provincia/veraguas');
    // The cached HTML says nothing about whether a branch with hours is open now: its weekly hours are there instead.
    await expect(page.locator('#STG').getByTestId('open-now')).toHaveAttribute('data-state', 'pending');
    await expect(page.locator('#STG').getByTestId('open-now')).toHaveText('');
    await expect(page.locator('#STG')).toContainText('07:30–17:30');
    // Following a filter link needs no JavaScript either.
    await page.getByRole('navigation', { name: 'Provincia' }).getByRole('link', { name: 'Todas las provincias' }).click();
    await expect(page).toHaveURL(/\/sucursales$/);
    await expect(page.getByTestId('branch')).toHaveCount(12);
    // A branch open round the clock is open at any moment: that much the cached HTML can say.
    await expect(page.locator('#PTY').getByTestId('open-now')).toHaveText('Abierto ahora, las 24 horas, todos los días');
    await context.close();
  });

  test('a province without branches shows every branch and says so; a path that is no filter is a 404', async ({ page }) => {
    const response = await page.goto('/sucursales/provincia/darien');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('unknown-province')).toHaveText('No tenemos sucursales en esa provincia. Estas son todas nuestras sucursales.');
    await expect(page.getByTestId('branch')).toHaveCount(12);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('navigation', { name: 'Provincia' }).getByRole('link', { name: 'Todas las provincias' })).toHaveAttribute('href', '/sucursales');

    for (const path of ['/sucursales/otra/cosa', '/sucursales/provincia', '/sucursales/provincia/chiriqui/david', '/sucursales/provincia/%25%25']) {
      const missing = await page.goto(path);
      expect(missing?.status(), path).toBe(404);
    }
  });

  test('every filtered page is a cached page', async ({ request }) => {
    for (const path of ['/es/sucursales', '/es/sucursales/provincia/chiriqui', '/en/sucursales/provincia/chiriqui', '/es/sucursales/provincia/darien']) {
      await request.get(path);
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['cache-control'], path).toBe('s-maxage=60, stale-while-revalidate=300');
      // Rendered once, then served from the full-route cache: never rendered per request.
      expect(response.headers()['x-nextjs-cache'], path).toMatch(/^(HIT|STALE)$/);
    }
  });

  test('@phone each branch’s section is reachable by a link, below the sticky header, and keyboard focus continues there', async ({ page }) => {
    await page.goto('/sucursales');
    const index = page.getByRole('navigation', { name: 'Ir a una sucursal' });
    await expect(index.getByRole('link')).toHaveCount(12);
    await expect(index.getByRole('link', { name: 'Boquete' })).toHaveAttribute('href', '#BOQ');

    await index.getByRole('link', { name: 'Boquete' }).click();
    await expect(page).toHaveURL(/\/sucursales#BOQ$/);
    const section = page.locator('#BOQ');
    const heading = section.getByRole('heading', { level: 2, name: 'Boquete' });
    await expect(heading).toBeInViewport();
    const headerBox = await page.locator('header').first().boundingBox();
    const headingBox = await heading.boundingBox();
    expect(headingBox?.y ?? 0).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0));
    await page.keyboard.press('Tab');
    await expect(section.getByTestId('map-link')).toBeFocused();

    // The same anchors work from another page, and inside a filtered list.
    await page.goto('/sucursales#COL');
    await expect(page.locator('#COL').getByRole('heading', { level: 2, name: 'Colón' })).toBeInViewport();
    await page.goto('/sucursales/provincia/chiriqui');
    await expect(index.getByRole('link')).toHaveCount(3);
    await index.getByRole('link', { name: 'David Centro' }).click();
    await expect(page).toHaveURL(/\/sucursales\/provincia\/chiriqui#DVC$/);
    await expect(page.locator('#DVC').getByRole('heading', { level: 2 })).toBeInViewport();
  });

  test('each branch shows its address, phone, kind and a map link that opens in a new tab', async ({ page }) => {
    await page.goto('/sucursales');
    const tocumen = page.locator('#PTY');
    await expect(tocumen.getByTestId('branch-kind')).toHaveText('Aeropuerto · PTY');
    await expect(page.locator('#OBA').getByTestId('branch-kind')).toHaveText('En la ciudad · OBA');
    await expect(tocumen).toContainText('Aeropuerto Internacional de Tocumen');
    await expect(tocumen.getByRole('link', { name: '+507 238-4100' })).toHaveAttribute('href', 'tel:+5072384100');
    const map = tocumen.getByRole('link', { name: 'Ver la sucursal Aeropuerto de Tocumen (PTY) en el mapa (se abre en otra pestaña)' });
    await expect(map).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=9.0714%2C-79.3835');
    await expect(map).toHaveAttribute('target', '_blank');
    await expect(map).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('@phone open now is answered in Panama time whatever the visitor’s time zone', async ({ browser }) => {
    // The badge's minute-by-minute logic is unit-tested (open-now.test.tsx, opening-status.test.ts); here, that the
    // browser computes it after the cached HTML, in Panama time, from a visitor far away.
    const context = await browser.newContext({ ...SPANISH, timezoneId: 'Asia/Tokyo' });
    const page = await context.newPage();
    await page.goto('/sucursales');
    const badge = (code: string) => page.locator(`#${code}`).getByTestId('open-now');
    await expect(badge('OBA')).toHaveAttribute('data-state', /^(open|closed)$/);
    await expect(badge('OBA')).toHaveText(/^(Abierto ahora, cierra|Cerrado ahora, abre)/);
    await expect(badge('PTY')).toHaveText('Abierto ahora, las 24 horas, todos los días');
    const panamaNow = await page.evaluate(() => new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Panama', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date()));
    // Obarrio: Monday to Friday 07:00-19:00, Saturday 08:00-16:00, Sunday 09:00-13:00 (the seed).
    const [weekday = '', time = ''] = panamaNow.split(' ');
    const hours: Record<string, [string, string]> = { Sat: ['08:00', '16:00'], Sun: ['09:00', '13:00'] };
    const [open, close] = hours[weekday] ?? ['07:00', '19:00'];
    await expect(badge('OBA')).toHaveAttribute('data-state', time >= open && time < close ? 'open' : 'closed');
    await context.close();
  });

  test('no serious accessibility violations, filtered or not', async ({ page }) => {
    test.setTimeout(90_000);
    for (const path of ['/sucursales', '/sucursales/provincia/chiriqui', '/sucursales/provincia/darien']) {
      await page.goto(path);
      await expect(page.locator('[data-testid="open-now"][data-state="pending"]')).toHaveCount(0);
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});

test.describe('branches in English', () => {
  test.use(ENGLISH);

  test('@phone the English page: filter in the URL, open-now badge and map link translated', async ({ page, baseURL }) => {
    await page.clock.install({ time: SATURDAY_18_00_IN_PANAMA });
    await page.goto('/en/sucursales');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Branches');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/en/sucursales`);
    await expect(page.locator('#DVC').getByTestId('open-now')).toHaveText('Closed now, opens Monday at 07:00');
    await expect(page.locator('#OBA').getByTestId('open-now')).toHaveText('Closed now, opens tomorrow at 09:00');
    await expect(page.locator('#PTY').getByTestId('branch-kind')).toHaveText('Airport · PTY');
    await expect(page.locator('#OBA').getByTestId('branch-kind')).toHaveText('In town · OBA');
    const map = page.locator('#DVC').getByRole('link', { name: 'View the David city centre branch on the map (opens in a new tab)' });
    await expect(map).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=8.4274%2C-82.43');
    await expect(map).toHaveAttribute('target', '_blank');

    const filter = page.getByRole('navigation', { name: 'Province' });
    await filter.getByRole('link', { name: 'Chiriquí' }).click();
    await expect(page).toHaveURL(/\/en\/sucursales\/provincia\/chiriqui$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Branches in Chiriquí');
    await expect(page.getByTestId('branch-count')).toHaveText('3 branches in Chiriquí');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/en/sucursales/provincia/chiriqui`);
    await expect(page.locator('link[rel="alternate"][hreflang="es-ES"]')).toHaveAttribute('href', `${baseURL}/sucursales/provincia/chiriqui`);
    await page.getByRole('navigation', { name: 'Go to a branch' }).getByRole('link', { name: 'Boquete' }).click();
    await expect(page).toHaveURL(/\/en\/sucursales\/provincia\/chiriqui#BOQ$/);
    await page.goBack();
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/sucursales$/);
    await expect(page.getByTestId('branch')).toHaveCount(12);
    expect(await seriousViolations(page), '/en/sucursales').toEqual([]);
  });
});
