import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { BOOKING_TEXT, coverageToCheckout, ENGLISH, panamaDate, seriousViolations, SPANISH, stepQuery, type Language } from './helpers';

// Issue 43, points 3 and 8: the fleet's cards for a search show both all-in totals (paid now, at the counter), a
// promotion's saving and the young-driver fee of the driver's age asked once by the search, so a 22-year-old's fleet
// price is their checkout price; the search's return menu hides while "same branch" is ticked (without JavaScript
// too); on a phone the fleet's filters are one row with a sort, and the first screen shows cars.

test.describe.configure({ timeout: 120_000 });

const TEXT = {
  es: {
    prefix: '',
    visitor: SPANISH,
    sameBranch: 'Devolver en la misma sucursal',
    returnBranch: 'Sucursal de devolución',
    driverAge: 'Edad del conductor',
    youngBand: '21 a 22 años (cargo por conductor joven: $15.00 por día)',
    standardBand: '25 años o más',
    pricedFor: 'Precios para un conductor de 21 a 22 años. Incluyen el cargo por conductor joven de $15.00 por día.',
    payNow: / pagando ahora$/,
    atCounter: / pagando en el mostrador$/,
    saving: /^Promoción: ahorras \$[\d,.]+ pagando ahora \(sin la promoción, \$[\d,.]+\)$/,
    sortPassengers: 'Pasajeros',
    sortPrice: 'Precio',
    filters: 'Filtros',
    type: 'Tipo',
    bandNotice: /^Con tu fecha de nacimiento tienes 22 años el día del retiro, no la edad que elegiste al buscar: el cargo por conductor joven cambió de \$0\.00 a \$[\d,.]+\. El total ya lo incluye\.$/,
  },
  en: {
    prefix: '/en',
    visitor: ENGLISH,
    sameBranch: 'Return to the same branch',
    returnBranch: 'Return branch',
    driverAge: "Driver's age",
    youngBand: '21 to 22 years (young-driver fee: $15.00 per day)',
    standardBand: '25 years or older',
    pricedFor: 'Prices for a driver aged 21 to 22 years. They include the young-driver fee of $15.00 per day.',
    payNow: / paying now$/,
    atCounter: / paying at the counter$/,
    saving: /^Promotion: you save \$[\d,.]+ paying now \(without the promotion, \$[\d,.]+\)$/,
    sortPassengers: 'Passengers',
    sortPrice: 'Price',
    filters: 'Filters',
    type: 'Type',
    bandNotice: /^Your date of birth makes you 22 on the pick-up date, not the age you chose when searching: the young-driver fee changed from \$0\.00 to \$[\d,.]+\. The total already includes it\.$/,
  },
} as const;

/** An amount as the page writes it ("$1,234.56 pagando ahora") in cents. */
function cents(text: string | null): number {
  const amount = /\$([\d,]+\.\d{2})/.exec(text ?? '')?.[1];
  expect(amount, `an amount in "${text ?? ''}"`).toBeDefined();
  return Math.round(Number((amount ?? '').replace(/,/g, '')) * 100);
}

/** A birthday that makes the renter `age` on `pickup` (turning `age + 1` the day after). */
function birthdayFor(age: number, pickup: string): string {
  const [year = 0, month = 1, day = 1] = pickup.split('-').map(Number);
  return new Date(Date.UTC(year - age - 1, month - 1, day + 1)).toISOString().slice(0, 10);
}

async function shoot(page: Page, testInfo: TestInfo, what: string, language: Language): Promise<void> {
  if (!process.env.I43_SHOTS) return;
  await page.screenshot({ path: `/tmp/i43-shots/fleet-${what}-${language}-${testInfo.project.name}.png`, fullPage: false });
}

/** The landing search for three days from `offset` days ahead at Tocumen, with the driver's age `band` (a value). */
async function search(page: Page, language: Language, offset: number, band?: string): Promise<void> {
  const text = { ...BOOKING_TEXT[language], ...TEXT[language] };
  await page.goto(`${text.prefix}/`);
  await page.getByLabel(text.pickupBranch).selectOption('PTY');
  await page.getByLabel(text.pickupDate).fill(panamaDate(offset));
  await page.getByLabel(text.returnDate).fill(panamaDate(offset + 3));
  if (band) await page.getByLabel(text.driverAge).selectOption(band);
  await page.getByRole('button', { name: text.search }).click();
  await expect(page).toHaveURL(/\/flota\?.*pickup_date=/);
}

const stepUrl = (language: Language) => (step: 'coverage' | 'extras' | 'client') => new RegExp(`${TEXT[language].prefix}/reserva\\?${stepQuery(language, step)}$`);

for (const language of ['es', 'en'] as const) {
  test.describe(`in ${language === 'es' ? 'Spanish' : 'English'}`, () => {
    const text = { ...BOOKING_TEXT[language], ...TEXT[language] };
    test.use(text.visitor);

    test(`@phone the search hides the return branch while "same branch" is ticked and asks the driver's age once (${language})`, async ({ page }, testInfo) => {
      await page.goto(`${text.prefix}/`);
      const sameBranch = page.getByRole('checkbox', { name: text.sameBranch });
      const returnBranch = page.getByLabel(text.returnBranch);
      await expect(sameBranch).toBeChecked();
      await expect(returnBranch).toBeHidden();
      const age = page.getByLabel(text.driverAge);
      await expect(age.locator('option:checked')).toHaveText(text.standardBand);
      await expect(age.getByRole('option', { name: text.youngBand })).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, testInfo, 'search-form', language);

      await sameBranch.uncheck();
      await expect(returnBranch).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await sameBranch.check();
      await expect(returnBranch).toBeHidden();
    });

    test(`@phone a 22-year-old's fleet price, with both totals, is their checkout price (${language})`, async ({ page }, testInfo) => {
      const offset = language === 'es' ? 61 : 67;
      await search(page, language, offset, '21');
      await expect(page.getByTestId('driver-age-priced')).toHaveText(text.pricedFor);
      const card = page.getByTestId('car-card').first();
      await expect(card.getByTestId('pay-now-price')).toHaveText(text.payNow);
      await expect(card.getByTestId('total-price')).toHaveText(text.atCounter);
      const payNow = cents(await card.getByTestId('pay-now-price').textContent());
      const atCounter = cents(await card.getByTestId('total-price').textContent());
      expect(payNow).toBeLessThan(atCounter);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, testInfo, 'cards-young-driver', language);

      // The same search for a driver of 25 or older costs less: the fee is in the young driver's price.
      const standardUrl = page.url().replace('driver_age=21', 'driver_age=25');
      expect(standardUrl).not.toBe(page.url());

      await card.getByRole('button', { name: text.reserve }).click();
      const pickup = panamaDate(offset);
      await coverageToCheckout(page, language, { firstName: 'Ana', lastName: 'Pérez', email: `joven-${language}@example.com`, phone: '+50761234567', birthday: birthdayFor(22, pickup), license: 'PA-1234567' }, stepUrl(language));
      await expect(page.getByTestId('bill-total').first()).toBeVisible();
      expect(cents(await page.getByTestId('bill-total').first().textContent())).toBe(atCounter);
      // The birthday agrees with the band the search asked: nothing to tell.
      await expect(page.getByTestId('age-band-notice')).toHaveCount(0);

      await page.goto(standardUrl);
      await expect(page.getByTestId('driver-age-priced')).toHaveText(language === 'es' ? 'Precios para un conductor de 25 años o más.' : 'Prices for a driver aged 25 years or older.');
      const standardCard = page.getByTestId('car-card').first();
      expect(cents(await standardCard.getByTestId('total-price').textContent())).toBeLessThan(atCounter);
    });

    test(`@phone a birthday that puts the renter in another age band than the search asked is told at the checkout (${language})`, async ({ page }, testInfo) => {
      const offset = language === 'es' ? 73 : 79;
      // Not asked: the search prices for 25 or older.
      await search(page, language, offset);
      const card = page.getByTestId('car-card').first();
      const atCounter = cents(await card.getByTestId('total-price').textContent());
      await card.getByRole('button', { name: text.reserve }).click();
      await coverageToCheckout(page, language, { firstName: 'Luis', lastName: 'Gómez', email: `cambio-${language}@example.com`, phone: '+50761234568', birthday: birthdayFor(22, panamaDate(offset)), license: 'PA-7654321' }, stepUrl(language));
      const notice = page.getByTestId('age-band-notice');
      await expect(notice).toHaveText(text.bandNotice);
      await expect(notice).toHaveAttribute('role', 'alert');
      expect(cents(await page.getByTestId('bill-total').first().textContent())).toBeGreaterThan(atCounter);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, testInfo, 'age-notice', language);
    });

    test(`@phone a car on promotion shows what paying now saves against the price without it (${language})`, async ({ page }, testInfo) => {
      await search(page, language, 85);
      const promo = page.getByTestId('car-card').filter({ has: page.locator('[data-status="promo"]') }).first();
      await promo.scrollIntoViewIfNeeded();
      const saving = promo.getByTestId('promo-saving');
      await expect(saving).toHaveText(text.saving);
      const atCounter = cents(await promo.getByTestId('total-price').textContent());
      const payNow = cents(await promo.getByTestId('pay-now-price').textContent());
      expect(cents(await saving.textContent())).toBe(atCounter - payNow);
      // "Without the promotion": the price at the counter.
      expect(cents((await saving.textContent())?.split('(')[1] ?? '')).toBe(atCounter);
      // Only cars on promotion claim one.
      await expect(page.getByTestId('car-card').filter({ hasNot: page.locator('[data-status="promo"]') }).getByTestId('promo-saving')).toHaveCount(0);
      await shoot(page, testInfo, 'promo-card', language);
    });

    test(`@phone the fleet's sort and filters live in the URL, and a phone's first screen shows cars (${language})`, async ({ page }, testInfo) => {
      await page.goto(`${text.prefix}/flota`);
      const sort = page.getByTestId('fleet-sort');
      await expect(sort.getByRole('link', { name: text.sortPrice })).toHaveAttribute('aria-current', 'true');
      if (testInfo.project.name === 'phone') {
        // One row: the sort and a "Filters" chip; the first car's card starts on the first screen.
        await expect(page.getByRole('group', { name: text.type })).toBeHidden();
        const viewport = page.viewportSize();
        const firstCard = await page.getByTestId('car-card').first().boundingBox();
        expect(firstCard?.y ?? Infinity).toBeLessThan((viewport?.height ?? 0) * 0.9);
        const filterBar = await page.getByTestId('fleet-filters').boundingBox();
        expect(filterBar?.height ?? Infinity).toBeLessThan(80);
        await shoot(page, testInfo, 'filters', language);
        await page.getByTestId('fleet-filters-toggle').getByText(text.filters, { exact: true }).click();
      }
      await expect(page.getByRole('group', { name: text.type })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      if (testInfo.project.name !== 'phone') await shoot(page, testInfo, 'filters', language);

      await sort.getByRole('link', { name: text.sortPassengers }).click();
      await expect(page).toHaveURL(/\/flota\?orden=pasajeros$/);
      await page.reload();
      await expect(page.getByTestId('fleet-sort').getByRole('link', { name: text.sortPassengers })).toHaveAttribute('aria-current', 'true');
      const passengers = (await page.getByTestId('car-card').locator('.car-specs li').filter({ hasText: language === 'es' ? 'pasajeros' : 'passengers' }).allTextContents()).map((entry) => Number.parseInt(entry, 10));
      expect(passengers.length).toBeGreaterThan(5);
      expect(passengers).toEqual([...passengers].sort((a, b) => b - a));

      // A type keeps the sort; the sort chip of price drops it from the address.
      await page.goto(`${text.prefix}/flota?tipo=suv&orden=maletas`);
      await expect(page.getByTestId('car-card').first()).toBeVisible();
      await page.getByTestId('fleet-sort').getByRole('link', { name: text.sortPrice }).click();
      await expect(page).toHaveURL(/\/flota\?tipo=suv$/);
    });
  });
}

test('@phone without JavaScript the search returns to the pickup branch while ticked, and to the chosen one once unticked', async ({ browser }) => {
  const context = await browser.newContext({ ...SPANISH, javaScriptEnabled: false });
  const page = await context.newPage();
  const text = { ...BOOKING_TEXT.es, ...TEXT.es };
  /** The search with its return menu set to `returnTo` and "same branch" then `ticked`, sent without scripts. */
  const searchWithoutScripts = async (returnTo: string, ticked: boolean) => {
    await page.goto('/');
    await expect(page.getByLabel(text.returnBranch)).toBeHidden();
    await page.getByLabel(text.pickupBranch).selectOption('PTY');
    await page.getByLabel(text.pickupDate).fill(panamaDate(91));
    await page.getByLabel(text.returnDate).fill(panamaDate(94));
    await page.getByRole('checkbox', { name: text.sameBranch }).uncheck();
    await expect(page.getByLabel(text.returnBranch)).toBeVisible();
    await page.getByLabel(text.returnBranch).selectOption(returnTo);
    if (ticked) {
      await page.getByRole('checkbox', { name: text.sameBranch }).check();
      await expect(page.getByLabel(text.returnBranch)).toBeHidden();
    }
    await page.getByRole('button', { name: text.search }).click();
    await expect(page).toHaveURL(/\/flota\?.*pickup_date=/);
  };
  await page.goto('/');
  const branches = await page.getByLabel(text.returnBranch).locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  const other = branches.find((code) => code !== '' && code !== 'PTY') ?? '';
  expect(other).not.toBe('');

  // Ticked after choosing another branch: the hidden menu's choice is ignored, the car goes back to Tocumen.
  await searchWithoutScripts(other, true);
  await expect(page).toHaveURL(/same_branch=1/);
  await expect(page.locator('input[type="hidden"][name="return_branch"]')).toHaveValue('PTY');

  // Unticked: the chosen branch is the search's.
  await searchWithoutScripts(other, false);
  await expect(page.locator('input[type="hidden"][name="return_branch"]')).toHaveValue(other);
  await context.close();
});
