import { expect, test, type Page, type Request } from '@playwright/test';
import { SPANISH } from './helpers';

// The loading bar: a thin bar in the brand's colour at the top of the window while a client-side navigation takes a
// while, gone once the new page has arrived. The test holds the next page's data back until it has seen the bar, so
// nothing here depends on how fast the machine is. The bar has no text: one language is enough.

test.use(SPANISH);

/** A request for a route's page data (the React Server Components payload): a prefetch or the navigation's own. */
function isPageDataOf(request: Request, pathname: string): boolean {
  return new URL(request.url()).pathname === pathname && 'rsc' in request.headers();
}

/** The brand's primary colour as the browser computes it (`rgb(...)`), from the variable the layout sets on <html>. */
function brandColour(page: Page): Promise<string> {
  return page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = getComputedStyle(document.documentElement).getPropertyValue('--brand-primary').trim();
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });
}

test('a slow client-side navigation shows the bar in the brand colour until the new page has arrived', async ({ page }) => {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/flota*', async (route) => {
    if (isPageDataOf(route.request(), '/flota')) await released;
    await route.continue();
  });

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Busca tu auto' })).toBeVisible();
  // The bar's code arrives after the page has hydrated, and puts its style in the document: from then on it is ready.
  await expect(page.locator('head style[data-loading-bar]')).toBeAttached();
  const colour = await brandColour(page);
  expect(colour).toMatch(/^rgb/);

  await page.getByRole('banner').getByRole('link', { name: 'Flota', exact: true }).click();
  const bar = page.locator('.bprogress .bar');
  await expect(bar).toBeVisible();
  await expect(bar).toHaveCSS('background-color', colour);
  await expect(bar).toHaveCSS('height', '3px');
  // Still the landing page: the bar is what the renter sees while the fleet loads.
  await expect(page.getByRole('heading', { name: 'Busca tu auto' })).toBeVisible();

  release();
  await expect(page).toHaveURL(/\/flota$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuestra flota');
  await expect(page.locator('.bprogress')).toHaveCount(0);
});
