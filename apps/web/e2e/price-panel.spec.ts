import { expect, test, type Page } from '@playwright/test';
import { BOOKING_TEXT, ENGLISH, type Language, outboxMessages, panamaDate, SPANISH, stepQuery } from './helpers';

// The price panel beside the booking steps (below them on a phone) as a renter sees it: no coverage named before one
// is chosen, the total priced by the server as soon as a coverage is picked or an extra added (without Continue), and
// Premium's additional driver included at $0, as its coverage promises, on the panel, the checkout's bill, the thanks
// page and the e-mail.

const TEXT = {
  es: {
    use: SPANISH,
    prefix: '',
    fromTotal: 'Total desde',
    premium: 'Protección Premium',
    basic: 'Protección Básica',
    coverageLine: (name: string) => `Cobertura: ${name}`,
    benefit: 'Conductor adicional sin costo',
    extraIncluded: 'Sin costo con Protección Premium',
    driverName: 'Conductor adicional',
    driverQuantity: 'Conductor adicional: ¿cuántas unidades?',
    gpsQuantity: 'Navegador GPS: ¿cuántas unidades?',
    driverLine: 'Conductor adicional × 1 (incluido en Protección Premium)',
    driverCharged: 'Conductor adicional × 1',
    included: 'Incluido',
    announced: /^Total actualizado: /,
    confirm: 'Confirmar la reserva',
    payAtCounter: /^Pagar en el mostrador/,
  },
  en: {
    use: ENGLISH,
    prefix: '/en',
    fromTotal: 'Total from',
    premium: 'Premium Protection',
    basic: 'Basic Protection',
    coverageLine: (name: string) => `Coverage: ${name}`,
    benefit: 'Additional driver at no cost',
    extraIncluded: 'At no cost with Premium Protection',
    driverName: 'Additional driver',
    driverQuantity: 'Additional driver: how many?',
    gpsQuantity: 'GPS navigator: how many?',
    driverLine: 'Additional driver × 1 (included in Premium Protection)',
    driverCharged: 'Additional driver × 1',
    included: 'Included',
    announced: /^Total updated: /,
    confirm: 'Confirm reservation',
    payAtCounter: /^Pay at the counter/,
  },
} as const;

const ZERO = /^(US)?\$0\.00$/;

/** A coverage's card by its name (another's benefits may name it: "Everything in Basic Protection"). */
function coverageOption(page: Page, name: string) {
  return page.getByTestId('coverage-option').filter({ has: page.getByText(name, { exact: true }) });
}

/** From the fleet to the coverage step of a new draft, for three days from `offset` days ahead. */
async function toCoverageStep(page: Page, language: Language, offset: number): Promise<void> {
  const text = { ...BOOKING_TEXT[language], ...TEXT[language] };
  await page.goto(`${text.prefix}/flota`);
  await page.getByTestId('car-card').first().getByRole('button', { name: text.reserve }).click();
  await expect(page).toHaveURL(new RegExp(`${text.prefix}/reserva\\?${stepQuery(language, 'location')}$`));
  await page.getByLabel(text.pickupBranch).selectOption({ label: text.tocumen });
  await page.getByLabel(text.pickupDate).fill(panamaDate(offset));
  await page.getByLabel(text.returnDate).fill(panamaDate(offset + 3));
  await page.getByRole('button', { name: text.continue }).click();
  await expect(page).toHaveURL(new RegExp(`${text.prefix}/reserva\\?${stepQuery(language, 'coverage')}$`));
}

/**
 * The coverage and extras steps with the panel checked at each choice; ends on the extras step with Premium, the
 * additional driver (included) and a GPS chosen, not yet saved.
 */
async function chooseWithThePanel(page: Page, language: Language): Promise<void> {
  const text = { ...BOOKING_TEXT[language], ...TEXT[language] };
  const panel = page.getByTestId('bill');
  const total = page.getByTestId('bill-total');
  const coverage = (name: string) => coverageOption(page, name);

  // Before a choice: the lowest total, no coverage named anywhere beside the form.
  await expect(panel).toContainText(text.fromTotal);
  await expect(panel).not.toContainText(text.basic);
  await expect(panel).not.toContainText(text.coverageLine(''));
  await expect(page.getByTestId('summary-coverage')).toHaveCount(0);
  const lowest = (await total.textContent()) ?? '';
  expect(lowest).not.toBe('');

  // What Premium includes is listed from its data.
  await expect(coverage(text.premium)).toContainText(text.benefit);
  await expect(coverage(text.basic)).not.toContainText(text.benefit);

  // Picking a coverage prices it at once, without Continue, and says so to a screen reader.
  await coverage(text.premium).click();
  await expect(panel).toContainText(text.coverageLine(text.premium));
  await expect(total).not.toHaveText(lowest);
  await expect(page.getByTestId('summary-coverage')).toHaveText(text.premium);
  await expect(page.getByTestId('price-announcement')).toHaveText(text.announced);
  await expect(page).toHaveURL(new RegExp(`${stepQuery(language, 'coverage')}$`));
  const premiumTotal = (await total.textContent()) ?? '';

  await coverage(text.basic).click();
  await expect(panel).toContainText(text.coverageLine(text.basic));
  await expect(total).not.toHaveText(premiumTotal);
  await expect(total).toHaveText(lowest);

  await coverage(text.premium).click();
  await expect(total).toHaveText(premiumTotal);
  await page.getByRole('button', { name: text.continue }).click();

  // The extras step says the driver costs nothing with Premium; adding it shows it included at $0, the total unmoved.
  await expect(page).toHaveURL(new RegExp(`${stepQuery(language, 'extras')}$`));
  await expect(page.getByTestId('extra-option').filter({ hasText: text.driverName }).getByTestId('extra-included')).toContainText(text.extraIncluded);
  await expect(total).toHaveText(premiumTotal);
  await page.getByLabel(text.driverQuantity).selectOption('1');
  const driverLine = panel.locator('[data-line="extra.ADDITIONAL_DRIVER"]');
  await expect(driverLine).toContainText(text.driverLine);
  await expect(driverLine).toContainText(text.included);
  await expect(driverLine.locator('dd')).toHaveText(ZERO);
  await expect(total).toHaveText(premiumTotal);

  // A charged extra moves the total, still without Continue.
  await page.getByLabel(text.gpsQuantity).selectOption('1');
  await expect(panel.locator('[data-line="extra.GPS"]')).toBeVisible();
  await expect(total).not.toHaveText(premiumTotal);
  await expect(page).toHaveURL(new RegExp(`${stepQuery(language, 'extras')}$`));
}

for (const language of ['es', 'en'] as const) {
  const text = { ...BOOKING_TEXT[language], ...TEXT[language] };

  test.describe(`the price panel, in ${language} on a desktop`, () => {
    test.use(text.use);
    test.describe.configure({ timeout: 120_000 });

    test('follows every choice before Continue, and Premium’s driver stays included at $0 to the bill', async ({ page }) => {
      await toCoverageStep(page, language, language === 'es' ? 140 : 150);
      await chooseWithThePanel(page, language);
      // Beside the form on a desktop, the panel needs no second total above Continue.
      await expect(page.getByTestId('step-total')).toBeHidden();
      await page.getByRole('button', { name: text.continue }).click();
      await expect(page).toHaveURL(new RegExp(`${stepQuery(language, 'client')}$`));

      // The saved choice's bill, as the next step and the checkout show it.
      await expect(page.getByTestId('bill').locator('[data-line="extra.ADDITIONAL_DRIVER"]')).toContainText(text.driverLine);
      await page.getByLabel(text.firstName, { exact: true }).fill('Inés');
      await page.getByLabel(text.lastName).fill('Incluida');
      const email = `ines.incluida.${language}.${Date.now()}@example.com`;
      await page.getByLabel(text.email).fill(email);
      await page.getByLabel(text.phone).fill('6123-4567');
      await page.getByLabel(text.birthday).fill('1984-04-04');
      await page.getByLabel(text.license).fill('PA-7788');
      await page.getByLabel(text.acceptTerms).check();
      await page.getByRole('button', { name: text.continue }).click();
      await expect(page).toHaveURL(new RegExp(`${text.prefix}/reserva/checkout$`));
      const checkoutDriver = page.getByTestId('bill').locator('[data-line="extra.ADDITIONAL_DRIVER"]');
      await expect(checkoutDriver).toContainText(text.driverLine);
      await expect(checkoutDriver.locator('dd')).toHaveText(ZERO);

      // Booked: the thanks page's bill and the e-mail say the same.
      // Nothing is preselected: paying at the counter is the renter's choice.
      await page.getByRole('radio', { name: text.payAtCounter }).check();
      await page.getByRole('button', { name: text.confirm }).click();
      await expect(page).toHaveURL(new RegExp(`${text.prefix}/reserva/thanks$`));
      const thanksDriver = page.getByTestId('bill').locator('[data-line="extra.ADDITIONAL_DRIVER"]');
      await expect(thanksDriver).toContainText(text.driverLine);
      await expect(thanksDriver.locator('dd')).toHaveText(ZERO);
      if (process.env.MAIL_OUTBOX_DIR) {
        let mail = '';
        await expect.poll(async () => (mail = (await outboxMessages((message) => message.includes(email)))[0] ?? ''), { timeout: 15_000 }).not.toBe('');
        expect(mail).toContain(text.driverLine);
        expect(mail).toMatch(new RegExp(`${text.driverLine.replace(/[()×]/g, '.')}[\\s\\S]{0,200}?\\$0\\.00`));
      }
    });

    test('shows the driver charged again when the renter goes back to a coverage that does not include it', async ({ page }) => {
      await toCoverageStep(page, language, language === 'es' ? 144 : 154);
      await coverageOption(page, text.premium).click();
      await page.getByRole('button', { name: text.continue }).click();
      await expect(page).toHaveURL(new RegExp(`${stepQuery(language, 'extras')}$`));
      await page.getByLabel(text.driverQuantity).selectOption('1');
      await page.getByRole('button', { name: text.continue }).click();
      await expect(page).toHaveURL(new RegExp(`${stepQuery(language, 'client')}$`));

      await page.goto(`${text.prefix}/reserva?${stepQuery(language, 'coverage')}`);
      const driverLine = page.getByTestId('bill').locator('[data-line="extra.ADDITIONAL_DRIVER"]');
      await expect(driverLine.locator('dd')).toHaveText(ZERO);
      await coverageOption(page, text.basic).click();
      await expect(driverLine).toHaveText(new RegExp(`^${text.driverCharged}\\s*(US)?\\$[1-9]`));
      await expect(driverLine).not.toContainText(text.included);
    });
  });

  test.describe(`the price panel, in ${language} on a 390x844 phone`, () => {
    test.use({ ...text.use, viewport: { width: 390, height: 844 } });
    test.describe.configure({ timeout: 120_000 });

    test('@phone-only follows the choices below the form, with Premium’s driver included at $0', async ({ page }) => {
      await toCoverageStep(page, language, language === 'es' ? 160 : 170);
      // The panel is below the form: the total also sits above Continue, and follows the choices.
      const stepTotal = page.getByTestId('step-total');
      await expect(stepTotal).toBeVisible();
      await expect(stepTotal).toContainText(text.fromTotal);
      await chooseWithThePanel(page, language);
      await expect(stepTotal).toContainText((await page.getByTestId('bill-total').textContent()) ?? 'no total');
      await page.getByTestId('bill').scrollIntoViewIfNeeded();
      // The panel fits the phone's width: nothing beside it to scroll to.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
}

test.describe('the price panel without JavaScript, in Spanish', () => {
  test.use({ ...SPANISH, javaScriptEnabled: false });

  test('is the server’s price of the saved draft: before a coverage, the lowest total and no coverage named', async ({ page }) => {
    const pickup = panamaDate(180);
    await page.goto(`/flota?pickup_branch=PTY&pickup_date=${pickup}&pickup_time=10:00&return_date=${panamaDate(183)}&return_time=10:00`);
    await page.getByTestId('car-card').first().getByRole('button', { name: /^Reservar/ }).click();
    await expect(page).toHaveURL(/\/reserva\?paso=cobertura$/);
    await expect(page.getByTestId('bill')).toContainText(TEXT.es.fromTotal);
    await expect(page.getByTestId('bill')).not.toContainText('Cobertura:');
    await expect(page.getByTestId('summary-coverage')).toHaveCount(0);
    await expect(coverageOption(page, TEXT.es.premium)).toContainText(TEXT.es.benefit);
  });
});
