import { expect, test, type Page } from '@playwright/test';
import { adminHeaders } from '../test/content-admin';
import { BOOKING_TEXT, coverageToCheckout, ENGLISH, type Language, panamaDate, SPANISH, stepQuery } from './helpers';

// Leaving the checkout ends the attempt, however the renter leaves: a renter starts a 3-D Secure card payment, closes
// its window, and leaves through a link outside the booking flow, the back button, a typed address or another tab.
// Coming back to the checkout then shows a fresh one (not "Verifying payment..."), and the abandoned unpaid
// reservation no longer holds its car (cancelled, read as staff).

const contentUrl = process.env.CONTENT_URL;

test.describe.configure({ timeout: 120_000 });

const TEXT = {
  es: {
    ...BOOKING_TEXT.es,
    payByCard: 'Pagar ahora con tarjeta',
    holder: 'Nombre del titular de la tarjeta',
    number: 'Número de tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    cvc: 'Código de seguridad (CVV)',
    verifying: 'Verificando el pago...',
    windowClosed: 'Cerraste la ventana de verificación antes de terminar.',
    popupBlocked: 'Tu navegador no abrió la ventana de verificación.',
    homeLink: /ir al inicio/,
    fleet: 'Flota',
    menu: 'Abrir menú',
    thanks: /^¡Gracias, /,
  },
  en: {
    ...BOOKING_TEXT.en,
    payByCard: 'Pay now by card',
    holder: 'Cardholder name',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code (CVV)',
    verifying: 'Verifying payment...',
    windowClosed: 'You closed the verification window before finishing.',
    popupBlocked: 'Your browser did not open the verification window.',
    homeLink: /go to the home page/,
    fleet: 'Fleet',
    menu: 'Open menu',
    thanks: /^Thank you, /,
  },
} as const;

type Row = Record<string, unknown>;

/** The renter's reservations as staff see them, oldest first: number and status. */
async function reservationsOf(email: string): Promise<{ number: string; status: string }[]> {
  if (!contentUrl) throw new Error('CONTENT_URL is not set');
  const headers = await adminHeaders(contentUrl);
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${contentUrl}/items/reservations?filter[client_email][_eq]=${encodeURIComponent(email)}&fields=reservation_number,status&sort=id`, { headers });
    // The content service sheds load with 503 while a busy machine runs the browsers beside it: asked again.
    if (response.ok) return ((await response.json()) as { data: Row[] }).data.map((row) => ({ number: String(row.reservation_number), status: String(row.status) }));
    if (response.status !== 503 || attempt === 5) throw new Error(`reservations of ${email}: ${response.status}`);
    await new Promise((done) => setTimeout(done, 500 * attempt));
  }
}

/**
 * From the landing search to the checkout as `firstName`, then a 3-D Secure card payment started and its window
 * closed by the renter. Answers the renter's e-mail and the unpaid reservation the attempt saved.
 */
async function abandonVerification(page: Page, language: Language, offset: number, firstName: string): Promise<{ email: string; number: string }> {
  const text = TEXT[language];
  const email = `${firstName.toLowerCase()}.${Date.now()}.salida@example.com`;
  await page.goto(language === 'es' ? '/' : '/en');
  await page.getByLabel(text.pickupBranch).selectOption({ index: 1 });
  await page.getByLabel(text.pickupDate).fill(panamaDate(offset));
  await page.getByLabel(text.returnDate).fill(panamaDate(offset + 3));
  await page.getByRole('button', { name: text.search }).click();
  await page.getByTestId('car-card').first().getByRole('button', { name: text.reserve }).click();
  await coverageToCheckout(page, language, { firstName, lastName: 'Salida', email, phone: '6123-4567', birthday: '1987-02-11', license: 'PA-112233' }, (step) => new RegExp(stepQuery(language, step)));

  await page.getByLabel(text.payByCard).check();
  await expect(page.getByTestId('pay-by-card')).toBeEnabled();
  await page.getByLabel(text.holder).fill(`${firstName} Salida`);
  const fields = page.frameLocator('[data-testid=card-fields-frame]');
  await fields.getByLabel(text.number).fill('4000 0000 0000 3220');
  await fields.getByLabel(text.expiry).fill('12/34');
  await fields.getByLabel(text.cvc).fill('739');
  const opened = page.waitForEvent('popup');
  await page.getByTestId('pay-by-card').click();
  const checkWindow = await opened;
  const panel = page.getByTestId('payment-verifying');
  await expect(panel).toContainText(text.verifying);
  await checkWindow.close();
  // The window opened and the renter closed it: the panel says so, not that the browser blocked it.
  await expect(panel).toContainText(text.windowClosed);
  await expect(panel).not.toContainText(text.popupBlocked);

  const saved = await reservationsOf(email);
  expect(saved.map((row) => row.status)).toEqual(['unpaid']);
  return { email, number: saved[0]?.number ?? '' };
}

/** The abandoned reservation, once the renter left: cancelled, so it holds no car. */
async function expectReleased(email: string, number: string) {
  await expect.poll(async () => (await reservationsOf(email)).find((row) => row.number === number)?.status).toBe('cancelled');
}

/** Typed in the address bar: the checkout, fresh (the card form and its pay button, no check in progress). */
async function expectFreshCheckout(page: Page, language: Language) {
  await page.goto(language === 'es' ? '/reserva/checkout' : '/en/reserva/checkout');
  await expect(page).toHaveURL(/\/reserva\/checkout$/);
  await expect(page.getByTestId('pay-by-card')).toBeEnabled();
  await expect(page.getByTestId('payment-verifying')).toHaveCount(0);
  await expect(page.getByText(TEXT[language].verifying)).toHaveCount(0);
}

test.describe('leaving the checkout, in Spanish on a desktop', () => {
  test.use(SPANISH);

  test('through the logo, then "Flota": the attempt ends; a fresh checkout then pays with a new reservation', async ({ page }) => {
    const text = TEXT.es;
    const { email, number } = await abandonVerification(page, 'es', 530, 'Irene');

    await page.locator('header').getByRole('link', { name: text.homeLink }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('navigation', { name: 'Navegación principal' }).first().getByRole('link', { name: text.fleet }).click();
    await expect(page).toHaveURL(/\/flota$/);
    await expectReleased(email, number);

    await expectFreshCheckout(page, 'es');
    await page.getByLabel(text.holder).fill('Irene Salida');
    await page.frameLocator('[data-testid=card-fields-frame]').getByLabel(text.number).fill('4242 4242 4242 4242');
    await page.frameLocator('[data-testid=card-fields-frame]').getByLabel(text.expiry).fill('12/34');
    await page.frameLocator('[data-testid=card-fields-frame]').getByLabel(text.cvc).fill('739');
    await page.getByTestId('pay-by-card').click();
    await expect(page).toHaveURL(/\/reserva\/thanks$/);
    await expect(page.getByRole('heading', { name: text.thanks })).toBeVisible();
    const paid = (await page.getByTestId('reservation-number').textContent()) ?? '';
    expect(paid).not.toBe(number);
    expect(await reservationsOf(email)).toEqual([
      { number, status: 'cancelled' },
      { number: paid, status: 'paid' },
    ]);
  });
});

test.describe('leaving the checkout, in English on a desktop', () => {
  test.use(ENGLISH);

  test('through the logo, then "Fleet": the attempt ends', async ({ page }) => {
    const text = TEXT.en;
    const { email, number } = await abandonVerification(page, 'en', 554, 'Marta');
    await page.locator('header').getByRole('link', { name: text.homeLink }).click();
    await expect(page).toHaveURL(/\/en$/);
    await page.getByRole('navigation', { name: 'Main navigation' }).first().getByRole('link', { name: text.fleet }).click();
    await expect(page).toHaveURL(/\/en\/flota$/);
    await expectReleased(email, number);
    await expectFreshCheckout(page, 'en');
  });

  test('a refresh keeps the attempt; the browser’s back button ends it', async ({ page }) => {
    const { email, number } = await abandonVerification(page, 'en', 536, 'Jorge');
    // The checkout itself does not leave it: reloaded, it shows the check in progress, which it cannot see the window of.
    await page.reload();
    await expect(page.getByTestId('payment-verifying')).toContainText('Your payment is waiting for your bank');
    await expect(page.getByTestId('verify-payment')).toBeVisible();
    expect(await reservationsOf(email)).toEqual([{ number, status: 'unpaid' }]);
    await page.goBack();
    await expect(page).toHaveURL(/\/en\/reserva\?step=details$/);
    await expectReleased(email, number);
    await expectFreshCheckout(page, 'en');
  });

  test('through the back button to a page the browser restores from its back-forward cache, without asking the server', async ({ playwright, baseURL }, testInfo) => {
    // Playwright turns the browser's back-forward cache off by default; renters' browsers have it on.
    const browser = await playwright.chromium.launch({ ...testInfo.project.use.launchOptions, ignoreDefaultArgs: ['--disable-back-forward-cache'] });
    try {
      const context = await browser.newContext({ ...ENGLISH, baseURL });
      // Marks a page the browser brings back from that cache.
      await context.addInitScript(() => {
        window.addEventListener('pageshow', (event) => {
          if (event.persisted) document.documentElement.dataset.restored = 'yes';
        });
      });
      const page = await context.newPage();
      const first = await abandonVerification(page, 'en', 560, 'Nora');
      // The renter types the fleet's address (which ends that attempt: that answer is no-store), looks at it again,
      // then types the checkout's and tries again.
      await page.goto('/en/flota');
      await expectReleased(first.email, first.number);
      await page.reload();
      await expectFreshCheckout(page, 'en');
      await page.getByLabel(TEXT.en.holder).fill('Nora Salida');
      const fields = page.frameLocator('[data-testid=card-fields-frame]');
      await fields.getByLabel(TEXT.en.number).fill('4000 0000 0000 3220');
      await fields.getByLabel(TEXT.en.expiry).fill('12/34');
      await fields.getByLabel(TEXT.en.cvc).fill('739');
      const opened = page.waitForEvent('popup');
      await page.getByTestId('pay-by-card').click();
      await (await opened).close();
      await expect(page.getByTestId('payment-verifying')).toContainText(TEXT.en.windowClosed);
      const second = (await reservationsOf(first.email)).find((row) => row.status === 'unpaid');
      expect(second).toBeDefined();

      const documents: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(request.url());
      });
      // A page restored from that cache fires no load event: the navigation is waited for until it commits.
      await page.goBack({ waitUntil: 'commit' });
      await expect(page).toHaveURL(/\/en\/flota$/);
      // The fleet page came back from the browser's memory: the server never saw the renter leave.
      await expect(page.locator('html')).toHaveAttribute('data-restored', 'yes');
      expect(documents).toEqual([]);
      await expectReleased(first.email, second?.number ?? '');
      await expectFreshCheckout(page, 'en');
      await context.close();
    } finally {
      await browser.close();
    }
  });

  test('through another tab: opening the site there ends the attempt in the first', async ({ page, context }) => {
    const { email, number } = await abandonVerification(page, 'en', 542, 'Karen');
    const other = await context.newPage();
    await other.goto('/en/flota');
    await expectReleased(email, number);
    await page.reload();
    await expect(page.getByTestId('pay-by-card')).toBeEnabled();
    await expect(page.getByTestId('payment-verifying')).toHaveCount(0);
  });
});

test.describe('leaving the checkout, in Spanish on a phone', () => {
  test.use({ ...SPANISH, viewport: { width: 390, height: 844 } });

  test('@phone-only through a typed address, and through the menu’s link to the fleet', async ({ page }) => {
    const text = TEXT.es;
    const typed = await abandonVerification(page, 'es', 548, 'Lucas');
    await page.goto('/es/flota');
    await expectReleased(typed.email, typed.number);
    await expectFreshCheckout(page, 'es');

    // The menu of a phone's header, from a page outside the flow, after a second attempt.
    await page.getByLabel(text.holder).fill('Lucas Salida');
    const fields = page.frameLocator('[data-testid=card-fields-frame]');
    await fields.getByLabel(text.number).fill('4000 0000 0000 3220');
    await fields.getByLabel(text.expiry).fill('12/34');
    await fields.getByLabel(text.cvc).fill('739');
    const opened = page.waitForEvent('popup');
    await page.getByTestId('pay-by-card').click();
    await (await opened).close();
    await expect(page.getByTestId('payment-verifying')).toContainText(text.windowClosed);
    const second = (await reservationsOf(typed.email)).find((row) => row.status === 'unpaid');
    expect(second).toBeDefined();
    await page.locator('header').getByRole('link', { name: text.homeLink }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.locator('header summary', { hasText: text.menu }).click();
    await page.locator('header').getByRole('link', { name: text.fleet }).last().click();
    await expect(page).toHaveURL(/\/flota$/);
    await expectReleased(typed.email, second?.number ?? '');
    await expectFreshCheckout(page, 'es');
  });
});
