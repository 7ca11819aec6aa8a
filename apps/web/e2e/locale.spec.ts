import { expect, test } from '@playwright/test';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

test.describe('locale choice', () => {
  test('a Spanish browser stays on unprefixed Spanish pages', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    const response = await page.goto('/flota');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/flota$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await context.close();
  });

  test('an English browser is sent to the English page and it is remembered', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/flota');
    await expect(page).toHaveURL(/\/en\/flota$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const cookies = await context.cookies();
    const remembered = cookies.find((cookie) => cookie.name === 'i18n_redirected');
    expect(remembered?.value).toBe('en');
    expect(cookies.find((cookie) => cookie.name === 'language')?.value).toBe('en');
    const lifetime = (remembered?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(YEAR_SECONDS - 120);
    expect(lifetime).toBeLessThanOrEqual(YEAR_SECONDS + 5);
    await context.close();
  });

  test('switching language is remembered over the browser language', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto('/en/sucursales');
    await page.getByRole('link', { name: /View the site in Spanish/ }).click();
    await expect(page).toHaveURL(/\/es\/sucursales$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect((await context.cookies()).find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('es');
    await page.goto('/sucursales');
    await expect(page).toHaveURL(/\/sucursales$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByRole('link', { name: /Ver el sitio en inglés/ }).click();
    await expect(page).toHaveURL(/\/en\/sucursales$/);
    await page.goto('/promos');
    await expect(page).toHaveURL(/\/en\/promos$/);
    await context.close();
  });

  test('a page opened by its /en address (a link from a search engine) is remembered by the browser', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    const response = await page.goto('/en/flota');
    // One copy of the page for every visitor: the language is written by the page, not by the answer.
    expect(await response?.headerValue('set-cookie')).toBeNull();
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'i18n_redirected')?.value).toBe('en');
    const remembered = (await context.cookies()).find((cookie) => cookie.name === 'i18n_redirected');
    expect((remembered?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(YEAR_SECONDS - 120);
    expect((await context.cookies()).find((cookie) => cookie.name === 'language')?.value).toBe('en');
    await page.goto('/sucursales');
    await expect(page).toHaveURL(/\/en\/sucursales$/);
    await context.close();
  });
});
