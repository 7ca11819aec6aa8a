import { expect, test, type Page } from '@playwright/test';
import { BOOKING_TEXT, coverageToCheckout, ENGLISH, type Language, panamaDate, seriousViolations, SPANISH, stepQuery } from './helpers';

// Promotions as a renter sees them, against the real stack and the seed: only running promotions, with their
// validity and terms; "book with this code" remembers the promotion's coupon on the server and opens the fleet, and the
// booking started there reaches checkout with the coupon applied. Nothing is confirmed, so no stock is held; the dates
// are still far ahead (330+ days) so they never meet another test's.
//
// Seed promotions used: `reserva-en-linea-10` (coupon BIENVENIDO10, 1 January 2026 to 31 December 2027, every brand)
// and `fiestas-patrias-2026` (coupon PATRIAS10, 1 to 10 November 2026: expired).

test.describe.configure({ timeout: 120_000 });

const TEXT = {
  es: {
    promos: '/promos',
    fleet: /\/flota$/,
    heading: 'Promociones',
    running: '10 % de descuento al reservar en línea',
    validity: 'Válida del 1 de enero de 2026 al 31 de diciembre de 2027',
    terms: 'Condiciones',
    termsText: /^Cupón BIENVENIDO10 válido para reservas hechas en línea/,
    expired: 'Fiestas Patrias: 10 % de descuento',
    bookWithCode: 'Reservar con este código: BIENVENIDO10',
    hint: /^Te llevamos a la flota/,
    ...BOOKING_TEXT.es,
    couponLine: 'Cupón BIENVENIDO10',
  },
  en: {
    promos: '/en/promos',
    fleet: /\/en\/flota$/,
    heading: 'Promotions',
    running: '10% off when you book online',
    validity: 'Valid from January 1, 2026 to December 31, 2027',
    terms: 'Terms',
    termsText: /^Coupon BIENVENIDO10 valid for online bookings/,
    expired: 'National holidays: 10% off',
    bookWithCode: 'Book with this code: BIENVENIDO10',
    hint: /^We'll take you to the fleet/,
    ...BOOKING_TEXT.en,
    couponLine: 'Coupon BIENVENIDO10',
  },
} as const;


/** The running promotion's card: validity and terms shown, the button named by what it does and its code. */
async function checkListing(page: Page, language: Language): Promise<void> {
  const text = TEXT[language];
  await page.goto(text.promos);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text.heading);
  const card = page.getByTestId('promo-card').filter({ has: page.getByRole('heading', { name: text.running }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('promo-validity')).toHaveText(text.validity);
  await card.getByText(text.terms, { exact: true }).click();
  await expect(card.getByText(text.termsText)).toBeVisible();
  await expect(card.getByRole('button', { name: text.bookWithCode })).toBeVisible();
  await expect(card.getByText(text.hint)).toBeVisible();
  // The expired promotion of the seed is not listed, nor is its code.
  await expect(page.getByRole('heading', { name: text.expired })).toHaveCount(0);
  await expect(page.getByText('PATRIAS10')).toHaveCount(0);
}

/** /promos -> the button -> fleet -> Reserve -> every step -> checkout, for dates `offset` days ahead. */
async function bookWithPromotion(page: Page, language: Language, offset: number, firstName: string): Promise<void> {
  const text = TEXT[language];
  await checkListing(page, language);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: text.bookWithCode }).click();

  await expect(page).toHaveURL(text.fleet);
  await page.getByTestId('car-card').first().getByRole('button', { name: text.reserve }).click();
  await expect(page).toHaveURL(new RegExp(`/reserva\\?${stepQuery(language, 'location')}$`));
  await page.getByLabel(text.pickupBranch).selectOption({ label: text.tocumen });
  await page.getByLabel(text.pickupDate).fill(panamaDate(offset));
  await page.getByLabel(text.returnDate).fill(panamaDate(offset + 3));
  await page.getByRole('button', { name: text.continue }).click();

  const renter = {
    firstName,
    lastName: 'Promo',
    email: `${firstName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase()}.promo@example.com`,
    phone: '6123-4567',
    birthday: '1987-07-09',
    license: 'PA-778899',
  };
  await coverageToCheckout(page, language, renter, (step) => new RegExp(`/reserva\\?${stepQuery(language, step)}$`));

  // The coupon came with the renter: applied, shown and priced by checkout's own coupon machinery.
  await expect(page.getByTestId('coupon-applied')).toContainText('BIENVENIDO10');
  await expect(page.getByTestId('bill')).toContainText(text.couponLine);
  expect(await seriousViolations(page)).toEqual([]);
}

test.describe('in Spanish', () => {
  test.use(SPANISH);

  test('from a promotion to checkout with its coupon applied', async ({ page }) => {
    await bookWithPromotion(page, 'es', 330, 'Lucía');
  });

  test('lists running promotions only @phone', async ({ page }) => {
    await checkListing(page, 'es');
  });

  test('the button works without JavaScript and remembers the code in a short-lived http-only cookie', async ({ browser }) => {
    const context = await browser.newContext({ ...SPANISH, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/promos');
    await page.getByRole('button', { name: TEXT.es.bookWithCode }).click();
    await expect(page).toHaveURL(/\/flota$/);
    const remembered = (await context.cookies()).find((cookie) => cookie.name === 'promo_code');
    expect(remembered?.value).toBe('BIENVENIDO10');
    expect(remembered?.httpOnly).toBe(true);
    const lifetime = (remembered?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(3600 + 5);
    await context.close();
  });

  test('a tampered code is ignored: the renter still reaches the fleet, and nothing is remembered', async ({ page, context }) => {
    await page.goto('/promos');
    const button = page.getByRole('button', { name: TEXT.es.bookWithCode });
    // PATRIAS10 is a real coupon, but its promotion has expired: only a running promotion's code is carried.
    await button.locator('xpath=ancestor::form').locator('input[name="code"]').evaluate((input: HTMLInputElement) => {
      input.value = 'PATRIAS10';
    });
    await button.click();
    await expect(page).toHaveURL(/\/flota$/);
    expect((await context.cookies()).find((cookie) => cookie.name === 'promo_code')).toBeUndefined();
  });
});

test.describe('in English', () => {
  test.use(ENGLISH);

  test('@phone-only from a promotion to checkout with its coupon applied, phone-sized', async ({ page }) => {
    await bookWithPromotion(page, 'en', 340, 'Grace');
  });

  test('lists running promotions only @phone', async ({ page }) => {
    await checkListing(page, 'en');
  });
});
