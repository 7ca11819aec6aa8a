import { expect, test, type Page, type Request } from '@playwright/test';
import { SPANISH } from './helpers';

// An open page meets a new build: the next navigation is a full page load (of the new build); a chunk that fails to
// load reloads the route the renter was going to, once per build and address.
//
// Every wait here is for something the page does (a request it sends, a document it loads, an attribute it sets),
// never for an amount of time: on a busy machine the page hydrates, asks and navigates late, and a test that assumed
// otherwise failed.

test.use(SPANISH);
// A bound on the whole test, not a wait: the chunk test loads two documents and waits for each to run its code, which
// on a loaded machine can take longer than the default 30 s.
test.describe.configure({ timeout: 60_000 });

const FLEET_LINK = { name: 'Flota', exact: true } as const;
const BRANCHES_LINK = { name: 'Sucursales', exact: true } as const;

/** Marks the loaded document: a full page load forgets the mark, a client-side navigation keeps it. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });
}

const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** A prefetch Next's Link sends once it is hydrated and in view: proof that a click on it is handled by the page. */
function isPrefetchOf(request: Request, pathname: string): boolean {
  const headers = request.headers();
  return new URL(request.url()).pathname === pathname && ('next-router-prefetch' in headers || 'next-router-segment-prefetch' in headers);
}

/** A request for a whole document (a full page load) of `pathname`. */
function isDocumentOf(request: Request, pathname: string): boolean {
  return request.isNavigationRequest() && request.resourceType() === 'document' && new URL(request.url()).pathname === pathname;
}

test('the servers answer which build they run, never from a cache', async ({ request }) => {
  const response = await request.get(`/builds/latest.json?${Date.now()}`);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('no-store');
  expect(((await response.json()) as { id: unknown }).id).toEqual(expect.any(String));
});

test('on the same build, links navigate inside the page', async ({ page }) => {
  const fleetLinkReady = page.waitForRequest((request) => isPrefetchOf(request, '/flota'));
  const buildAsked = page.waitForResponse((response) => new URL(response.url()).pathname === '/builds/latest.json');
  await page.goto('/');
  await fleetLinkReady;
  await buildAsked;
  await markDocument(page);
  await page.getByRole('banner').getByRole('link', FLEET_LINK).click();
  await expect(page).toHaveURL(/\/flota$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await sameDocument(page)).toBe(true);
});

test('once a new build is out, the next navigation is a full page load', async ({ page }) => {
  await page.route('**/builds/latest.json?*', (route) => route.fulfill({ json: { id: 'a-newer-build' } }));
  const fleetLinkReady = page.waitForRequest((request) => isPrefetchOf(request, '/flota'));
  const buildAsked = page.waitForResponse((response) => new URL(response.url()).pathname === '/builds/latest.json');
  await page.goto('/');
  await fleetLinkReady;
  await buildAsked;
  // The page has read the answer: from now on it leaves by a full load.
  await expect(page.locator('html')).toHaveAttribute('data-build-outdated');
  await markDocument(page);
  const fullLoad = page.waitForRequest((request) => isDocumentOf(request, '/flota'));
  await page.getByRole('banner').getByRole('link', FLEET_LINK).click();
  await fullLoad;
  await expect(page).toHaveURL(/\/flota$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await sameDocument(page)).toBe(false);
});

test('a chunk that fails to load reloads the target route, which then works', async ({ page }) => {
  // The branches page's code is not loaded ahead (its prefetch fails), so the click is the first to ask for it.
  let branchesLinkReady: () => void = () => {};
  const branchesLinkSeen = new Promise<void>((resolve) => (branchesLinkReady = resolve));
  await page.route('**/sucursales*', async (route) => {
    if (isPrefetchOf(route.request(), '/sucursales')) {
      branchesLinkReady();
      await route.abort();
    } else await route.continue();
  });
  // While `failing`, every piece of code the old page asks for fails to load, as when a deploy removed the old
  // build's files; the reloaded page (the new build, here the same one) loads its own.
  let failing = false;
  let refused = 0;
  await page.route('**/_next/static/chunks/**', async (route) => {
    if (failing) {
      refused += 1;
      await route.abort();
    } else await route.continue();
  });
  const documents: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.resourceType() === 'document') documents.push(new URL(request.url()).pathname);
  });

  await page.goto('/');
  await branchesLinkSeen;
  await markDocument(page);
  failing = true;
  const reload = page.waitForRequest((request) => isDocumentOf(request, '/sucursales'));
  await page.getByRole('banner').getByRole('link', BRANCHES_LINK).click();
  await reload;
  failing = false;
  // The reloaded page is a new document of the target route, and its own code runs (its links prefetch).
  await page.waitForRequest((request) => isPrefetchOf(request, '/flota'));
  await expect(page).toHaveURL(/\/sucursales$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await sameDocument(page)).toBe(false);
  expect(refused).toBeGreaterThan(0);
  expect(documents).toEqual(['/', '/sucursales']);
  // The reload was the page's own, for this address: a second failure there would show the error screen instead.
  const mark = await page.evaluate(() => window.sessionStorage.getItem('rentacar:chunk-reload'));
  expect(JSON.parse(mark ?? '[]')).toEqual([expect.any(String), new URL('/sucursales', page.url()).href]);
});
