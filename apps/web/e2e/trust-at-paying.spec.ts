import { expect, test, type Locator, type Page } from '@playwright/test';
import { BOOKING_TEXT, ENGLISH, panamaDate, seriousViolations, SPANISH, stepQuery, type Language } from './helpers';

// Trust at the moment of paying (issue 43): beside the pay and confirm buttons, and in the bill, the cancellation terms
// of the way chosen (the brand's rule: free until 48 hours before pickup, then one day of the car rate), the deposit of
// the chosen coverage for the car's body type, and the credit card it needs; on a phone, the step's total and Continue
// stay in view while choosing, and follow an added extra.

test.describe.configure({ timeout: 150_000 });

const TEXT = {
  es: {
    use: SPANISH,
    prefix: '',
    formatLocale: 'es-PA',
    basic: 'Protección Básica',
    premium: 'Protección Premium',
    payByCard: 'Pagar ahora con tarjeta',
    payAtCounter: /^Pagar en el mostrador/,
    confirm: 'Confirmar la reserva',
    freeUntil: 'Cancelación gratis hasta el',
    panamaTime: '(hora de Panamá)',
    lateFee: /te reembolsamos todo menos \$\d+\.\d{2}/,
    counterTerms: 'Puedes cambiar o cancelar gratis hasta el retiro: hoy no se cobra nada.',
    deposit: (amount: string) => `Depósito de garantía: ${amount}, una preautorización`,
    card: 'tarjeta de crédito a nombre del conductor principal',
    billDeposit: 'Depósito de garantía (preautorizado al retirar el auto)',
    payNow: 'Pagas ahora',
    payAtPickup: 'Pagas al retirar el auto',
    glanceCounter: 'Cambio o cancelación gratis hasta el retiro; hoy no se cobra nada.',
  },
  en: {
    use: ENGLISH,
    prefix: '/en',
    formatLocale: 'en-US',
    basic: 'Basic Protection',
    premium: 'Premium Protection',
    payByCard: 'Pay now by card',
    payAtCounter: /^Pay at the counter/,
    confirm: 'Confirm reservation',
    freeUntil: 'Free cancellation until',
    panamaTime: '(Panama time)',
    lateFee: /you get everything back less \$\d+\.\d{2}/,
    counterTerms: 'Change or cancel for free until pickup: nothing is charged now.',
    deposit: (amount: string) => `Security deposit: ${amount}, a hold`,
    card: "credit card in the main driver's name",
    billDeposit: 'Security deposit (held at pickup)',
    payNow: 'You pay now',
    payAtPickup: 'You pay at pickup',
    glanceCounter: 'Free change or cancellation until pickup; nothing is charged now.',
  },
} as const;

/** The day 48 hours before a pickup `offset` days ahead, as the renter reads it ("vie, 4 de diciembre de 2026"). */
function freeUntilDay(language: Language, offset: number): string {
  const day = new Date(`${panamaDate(offset - 2)}T12:00:00-05:00`);
  return new Intl.DateTimeFormat(TEXT[language].formatLocale, { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'America/Panama' }).format(day);
}

/** From the fleet to the coverage step of a new draft for `model`, three days from `offset` days ahead. */
async function toCoverageStep(page: Page, language: Language, offset: number, model: string): Promise<void> {
  const text = { ...BOOKING_TEXT[language], ...TEXT[language] };
  await page.goto(`${text.prefix}/flota`);
  await page.getByTestId('car-card').filter({ hasText: model }).first().getByRole('button', { name: text.reserve }).click();
  // Starting a draft asks the content service; on a busy machine that can take longer than a click usually waits.
  await expect(page).toHaveURL(new RegExp(`${text.prefix}/reserva\\?${stepQuery(language, 'location')}$`), { timeout: 30_000 });
  await page.getByLabel(text.pickupBranch).selectOption({ label: text.tocumen });
  await page.getByLabel(text.pickupDate).fill(panamaDate(offset));
  await page.getByLabel(text.returnDate).fill(panamaDate(offset + 3));
  await page.getByRole('button', { name: text.continue }).click();
  await expect(page).toHaveURL(new RegExp(`${text.prefix}/reserva\\?${stepQuery(language, 'coverage')}$`));
}

async function fillRenter(page: Page, language: Language, firstName: string): Promise<void> {
  const text = BOOKING_TEXT[language];
  await page.getByLabel(text.firstName, { exact: true }).fill(firstName);
  await page.getByLabel(text.lastName).fill('Confianza');
  await page.getByLabel(text.email).fill(`${firstName.toLowerCase()}.confianza@example.com`);
  await page.getByLabel(text.phone).fill('6123-4567');
  await page.getByLabel(text.birthday).fill('1985-06-20');
  await page.getByLabel(text.license).fill('PA-778899');
  await page.getByLabel(text.acceptTerms).check();
}

function coverageOption(page: Page, name: string): Locator {
  return page.getByTestId('coverage-option').filter({ has: page.getByText(name, { exact: true }) });
}

/**
 * Whether the whole of `locator` is inside the viewport as it is now scrolled, and seen: what is at its top and bottom
 * edges is the element itself, not the sticky header or the step's bar over it.
 */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  const inside = box.y >= 0 && box.x >= 0 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width;
  const seen = await locator.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    return [rect.top + 2, rect.bottom - 2].every((y) => {
      const top = document.elementFromPoint(x, y);
      return top !== null && (element.contains(top) || top.contains(element));
    });
  });
  return inside && seen;
}

async function expectAllInView(page: Page, locators: Locator[]): Promise<void> {
  for (const locator of locators) {
    await expect(locator).toBeVisible();
    expect(await inViewport(page, locator), await locator.evaluate((element) => element.outerHTML.slice(0, 120))).toBe(true);
  }
}

async function shot(page: Page, name: string): Promise<void> {
  if (process.env.I43_SHOTS) await page.screenshot({ path: `/tmp/i43-shots/pay-${name}.png` });
}

for (const language of ['es', 'en'] as const) {
  const text = { ...BOOKING_TEXT[language], ...TEXT[language] };

  test.describe(`trust at paying, in ${language}`, () => {
    test.use(text.use);

    test('@phone-only on a phone: the total stays in view while choosing, and the terms, deposit and total sit with the pay button', async ({ page }) => {
      const offset = language === 'es' ? 610 : 620;
      await toCoverageStep(page, language, offset, 'Accent');

      // The step's total and Continue are at the bottom of the first screen, before any scrolling.
      const stepTotal = page.getByTestId('step-total');
      const footer = page.getByTestId('step-footer');
      await expectAllInView(page, [stepTotal, footer.getByRole('button', { name: text.continue })]);
      await coverageOption(page, text.basic).click();
      await expect(page.getByTestId('price-announcement')).not.toHaveText('');
      await expect(stepTotal).toContainText((await page.getByTestId('bill-total').textContent()) ?? 'no total');
      await shot(page, `sticky-total-${language}-phone`);
      await footer.getByRole('button', { name: text.continue }).click();

      // Adding a child seat moves the total in the bar, which is still in view; the panel announces it (once).
      await expect(page).toHaveURL(new RegExp(`${stepQuery(language, 'extras')}$`));
      await expect(stepTotal).toBeVisible();
      const before = (await stepTotal.textContent()) ?? '';
      await page.locator('select#extra-CHILD_SEAT').selectOption('1');
      await expect(stepTotal).not.toHaveText(before);
      await expect(page.getByTestId('price-announcement')).not.toHaveText('');
      await expect(page.getByRole('status').filter({ hasText: (await page.getByTestId('bill-total').textContent()) ?? 'no total' })).toHaveCount(1);
      await expectAllInView(page, [stepTotal, footer.getByRole('button', { name: text.continue })]);
      await shot(page, `sticky-extra-${language}-phone`);
      await footer.getByRole('button', { name: text.continue }).click();

      await expect(page).toHaveURL(new RegExp(`${stepQuery(language, 'client')}$`));
      await expect(stepTotal).toBeVisible();
      await fillRenter(page, language, language === 'es' ? 'Paola' : 'Peter');
      await page.getByRole('button', { name: text.continue }).click();
      await expect(page).toHaveURL(/\/reserva\/checkout$/);

      // The first screen of the pay step, before any scrolling: each way's total and until when cancelling is free, and
      // the deposit; once a way is chosen, that way only.
      const glance = page.getByTestId('paying-glance');
      await expect(glance.getByTestId('paying-glance-now')).toContainText(`${text.freeUntil} ${freeUntilDay(language, offset)}`);
      await expect(glance.getByTestId('paying-glance-atCounter')).toContainText(text.glanceCounter);
      await expect(glance.getByTestId('paying-glance-deposit')).toContainText('$1,500.00');
      await expect(glance.getByTestId('paying-glance-deposit')).toContainText(text.card);
      await expectAllInView(page, [glance.getByTestId('paying-glance-now'), glance.getByTestId('paying-glance-atCounter'), glance.getByTestId('paying-glance-deposit')]);
      await shot(page, `checkout-first-screen-${language}-phone`);

      // Paying now by card: the total, the dated cancellation terms, the deposit of Basic on a sedan and the card.
      await page.getByLabel(text.payByCard).check();
      await expect(page.getByTestId('pay-by-card')).toBeEnabled();
      const terms = page.getByTestId('paying-terms');
      await expect(terms.getByTestId('paying-terms-cancellation')).toContainText(`${text.freeUntil} ${freeUntilDay(language, offset)}`);
      await expect(terms.getByTestId('paying-terms-cancellation')).toContainText(text.panamaTime);
      await expect(terms.getByTestId('paying-terms-cancellation')).toContainText(text.lateFee);
      await expect(terms.getByTestId('paying-terms-deposit')).toContainText(text.deposit('$1,500.00'));
      await expect(terms.getByTestId('paying-terms-card')).toContainText(text.card);
      await expect(terms.getByTestId('paying-terms-total')).toContainText(text.payNow);
      // Scrolled as far as the pay button, the renter sees the total, the terms and the deposit above it, on one screen.
      await page.getByTestId('pay-by-card').evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await expectAllInView(page, [terms.getByTestId('paying-terms-total'), terms.getByTestId('paying-terms-cancellation'), terms.getByTestId('paying-terms-deposit'), page.getByTestId('pay-by-card')]);
      // The total beside the button is the one the button pays.
      const total = ((await terms.getByTestId('paying-terms-total').textContent()) ?? '').replace(text.payNow, '').trim();
      await expect(page.getByTestId('pay-by-card')).toContainText(total);
      await shot(page, `checkout-card-${language}-phone`);
      // Opened again (from the top), the glance holds the way chosen only, with the total the button pays.
      await page.goto(page.url());
      await expect(glance.getByTestId('paying-glance-atCounter')).toHaveCount(0);
      await expect(glance.getByTestId('paying-glance-now')).toContainText(total);
      await expectAllInView(page, [glance.getByTestId('paying-glance-now'), glance.getByTestId('paying-glance-deposit')]);

      // At the counter: nothing now, free change or cancellation until pickup, the same deposit, with the confirm button.
      await page.getByLabel(text.payAtCounter).check();
      const confirm = page.getByRole('button', { name: text.confirm });
      await expect(confirm).toBeVisible();
      await expect(terms.getByTestId('paying-terms-cancellation')).toHaveText(text.counterTerms);
      await expect(terms.getByTestId('paying-terms-total')).toContainText(text.payAtPickup);
      await expect(terms.getByTestId('paying-terms-deposit')).toContainText(text.deposit('$1,500.00'));
      await confirm.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await expectAllInView(page, [terms.getByTestId('paying-terms-total'), terms.getByTestId('paying-terms-cancellation'), terms.getByTestId('paying-terms-deposit'), confirm]);
      await shot(page, `checkout-counter-${language}-phone`);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('on a desktop: the terms beside the button and in the bill, the deposit of the coverage chosen, no bar over the form', async ({ page }) => {
      const offset = language === 'es' ? 630 : 640;
      await toCoverageStep(page, language, offset, 'Accent');
      // The panel is beside the form: no second total, and the buttons are not held over the form.
      await expect(page.getByTestId('step-total')).toBeHidden();
      expect(await page.getByTestId('step-footer').evaluate((element) => getComputedStyle(element).position)).toBe('static');
      await coverageOption(page, text.premium).click();
      await expect(page.getByTestId('price-announcement')).not.toHaveText('');
      await page.getByRole('button', { name: text.continue }).click();
      await expect(page).toHaveURL(new RegExp(`${stepQuery(language, 'extras')}$`));
      const billTotal = page.getByTestId('bill-total');
      const before = (await billTotal.textContent()) ?? '';
      await page.locator('select#extra-CHILD_SEAT').selectOption('1');
      await expect(billTotal).not.toHaveText(before);
      await page.getByRole('button', { name: text.continue }).click();
      await expect(page).toHaveURL(new RegExp(`${stepQuery(language, 'client')}$`));
      await fillRenter(page, language, language === 'es' ? 'Daniela' : 'Derek');
      await page.getByRole('button', { name: text.continue }).click();
      await expect(page).toHaveURL(/\/reserva\/checkout$/);

      // Nothing chosen yet: no terms to agree to. The bill beside the form holds the total, so no glance above it.
      await expect(page.getByTestId('paying-terms')).toHaveCount(0);
      await expect(page.getByTestId('paying-glance')).toBeHidden();
      await page.getByLabel(text.payByCard).check();
      const terms = page.getByTestId('paying-terms');
      await expect(terms.getByTestId('paying-terms-cancellation')).toContainText(`${text.freeUntil} ${freeUntilDay(language, offset)}`);
      // Premium on a sedan: the smallest deposit, beside the button and in the bill.
      await expect(terms.getByTestId('paying-terms-deposit')).toContainText(text.deposit('$250.00'));
      const billTerms = page.getByTestId('checkout-summary').getByTestId('bill-terms');
      await expect(billTerms).toContainText(text.billDeposit);
      await expect(billTerms).toContainText('$250.00');
      await expect(billTerms).toContainText(`${text.freeUntil} ${freeUntilDay(language, offset)}`);
      await page.getByTestId('pay-by-card').evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await expectAllInView(page, [terms.getByTestId('paying-terms-total'), terms.getByTestId('paying-terms-cancellation'), terms.getByTestId('paying-terms-deposit'), page.getByTestId('pay-by-card')]);
      await shot(page, `checkout-card-${language}-desktop`);

      await page.getByLabel(text.payAtCounter).check();
      await expect(terms.getByTestId('paying-terms-cancellation')).toHaveText(text.counterTerms);
      await expect(billTerms).toContainText(text.counterTerms);
      await expect(page.getByRole('button', { name: text.confirm })).toBeVisible();
      await shot(page, `checkout-counter-${language}-desktop`);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
