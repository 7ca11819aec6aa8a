import { expect, test } from '@playwright/test';
import { OPEN_ROUTES, SPANISH, threeForms } from './helpers';

test.use(SPANISH);

test.describe('every open route answers in its three forms', () => {
  for (const route of OPEN_ROUTES) {
    for (const { path, lang } of threeForms(route)) {
      test(`${path} is served in ${lang}`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        expect(new URL(page.url()).pathname).toBe(path);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page).toHaveTitle(/Firefly Rent a Car/);
        await expect(page.locator('h1').first()).toBeVisible();
      });
    }
  }
});

test.describe('guarded routes reject without their data', () => {
  const guarded = ['/reserva', '/reserva/thanks', '/reserva/checkout', '/precheckin/verify', '/precheckin/checkout', '/precheckin/thanks'];
  for (const route of guarded) {
    for (const { path, lang } of threeForms(route)) {
      test(`${path} shows Page Not Found`, async ({ page }) => {
        const response = await page.goto(path);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? '404 - Page not found' : '404 - Página no encontrada');
        await expect(page.getByTestId('error-message')).toHaveText(lang === 'en' ? `Page Not Found: ${path}` : `Página no encontrada: ${path}`);
      });
    }
  }

  test('the pre-check-in start page opens when the brand enables the module', async ({ page }) => {
    const response = await page.goto('/precheckin');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pre-check-in en línea');
  });
});

test.describe('not found', () => {
  test('an unknown page shows the 404 screen with status 404 and the path', async ({ page }) => {
    const response = await page.goto('/no-existe/para-nada');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Página no encontrada');
    await expect(page.getByText('Lo sentimos, la página que buscas no existe.')).toBeVisible();
    await expect(page.getByTestId('error-message')).toHaveText('Página no encontrada: /no-existe/para-nada');
    const back = page.getByRole('link', { name: 'Volver al inicio' });
    await expect(back).toHaveAttribute('href', '/');
    await expect(page.getByRole('img', { name: 'Firefly' })).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('in English the 404 screen is translated and links home in English', async ({ page }) => {
    const response = await page.goto('/en/does-not-exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('404 - Page not found');
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /en/does-not-exist');
    await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/en');
  });

  test('a missing info page is a 404 saying Pagina no encontrada', async ({ page }) => {
    const response = await page.goto('/info/no-existe');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText('Pagina no encontrada');
  });

  test('an address that cannot be decoded is an unknown page, named as typed, in both languages', async ({ page }) => {
    const response = await page.goto('/flota/%ff');
    expect(response?.status()).toBe(404);
    expect(new URL(page.url()).pathname).toBe('/flota/%25ff');
    await expect(page.getByTestId('error-message')).toHaveText('Página no encontrada: /flota/%ff');

    const english = await page.goto('/en/ofertas/100%-off');
    expect(english?.status()).toBe(404);
    await expect(page.getByTestId('error-message')).toHaveText('Page Not Found: /en/ofertas/100%-off');
  });

  test('the API and the assets answer an address that cannot be decoded with a 400 and its reason', async ({ request }) => {
    const lookup = await request.get('/api/reservations/%E0%A4%A?email=ana@example.com', { headers: { 'Accept-Language': 'en' } });
    expect(lookup.status()).toBe(400);
    expect(await lookup.json()).toEqual({
      errors: [{ field: 'path', code: 'malformed_address', message: expect.stringContaining('This address cannot be read') }],
    });
    const cancel = await request.post('/api/reservations/%ff/cancel', { data: { email: 'ana@example.com' } });
    expect(cancel.status()).toBe(400);
    expect(await cancel.json()).toEqual({
      errors: [{ field: 'path', code: 'malformed_address', message: expect.stringContaining('Esta dirección no se puede leer') }],
    });
    const asset = await request.get('/_next/static/%ff.js');
    expect(asset.status()).toBe(400);
  });

  test("an API address no route answers is a 404 in the API's error shape, in both languages", async ({ request }) => {
    const spanish = await request.get('/api/no-such-thing');
    expect(spanish.status()).toBe(404);
    expect(await spanish.json()).toEqual({
      errors: [{ field: 'path', code: 'unknown_api_path', message: expect.stringContaining('No hay ninguna API en esta dirección') }],
    });
    // A multipart POST here once fell to the HTML "Page Not Found" and was taken for a server action: a 500.
    const english = await request.post('/api/payments/paypal', {
      headers: { 'Accept-Language': 'en', 'Content-Type': 'multipart/form-data; boundary=----x' },
      data: 'not a form',
    });
    expect(english.status()).toBe(404);
    expect(await english.json()).toEqual({
      errors: [{ field: 'path', code: 'unknown_api_path', message: expect.stringContaining('There is no API at this address') }],
    });
  });

  test('a server action whose body cannot be read is refused with a 400 and its reason, not a 500', async ({ request }) => {
    const form = await request.post('/flota', { headers: { 'Content-Type': 'multipart/form-data; boundary=----x' }, data: 'not a form' });
    expect(form.status()).toBe(400);
    expect(await form.text()).toContain('No se pudo leer esta solicitud');
    const action = await request.post('/en/reserva', {
      headers: { 'Accept-Language': 'en', 'Next-Action': '40d684a313caf19087f0dc8d3937e51e440741edb6', 'Content-Type': 'text/plain;charset=UTF-8' },
      data: 'null',
    });
    expect(action.status()).toBe(400);
    expect(await action.text()).toContain('This request could not be read');
  });

  test('a draft info page stays hidden', async ({ page }) => {
    const response = await page.goto('/info/pagina-en-borrador');
    expect(response?.status()).toBe(404);
  });
});

test.describe('terms and conditions', () => {
  test('any path with the terms text goes to the terms page', async ({ request }) => {
    for (const [from, to] of [
      ['/terminos-y-condiciones', '/info/terminos-y-condiciones'],
      ['/legal/terminos-y-condiciones', '/info/terminos-y-condiciones'],
      ['/es/terminos-y-condiciones', '/es/info/terminos-y-condiciones'],
      ['/en/terms-and-conditions', '/en/info/terminos-y-condiciones'],
    ] as const) {
      const response = await request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(308);
      expect(new URL(response.headers()['location'] ?? '', 'http://x').pathname, from).toBe(to);
    }
  });

  test('the terms page shows the terms in both languages', async ({ page }) => {
    await page.goto('/terminos-y-condiciones');
    await expect(page).toHaveURL(/\/info\/terminos-y-condiciones$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Términos');
    await page.goto('/en/info/terminos-y-condiciones');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Terms');
  });
});
