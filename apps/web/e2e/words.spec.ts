import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { BOOKING_TEXT, ENGLISH, seriousViolations, SPANISH, stepQuery, type Language } from './helpers';

// Issue 43, point 9: one form of address in Spanish, each language's own words for the branches, the step in the URL
// and the login provider, and one refund delay. Screenshots only when I43_SHOTS is set; the assertions run always.

const TEXT = {
  es: {
    use: SPANISH,
    prefix: '',
    tocumen: 'Aeropuerto de Tocumen (PTY)',
    address: 'Terminal 1, área de llegadas, planta baja',
    directions: 'Al salir de Aduanas en el área de llegadas de la Terminal 1, gira a la derecha',
    provider: 'Ingresar con Tu empresa (inicio de sesión único)',
    refundDelay: 'Los reembolsos se hacen al mismo medio de pago en un plazo de hasta 15 días hábiles.',
  },
  en: {
    use: ENGLISH,
    prefix: '/en',
    tocumen: 'Tocumen Airport (PTY)',
    address: 'Terminal 1, arrivals hall, ground floor, Tocumen International Airport',
    directions: 'After clearing Customs in the Terminal 1 arrivals hall, turn right',
    provider: 'Log in with Your company (single sign-on)',
    refundDelay: 'Refunds go back to the original payment method within 15 business days.',
  },
} as const;

/** Formal Spanish ("usted") the pages used to mix in: a visible text with one of these speaks to the renter as "usted". */
const USTED = /\busted(es)?\b|\ble acompaña\b|\b(gire|indique|tome|siga|escríbanos|intente)\b|\bsu reserva\b|\bsus datos\b|\bPuede (elegir|pagar|devolver|ejercer|llegar)\b/i;

async function shot(page: Page, testInfo: TestInfo, what: string, language: Language): Promise<void> {
  if (!process.env.I43_SHOTS) return;
  await page.screenshot({ path: `/tmp/i43-shots/words-${what}-${language}-${testInfo.project.name}.png`, fullPage: false });
}

for (const language of ['es', 'en'] as const) {
  const text = TEXT[language];
  const other: Language = language === 'es' ? 'en' : 'es';

  test.describe(`words, in ${language}`, () => {
    test.use(text.use);

    test("@phone the branches page gives each branch's name, address and directions in the page's language", async ({ page }, testInfo) => {
      await page.goto(`${text.prefix}/sucursales`);
      const tocumen = page.getByTestId('branch').filter({ hasText: text.tocumen });
      await expect(tocumen).toHaveCount(1);
      await expect(tocumen).toContainText(text.address);
      await expect(tocumen).toContainText(text.directions);
      await expect(tocumen).not.toContainText(TEXT[other].address);
      await tocumen.scrollIntoViewIfNeeded();
      await shot(page, testInfo, 'branches', language);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("@phone the booking steps name themselves in the page's language, and an old link still opens its step", async ({ page }, testInfo) => {
      await page.goto(`${text.prefix}/flota`);
      await page.getByTestId('car-card').first().getByRole('button', { name: BOOKING_TEXT[language].reserve }).click();
      await expect(page).toHaveURL(new RegExp(`${text.prefix}/reserva\\?${stepQuery(language, 'location')}$`));
      await expect(page.getByLabel(BOOKING_TEXT[language].pickupBranch).locator('option', { hasText: text.tocumen })).toHaveCount(1);
      await shot(page, testInfo, 'step-url', language);
      expect(await seriousViolations(page)).toEqual([]);

      // A link written before (`?paso=location`) and the other language's form land on this page's form of the step.
      for (const old of ['paso=location', stepQuery(other, 'location')]) {
        await page.goto(`${text.prefix}/reserva?${old}`);
        await expect(page).toHaveURL(new RegExp(`${text.prefix}/reserva\\?${stepQuery(language, 'location')}$`));
        await expect(page.getByLabel(BOOKING_TEXT[language].pickupBranch)).toBeVisible();
      }
    });

    test('@phone the corporate login names the provider with the words staff gave it in this language', async ({ page }, testInfo) => {
      await page.goto(`${text.prefix}/corporativo/ingresar`);
      const provider = page.getByRole('link', { name: text.provider });
      await expect(provider).toBeVisible();
      await expect(page.getByText(/OIDC/)).toHaveCount(0);
      await provider.scrollIntoViewIfNeeded();
      await shot(page, testInfo, 'login', language);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test("@phone the terms state the site config's refund delay, with no placeholder left", async ({ page }, testInfo) => {
      await page.goto(`${text.prefix}/info/terminos-y-condiciones`);
      const delay = page.getByText(text.refundDelay);
      await expect(delay).toBeVisible();
      await expect(page.locator('main')).not.toContainText('{refund_business_days}');
      await delay.scrollIntoViewIfNeeded();
      await shot(page, testInfo, 'terms', language);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe('Spanish speaks to the renter as "tú"', () => {
  test.use(SPANISH);

  test('@phone no main page says "usted" or its forms', async ({ page }) => {
    for (const path of ['/', '/flota', '/sucursales', '/info/terminos-y-condiciones', '/info/politica-de-privacidad', '/info/preguntas-frecuentes', '/mi-reserva', '/corporativo/ingresar']) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      const visible = await page.locator('body').innerText();
      expect(visible.match(USTED)?.[0], path).toBeUndefined();
    }
  });
});
