import { expect, test, type Page } from '@playwright/test';
import { ENGLISH, SPANISH } from './helpers';

/**
 * Records every Content-Security-Policy violation of the page: the browser's securitypolicyviolation events (an init
 * script, which the policy does not govern) and its console reports ("Refused to ...").
 */
async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__cspViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return async () => {
    const events = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
    return [...events, ...console];
  };
}

test.describe('under the Content-Security-Policy', () => {
  test('pages, the loading bar, filters and page-view tracking run without a violation', async ({ browser }) => {
    const context = await browser.newContext(SPANISH);
    const page = await context.newPage();
    const violations = await recordViolations(page);

    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await expect(page.getByRole('heading', { name: 'Busca tu auto' })).toBeVisible();
    // Content-service images (logo, cars) load under img-src.
    await expect.poll(() => page.locator('img').evaluateAll((images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length)).toBeGreaterThan(0);

    // A client-side navigation: the loading bar and the page-view tracker run.
    await page.locator('header').getByRole('link', { name: 'Flota' }).first().click();
    await expect(page).toHaveURL(/\/flota$/);
    await expect
      .poll(() => page.evaluate(() => ((window.dataLayer ?? []) as { event?: string }[]).filter((entry) => entry.event === 'content-view').length))
      .toBe(2);
    await page.getByRole('group', { name: 'Tipo' }).getByRole('link', { name: 'SUV' }).click();
    await expect(page).toHaveURL(/\/flota\?tipo=suv$/);
    await expect(page.getByTestId('car-card').first()).toBeVisible();

    for (const path of ['/info/terminos-y-condiciones', '/jobs', '/promos', '/sucursales', '/no-existe']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    expect(await violations()).toEqual([]);
    await context.close();
  });

  test('the language switcher works without a violation', async ({ browser }) => {
    const context = await browser.newContext(ENGLISH);
    const page = await context.newPage();
    const violations = await recordViolations(page);
    await page.goto('/en/sucursales');
    await page.getByRole('link', { name: /View the site in Spanish/ }).click();
    await expect(page).toHaveURL(/\/es\/sucursales$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByRole('link', { name: /Ver el sitio en inglés/ }).click();
    await expect(page).toHaveURL(/\/en\/sucursales$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await violations()).toEqual([]);
    await context.close();
  });

  test('blocks what the policy does not allow, and reports it', async ({ browser }) => {
    // Proves the recorder above can fail: an inline frame from another origin is refused by default-src.
    const context = await browser.newContext(SPANISH);
    const page = await context.newPage();
    const violations = await recordViolations(page);
    await page.goto('/sucursales');
    await page.evaluate(() => {
      const frame = document.createElement('iframe');
      frame.src = 'https://example.com/';
      document.body.append(frame);
    });
    await expect.poll(violations).toContainEqual(expect.stringMatching(/frame-src|default-src/));
    await context.close();
  });
});
