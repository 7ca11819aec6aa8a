import { expect, test, type Page } from '@playwright/test';
import { SPANISH } from './helpers';

// An open page meets a new build: the next navigation is a full page load (of the new build); a chunk that fails to
// load reloads the route the renter was going to, at most once in ten seconds.

test.use(SPANISH);

const FLEET_LINK = { name: 'Flota', exact: true } as const;

/** Marks the loaded document: a full page load forgets the mark, a client-side navigation keeps it. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });
}

const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test('the servers answer which build they run, never from a cache', async ({ request }) => {
  const response = await request.get(`/builds/latest.json?${Date.now()}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('no-store');
  expect(((await response.json()) as { id: unknown }).id).toEqual(expect.any(String));
});

test('on the same build, links navigate inside the page', async ({ page }) => {
  await page.goto('/');
  await markDocument(page);
  await page.getByRole('banner').getByRole('link', FLEET_LINK).click();
  await expect(page).toHaveURL(/\/flota$/);
  expect(await sameDocument(page)).toBe(true);
});

test('once a new build is out, the next navigation is a full page load', async ({ page }) => {
  let asked = 0;
  await page.route('**/builds/latest.json?*', async (route) => {
    asked += 1;
    await route.fulfill({ json: { id: 'a-newer-build' } });
  });
  await page.goto('/');
  await expect.poll(() => asked).toBeGreaterThan(0);
  await markDocument(page);
  await page.getByRole('banner').getByRole('link', FLEET_LINK).click();
  await expect(page).toHaveURL(/\/flota$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await sameDocument(page)).toBe(false);
});

test('a chunk that fails to load reloads the target route, and only once in ten seconds', async ({ page }) => {
  await page.goto('/');
  await markDocument(page);
  // From now on every new piece of code fails to load, as when a deploy removed the old build's files.
  let refused = 0;
  await page.route('**/_next/static/chunks/**', async (route) => {
    refused += 1;
    await route.abort();
  });
  let documents = 0;
  page.on('request', (request) => {
    if (request.resourceType() === 'document') documents += 1;
  });
  await page.getByRole('banner').getByRole('link', { name: 'Sucursales', exact: true }).click();
  await expect(page).toHaveURL(/\/sucursales$/);
  // Asked again until the reload is over (while the page is being replaced, the question cannot be answered).
  await expect.poll(() => sameDocument(page).catch(() => true)).toBe(false);
  expect(refused).toBeGreaterThan(0);
  // The reloaded page still cannot load its code: it is not reloaded again and again.
  await page.waitForTimeout(3000);
  expect(documents).toBeLessThanOrEqual(2);
});
