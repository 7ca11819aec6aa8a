import { expect, test } from '@playwright/test';
import { ENGLISH, seriousViolations, SPANISH } from './helpers';

test.describe('landing page', () => {
  test.use(SPANISH);

  test('has the search form, featured cars, promotions, branches and the four brands in the footer @phone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Busca tu auto' })).toBeVisible();
    await expect(page.getByLabel('Sucursal de retiro')).toBeVisible();
    await expect(page.getByLabel('Fecha de retiro')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Autos destacados' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Promociones' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Nuestras sucursales' })).toBeVisible();
    const footer = page.locator('footer');
    for (const brand of ['Firefly', 'Hertz', 'Thrifty', 'Dollar']) await expect(footer.getByText(brand, { exact: true })).toBeVisible();
    await expect(footer.getByRole('heading', { name: 'Asistencia 24 horas' })).toBeVisible();
    // The numbers as Panama writes them; the links dial the number as stored.
    await expect(footer.getByRole('link', { name: 'Llamar al +507 302-1000' })).toHaveAttribute('href', 'tel:+5073021000');
    await expect(footer.getByRole('link', { name: 'WhatsApp +507 6200-1000' })).toHaveAttribute('href', 'https://wa.me/50762001000');
    await expect(page.locator('header a[href="tel:+5073021000"]')).toHaveText('+507 302-1000');
  });

  test('the search form takes the renter to the fleet with the chosen branch and dates', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Sucursal de retiro').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Ver autos disponibles' }).click();
    await expect(page).toHaveURL(/\/flota\?pickup_branch=[A-Z0-9]+/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nuestra flota');
  });

  test('every image has a text alternative and the page is keyboard usable', async ({ page }) => {
    await page.goto('/');
    const missingAlt = await page.locator('img:not([alt])').count();
    expect(missingAlt).toBe(0);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Saltar al contenido' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  test('the phone menu opens and leads to the fleet @phone-only', async ({ page }) => {
    await page.goto('/');
    await page.locator('header summary').click();
    await page.getByRole('link', { name: 'Flota' }).last().click();
    await expect(page).toHaveURL(/\/flota$/);
  });
});

test.describe('accessibility', () => {
  // Several pages, each analysed in full: more than one page's worth of time.
  test.describe.configure({ timeout: 120_000 });
  for (const [name, options, paths] of [
    ['es', SPANISH, ['/', '/flota', '/sucursales', '/info/terminos-y-condiciones', '/promos', '/jobs', '/no-existe']],
    ['en', ENGLISH, ['/en', '/en/flota']],
  ] as const) {
    test(`no serious or critical axe violations (${name})`, async ({ browser }) => {
      const context = await browser.newContext(options);
      const page = await context.newPage();
      for (const path of paths) {
        await page.goto(path);
        expect(await seriousViolations(page), path).toEqual([]);
      }
      await context.close();
    });
  }
});
