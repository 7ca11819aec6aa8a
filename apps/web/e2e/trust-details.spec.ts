import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminHeaders } from '../test/content-admin';
import { BOOKING_TEXT, coverageToCheckout, ENGLISH, type Language, panamaDate, SPANISH, stepQuery } from './helpers';

// The small things that cost a renter's trust (issue 29, point 4), as a renter meets them: one money format, dates that
// read naturally, the bill before the card form on a phone, no way to pay chosen for the renter, a header whose links
// each fit on one line and say where they lead, the promotions' artwork loaded (or a fallback), and the card fields in
// the page's font. Nothing is booked, so no stock is held; the dates (200+ days ahead) meet no other test's.

test.describe.configure({ timeout: 120_000 });

const CONTEXT = { es: SPANISH, en: ENGLISH } as const;
const contentUrl = process.env.CONTENT_URL ?? '';

const TEXT = {
  es: {
    home: '/',
    checkout: '/reserva/checkout',
    business: { name: 'Empresas', href: '/info/planes-corporativos' },
    agents: { name: 'Acceso agentes', href: '/corporativo' },
    openMenu: 'Abrir menú',
    legend: '¿Cómo quieres pagar?',
    counter: /^Pagar en el mostrador/,
    card: /^Pagar ahora con tarjeta/,
    submit: 'Continuar con este medio de pago',
    required: 'Elige cómo quieres pagar para continuar.',
    confirm: 'Confirmar la reserva',
    pickupAt: /\d{4}, 10:00, en /,
  },
  en: {
    home: '/en',
    checkout: '/en/reserva/checkout',
    business: { name: 'For business', href: '/en/info/planes-corporativos' },
    agents: { name: 'Agent sign-in', href: '/en/corporativo' },
    openMenu: 'Open menu',
    legend: 'How would you like to pay?',
    counter: /^Pay at the counter/,
    card: /^Pay now by card/,
    submit: 'Continue with this way to pay',
    required: 'Choose how you want to pay to continue.',
    confirm: 'Confirm reservation',
    pickupAt: /\d{4}, 10:00, at /,
  },
} as const;

/** From the landing search to the checkout for dates `offset` days ahead; checks the coverages' money on the way. */
async function toCheckout(page: Page, language: Language, offset: number, firstName: string): Promise<void> {
  const text = BOOKING_TEXT[language];
  await page.goto(TEXT[language].home);
  await page.getByLabel(text.pickupBranch).selectOption({ index: 1 });
  await page.getByLabel(text.pickupDate).fill(panamaDate(offset));
  await page.getByLabel(text.returnDate).fill(panamaDate(offset + 3));
  await page.getByRole('button', { name: text.search }).click();
  await page.getByTestId('car-card').first().getByRole('button', { name: text.reserve }).click();
  await expect(page).toHaveURL(new RegExp(stepQuery(language, 'coverage')));
  // One money format on a coverage's card: its deductible and the staff's text about it read the same.
  const basic = page.getByTestId('coverage-option').first();
  await expect(basic).toContainText('$1,500.00');
  await expect(page.locator('main')).not.toContainText('US$');
  const renter = { firstName, lastName: 'Detalle', email: `${firstName.toLowerCase()}.detalle@example.com`, phone: '6123-4567', birthday: '1988-03-14', license: 'PA-292929' };
  await coverageToCheckout(page, language, renter, (step) => new RegExp(stepQuery(language, step)));
}

/** Whether `link` is drawn on one line: its box is one line of its text plus its padding, tall. */
function oneLineHigh(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((links) =>
    links
      .filter((link) => link.getClientRects().length > 0)
      .map((link) => {
        const style = getComputedStyle(link);
        const oneLine = Number.parseFloat(style.lineHeight) + Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
        return { text: link.textContent, height: link.getBoundingClientRect().height, oneLine };
      }),
  );
}

for (const language of ['es', 'en'] as const) {
  const text = TEXT[language];

  test(`the header's links each fit on one line at 1280 px and say where they lead; a menu narrower (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ ...CONTEXT[language], viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(text.home);
    await page.evaluate(() => document.fonts.ready);
    const nav = page.getByRole('navigation', { name: language === 'es' ? 'Navegación principal' : 'Main navigation' }).first();
    await expect(nav).toBeVisible();
    const links = await oneLineHigh(page, 'header nav a');
    expect(links.length).toBeGreaterThanOrEqual(8);
    for (const link of links) expect(Math.abs(link.height - link.oneLine), `${link.text}: ${link.height}px, one line is ${link.oneLine}px`).toBeLessThan(1);
    // The row itself fits: nothing spills out of the header.
    expect(await page.locator('header > div').evaluate((row) => row.scrollWidth - row.clientWidth)).toBeLessThanOrEqual(0);
    // Two links that read differently and lead to different places: the corporate plans page and the agents' sign-in.
    await expect(nav.getByRole('link', { name: text.business.name, exact: true })).toHaveAttribute('href', text.business.href);
    await expect(nav.getByRole('link', { name: text.agents.name, exact: true })).toHaveAttribute('href', text.agents.href);

    // At 1024 px and on a phone the links are behind the menu button, each still on one line.
    for (const width of [1024, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await expect(nav).toBeHidden();
      await page.locator('header summary').filter({ hasText: text.openMenu }).click();
      const menu = page.getByRole('navigation', { name: language === 'es' ? 'Navegación principal' : 'Main navigation' }).last();
      await expect(menu.getByRole('link', { name: text.business.name, exact: true })).toBeVisible();
      const entries = await oneLineHigh(page, 'header details nav a');
      expect(entries.length).toBeGreaterThanOrEqual(8);
      for (const entry of entries) expect(Math.abs(entry.height - entry.oneLine), `${entry.text} at ${width}px`).toBeLessThan(1);
      await page.screenshot({ path: test.info().outputPath(`header-${width}.png`) });
      await page.locator('header summary').click();
    }
    await context.close();
  });

  test(`the landing's promotions show their artwork without scrolling, amounts in content read as the site's (${language})`, async ({ browser }) => {
    const context = await browser.newContext({ ...CONTEXT[language], viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(text.home);
    const images = page.getByTestId('promo-card').getByTestId('promo-image');
    await expect(images.first()).toBeAttached();
    // Loaded with the page, before any scrolling: none is an empty box in a full-page view.
    await expect
      .poll(() => images.evaluateAll((found) => found.map((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)))
      .toEqual(expect.not.arrayContaining([false]));
    await page.screenshot({ path: test.info().outputPath('landing.png'), fullPage: true });

    // An info page written by staff with "US$250" and "US$2,500" shows them in the one money format.
    await page.goto(language === 'es' ? '/info/terminos-y-condiciones' : '/en/info/terminos-y-condiciones');
    await expect(page.locator('main')).toContainText('$2,500.00');
    await expect(page.locator('main')).not.toContainText('US$');
    await context.close();
  });
}

test('a promotion without artwork shows the brand tint and a tag, not an empty box (es, en)', async ({ browser }) => {
  const headers = await adminHeaders(contentUrl);
  const slug = `sin-imagen-${Date.now()}`;
  const created = await fetch(`${contentUrl}/items/promos`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      status: 'published',
      slug,
      sort: 99,
      valid_from: panamaDate(-1),
      valid_until: panamaDate(30),
      brands: [],
      image: null,
      translations: [
        { languages_code: 'es-ES', title: 'Promoción sin ilustración', description: 'Una promoción de prueba.', terms: '' },
        { languages_code: 'en-US', title: 'Promotion without artwork', description: 'A test promotion.', terms: '' },
      ],
    }),
  });
  expect(created.status, await created.clone().text()).toBe(200);
  const { data } = (await created.json()) as { data: { id: number | string } };
  try {
    for (const [language, title] of [
      ['es', 'Promoción sin ilustración'],
      ['en', 'Promotion without artwork'],
    ] as const) {
      const context = await browser.newContext(CONTEXT[language]);
      const page = await context.newPage();
      const card = page.getByTestId('promo-card').filter({ has: page.getByRole('heading', { name: title }) });
      // The content service's webhook expires the promotions within seconds.
      await expect(async () => {
        await page.goto(language === 'es' ? '/promos' : '/en/promos');
        await expect(card).toHaveCount(1);
      }).toPass({ timeout: 30_000 });
      const fallback = card.getByTestId('promo-image-fallback');
      await expect(fallback).toBeVisible();
      expect((await fallback.boundingBox())?.height ?? 0).toBeGreaterThan(50);
      await expect(fallback.locator('svg')).toBeVisible();
      expect(await fallback.evaluate((box) => getComputedStyle(box).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
      await context.close();
    }
  } finally {
    await fetch(`${contentUrl}/items/promos/${String(data.id)}`, { method: 'DELETE', headers });
  }
});

/** The checkout's payment choices: none checked. */
async function expectNothingChosen(page: Page, language: Language): Promise<void> {
  const group = page.getByRole('group', { name: TEXT[language].legend });
  await expect(group.getByRole('radio')).not.toHaveCount(0);
  for (const radio of await group.getByRole('radio').all()) await expect(radio).not.toBeChecked();
}

test('on a 390x844 phone the checkout shows the total and its lines before the payment; nothing is chosen to pay (es)', async ({ browser }) => {
  const context = await browser.newContext({ ...SPANISH, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await toCheckout(page, 'es', 201, 'Lucia');
  const text = TEXT.es;

  // The bill (its lines and total) is above the coupon and the payment, which come after it.
  const bill = page.getByTestId('bill');
  const billLines = bill.locator('[data-line]');
  await expect(billLines.first()).toBeVisible();
  const totalBox = await page.getByTestId('bill-total').boundingBox();
  const paymentBox = await page.getByRole('heading', { name: 'Pago', exact: true }).boundingBox();
  const lastLineBox = await billLines.last().boundingBox();
  expect(totalBox && paymentBox && lastLineBox).toBeTruthy();
  expect(lastLineBox?.y ?? Infinity).toBeLessThan(paymentBox?.y ?? 0);
  expect(totalBox?.y ?? Infinity).toBeLessThan(paymentBox?.y ?? 0);
  await expect(page.getByTestId('checkout-summary')).toContainText(text.pickupAt);
  await page.screenshot({ path: test.info().outputPath('checkout-phone.png'), fullPage: true });

  // "Pagar en el mostrador" is not chosen for the renter; going on without a choice says a choice is needed.
  await expectNothingChosen(page, 'es');
  await expect(page.getByRole('button', { name: text.confirm })).toHaveCount(0);
  await page.getByRole('button', { name: text.submit }).click();
  const group = page.getByRole('group', { name: text.legend });
  await expect(group.getByRole('alert')).toHaveText(text.required);
  await expect(group).toHaveAccessibleDescription(text.required);
  await expect(group.getByRole('radio').first()).toBeFocused();

  await group.getByRole('radio', { name: text.counter }).check();
  await expect(page.getByRole('button', { name: text.confirm })).toBeVisible();
  await expect(group.getByRole('alert')).toHaveCount(0);
  // Saved on the server: a reload shows the same choice.
  await page.reload();
  await expect(page.getByRole('group', { name: text.legend }).getByRole('radio', { name: text.counter })).toBeChecked();
  await context.close();
});

/** A second page on the same draft with JavaScript off. */
async function withoutJavaScript(browser: Browser, context: BrowserContext): Promise<BrowserContext> {
  return browser.newContext({ ...ENGLISH, storageState: await context.storageState(), javaScriptEnabled: false });
}

test('the choice of how to pay works without JavaScript, and the card fields are drawn in the page’s font (en)', async ({ browser }) => {
  // A renter's browser as it is: ENGLISH's extra request headers (a made-up client address) would go on the frame's
  // font request too, which a browser never sends, and make it a CORS preflight. This test books nothing, so it needs
  // no address of its own.
  const context = await browser.newContext({ locale: ENGLISH.locale });
  const page = await context.newPage();
  await toCheckout(page, 'en', 205, 'Oliver');
  const text = TEXT.en;
  await expect(page.getByTestId('checkout-summary')).toContainText(text.pickupAt);
  await expect(page.getByTestId('checkout-summary')).not.toContainText(/ at \S+ at /);
  await expectNothingChosen(page, 'en');

  // Without JavaScript: going on with nothing chosen says so; a choice is posted with the button and saved.
  const plain = await withoutJavaScript(browser, context);
  const plainPage = await plain.newPage();
  await plainPage.goto(text.checkout);
  await expectNothingChosen(plainPage, 'en');
  await plainPage.getByRole('button', { name: text.submit }).click();
  await expect(plainPage.getByRole('group', { name: text.legend }).getByRole('alert')).toHaveText(text.required);
  await plainPage.getByRole('radio', { name: text.counter }).check();
  await plainPage.getByRole('button', { name: text.submit }).click();
  await expect(plainPage).toHaveURL(/\/en\/reserva\/checkout$/);
  await expect(plainPage.getByRole('radio', { name: text.counter })).toBeChecked();
  await expect(plainPage.getByRole('button', { name: text.confirm })).toBeAttached();
  await plain.close();

  // The renter's page reads the saved choice; choosing the card shows the gateway's fields in the page's font.
  await page.reload();
  await expect(page.getByRole('radio', { name: text.counter })).toBeChecked();
  await page.getByRole('radio', { name: text.card }).check();
  const frameElement = page.getByTestId('card-fields-frame');
  await expect(frameElement).toBeVisible();
  await expect(page.getByTestId('pay-by-card')).toBeEnabled();
  const pageStyle = await page.locator('form:has([data-testid=card-fields-frame])').evaluate((form) => {
    const style = getComputedStyle(form);
    return { fontFamily: style.fontFamily, fontSize: style.fontSize, color: style.color };
  });
  const frame = page.frameLocator('[data-testid=card-fields-frame]');
  const number = frame.getByLabel('Card number');
  await expect
    .poll(() =>
      number.evaluate((input) => {
        const style = getComputedStyle(input);
        return { fontFamily: style.fontFamily, fontSize: style.fontSize, color: style.color };
      }),
    )
    .toEqual(pageStyle);
  // And the page's font is really there: the frame loaded the face the family names first.
  const first = pageStyle.fontFamily.split(',')[0]?.trim().replace(/^["']|["']$/g, '') ?? '';
  await expect
    .poll(() => number.evaluate((_input, family) => [...document.fonts].some((face) => face.family.replace(/^["']|["']$/g, '') === family && face.status === 'loaded'), first))
    .toBe(true);
  await page.screenshot({ path: test.info().outputPath('card-fields.png'), fullPage: true });
  await context.close();
});
