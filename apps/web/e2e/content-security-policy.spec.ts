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

/** The sources of a policy's script-src. */
function scriptSrc(policy: string | undefined): string[] {
  const directive = (policy ?? '').split(';').map((part) => part.trim()).find((part) => part.startsWith('script-src '));
  return directive ? directive.split(/\s+/).slice(1) : [];
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

  test('a page rendered per request runs only the scripts that carry its nonce, and its form works', async ({ browser }) => {
    const context = await browser.newContext(ENGLISH);
    const page = await context.newPage();
    const violations = await recordViolations(page);

    const response = await page.goto('/en/mi-reserva');
    const scriptSources = scriptSrc(response?.headers()['content-security-policy']);
    expect(scriptSources).not.toContain("'unsafe-inline'");
    expect(scriptSources).toContain("'strict-dynamic'");
    const nonce = /^'nonce-(.+)'$/.exec(scriptSources.find((source) => source.startsWith("'nonce-")) ?? '')?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    // Every script of the page's HTML, Next's bootstrap and inline page data included, carries this response's nonce.
    // The code the page fetches later (after hydration: the loading bar's, a watcher's) is added by the page's own
    // scripts, without a nonce, and runs through 'strict-dynamic': that it ran without a violation is checked below.
    const html = (await response?.text()) ?? '';
    const nonces = [...html.matchAll(/<script\b[^>]*>/gi)].map(([tag]) => /\snonce="([^"]*)"/.exec(tag)?.[1] ?? '');
    expect(nonces.length).toBeGreaterThan(0);
    expect(new Set(nonces)).toEqual(new Set([nonce]));

    // The page's code runs: the button is enabled once it hydrates, and the lookup answers in the form.
    await page.getByLabel('Reservation number').fill('FF-ZZZZ22');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Find my booking' }).click();
    await expect(page.getByText('We found no reservation with this number and email')).toBeVisible();
    // The loading bar's code, fetched after hydration, has run: its style is in the document.
    await expect(page.locator('head style[data-loading-bar]')).toBeAttached();
    expect(await violations()).toEqual([]);

    // Injected markup's script (here an inline event handler, as an XSS would bring) does not run, and is reported.
    await page.evaluate(() => {
      const injected = document.createElement('div');
      injected.innerHTML = '<img src="/no-such-image.png" alt="" onerror="window.injected = true">';
      document.body.append(injected);
    });
    await expect.poll(violations).toContainEqual(expect.stringMatching(/script-src/));
    expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected)).toBeUndefined();

    // Each response has a nonce of its own.
    const again = await page.goto('/en/mi-reserva');
    expect(scriptSrc(again?.headers()['content-security-policy'])).not.toContain(`'nonce-${nonce}'`);
    await context.close();
  });

  test('cached pages keep their one policy, with inline scripts allowed and no nonce', async ({ request }) => {
    for (const path of ['/', '/es/flota', '/en/info/terminos-y-condiciones']) {
      await request.get(path);
      const response = await request.get(path);
      expect(response.headers()['x-nextjs-cache'], path).toMatch(/^(HIT|STALE)$/);
      const sources = scriptSrc(response.headers()['content-security-policy']);
      expect(sources, path).toContain("'unsafe-inline'");
      expect(sources.join(' '), path).not.toMatch(/nonce-|strict-dynamic/);
    }
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
