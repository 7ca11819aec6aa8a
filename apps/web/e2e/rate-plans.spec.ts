import { randomUUID } from 'node:crypto';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { adminHeaders } from '../test/content-admin';
import { BOOKING_TEXT, coverageToCheckout, ENGLISH, type Language, parsedOutbox, SPANISH, type StepName, stepQuery } from './helpers';

// Rate plans as a renter meets them, against the real stack: a season staff publish in the admin shows on the fleet's
// cards, the bill, the thanks page and the confirmation e-mail; the seeded 7-day discount too; and the checkout's price
// hold: a season published after the total was shown does not move it, and once the hold has ended the renter is told
// the new total before confirming it.

// Days 6,200 and later (per run, within 300 days): a season published here prices only dates no other browser test
// books or quotes (the others book within 600 days, counter actions from 4,800 to 5,400).
const RUN_OFFSET = 6_200 + (Date.now() % 300);
const runDay = (offset: number) => addDaysToLocalDate(formatPanamaDate(new Date()), RUN_OFFSET + offset);
const contentUrl = process.env.CONTENT_URL ?? '';

// Bookings with staff edits on the way take longer than one page's test.
test.describe.configure({ timeout: 150_000 });

type Season = { id: number; name: string };

async function publishSeason(name: string, starts: string, ends: string, adjustmentPercent: number): Promise<Season> {
  const headers = await adminHeaders(contentUrl);
  const response = await fetch(`${contentUrl}/items/rate_seasons`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ status: 'published', name, starts, ends, adjustment_percent: adjustmentPercent, brands: [], car_classes: [] }),
  });
  expect(response.status).toBe(200);
  const { data } = (await response.json()) as { data: { id: number } };
  return { id: data.id, name };
}

async function removeSeason(season: Season | undefined): Promise<void> {
  if (!season) return;
  await fetch(`${contentUrl}/items/rate_seasons/${season.id}`, { method: 'DELETE', headers: await adminHeaders(contentUrl) });
}

function fleetUrl(prefix: string, pickup: string, dropoff: string): string {
  return `${prefix}/flota?pickup_branch=PTY&pickup_date=${pickup}&pickup_time=10:00&return_date=${dropoff}&return_time=10:00`;
}

/** The first card of the fleet whose rate plans name `text`. */
const cardShowing = (page: Page, text: string) => page.getByTestId('car-card').filter({ has: page.getByTestId('rate-plans').filter({ hasText: text }) }).first();

/**
 * The fleet for the dates, reloaded until the storefront prices with the staff edit (revalidation takes seconds; a
 * machine busy with the other browser tests may take longer). The season applies to every car: any card shows it.
 */
async function fleetShowing(page: Page, url: string, text: string): Promise<void> {
  await expect(async () => {
    await page.goto(url);
    await expect(cardShowing(page, text)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}

const stepUrlIn = (language: Language) => (step: StepName) => new RegExp(`${language === 'en' ? '/en' : ''}/reserva\\?${stepQuery(language, step)}$`);

/** The draft of the booking in progress as the content service keeps it, with its price hold moved `minutes` back. */
async function ageThePriceHold(context: BrowserContext, minutes: number): Promise<void> {
  const headers = await adminHeaders(contentUrl);
  const draftId = (await context.cookies()).find((cookie) => cookie.name === 'reservation_draft')?.value.split('.')[0] ?? '';
  const saved = (await (await fetch(`${contentUrl}/items/reservation_drafts/${draftId}?fields=data`, { headers })).json()) as {
    data: { data: { priceHold?: { heldAt: string } } & Record<string, unknown> };
  };
  const hold = saved.data.data.priceHold;
  expect(hold, 'the checkout started a price hold').toBeDefined();
  const heldAt = new Date(Date.parse(hold?.heldAt ?? '') - minutes * 60_000).toISOString();
  const patched = await fetch(`${contentUrl}/items/reservation_drafts/${draftId}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ data: { ...saved.data.data, priceHold: { ...hold, heldAt } } }),
  });
  expect(patched.status).toBe(200);
}

/** The confirmation e-mail of reservation `number`: its text part. */
async function confirmationEmail(number: string): Promise<string> {
  await expect.poll(async () => (await parsedOutbox((mail) => (mail.text ?? '').includes(number))).length, { timeout: 20_000 }).toBeGreaterThan(0);
  const [mail] = await parsedOutbox((mail) => (mail.text ?? '').includes(number));
  return mail?.text ?? '';
}

/** Chooses to pay at the counter, once the server has saved the choice (the checkout then shows its price again). */
async function chooseToPayAtCounter(page: Page, language: Language): Promise<void> {
  const saved = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().endsWith('/reserva/checkout'));
  await page.getByRole('radio', { name: language === 'es' ? /^Pagar en el mostrador/ : /^Pay at the counter/ }).check();
  await saved;
}

async function confirm(page: Page, language: Language): Promise<void> {
  await page.getByRole('button', { name: language === 'es' ? 'Confirmar la reserva' : 'Confirm reservation' }).click();
}

test.describe('a season staff publish, in Spanish', () => {
  test.use(SPANISH);

  test('shows on the fleet, the bill, the thanks page and the confirmation e-mail: 2 of 4 days at +20 %', async ({ page }) => {
    const pickup = runDay(0);
    const name = `Temporada e2e ${randomUUID().slice(0, 6)}`;
    // The season ends on the rental's second day: days 1 and 2 at +20 %, days 3 and 4 at the base price.
    const season = await publishSeason(name, addDaysToLocalDate(pickup, -10), addDaysToLocalDate(pickup, 1), 20);
    try {
      const label = `Temporada: ${name} (+20% × 2 días)`;
      await fleetShowing(page, fleetUrl('', pickup, addDaysToLocalDate(pickup, 4)), label);
      const card = cardShowing(page, label);
      await expect(card.getByTestId('rate-plans')).toHaveText(label);
      await card.getByRole('button', { name: BOOKING_TEXT.es.reserve }).click();

      await coverageToCheckout(page, 'es', { firstName: 'Rosa', lastName: 'Temporada', email: `rosa.${randomUUID().slice(0, 8)}@example.com`, phone: '6123-4567', birthday: '1988-03-14', license: 'PA-445566' }, stepUrlIn('es'));
      await expect(page.getByTestId('bill')).toContainText(label);
      await expect(page.getByTestId('price-change-notice')).toHaveCount(0);
      const total = (await page.getByTestId('bill-total').textContent()) ?? '';

      await chooseToPayAtCounter(page, 'es');
      await confirm(page, 'es');
      await expect(page).toHaveURL(/\/reserva\/thanks$/);
      await expect(page.getByTestId('bill')).toContainText(label);
      await expect(page.getByTestId('bill-total')).toHaveText(total);
      const number = (await page.getByTestId('reservation-number').textContent()) ?? '';

      const email = await confirmationEmail(number);
      expect(email).toContain(label);
      expect(email).toContain(total);
    } finally {
      await removeSeason(season);
    }
  });
});

test.describe('the price hold, in English', () => {
  test.use(ENGLISH);

  test('a season published after the total was shown does not move it for 30 minutes; after that the renter sees the new total before confirming it', async ({ page, context }) => {
    const pickup = runDay(40);
    const dropoff = addDaysToLocalDate(pickup, 7);
    const lengthDiscount = 'Discount for 7 days or more (−10%)';
    // A week: the seeded 10 % tier shows on the card and on the bill.
    await page.goto(fleetUrl('/en', pickup, dropoff));
    const card = page.getByTestId('car-card').first();
    await expect(card.getByTestId('rate-plans')).toHaveText(lengthDiscount);
    await card.getByRole('button', { name: BOOKING_TEXT.en.reserve }).click();
    await coverageToCheckout(page, 'en', { firstName: 'Paul', lastName: 'Hold', email: `paul.${randomUUID().slice(0, 8)}@example.com`, phone: '6123-4567', birthday: '1985-07-02', license: 'PA-778899' }, stepUrlIn('en'));
    await expect(page.getByTestId('bill')).toContainText(lengthDiscount);
    // The way to pay is chosen first: choosing it shows the checkout again, which would tell a moved total by itself.
    await chooseToPayAtCounter(page, 'en');
    await page.reload();
    const shownTotal = (await page.getByTestId('bill-total').textContent()) ?? '';

    const name = `High season e2e ${randomUUID().slice(0, 6)}`;
    const seasonLabel = `Season: ${name} (+20% × 7 days)`;
    const season = await publishSeason(name, pickup, dropoff, 20);
    try {
      // The storefront prices the dates with the season (a fresh fleet page shows it)...
      const fleet = await context.newPage();
      await fleetShowing(fleet, fleetUrl('/en', pickup, dropoff), seasonLabel);
      await fleet.close();
      // ...but the checkout's total was shown less than 30 minutes ago: it holds, without a notice.
      await page.reload();
      await expect(page.getByTestId('bill-total')).toHaveText(shownTotal);
      await expect(page.getByTestId('bill')).not.toContainText(name);
      await expect(page.getByTestId('price-change-notice')).toHaveCount(0);

      // 31 minutes on, the renter confirms the total they saw: nothing is booked at it; the checkout tells the new one.
      await ageThePriceHold(context, 31);
      await confirm(page, 'en');
      const notice = page.getByTestId('price-change-notice');
      await expect(notice).toBeVisible();
      await expect(page).toHaveURL(/\/en\/reserva\/checkout$/);
      await expect(page.getByTestId('bill')).toContainText(seasonLabel);
      await expect(page.getByTestId('bill')).toContainText(lengthDiscount);
      const newTotal = (await page.getByTestId('bill-total').textContent()) ?? '';
      expect(newTotal).not.toBe(shownTotal);
      await expect(notice).toContainText(`the total is now ${newTotal} (it was ${shownTotal})`);

      // Confirmed at the new total: the thanks page and the e-mail carry it, with both lines.
      await confirm(page, 'en');
      await expect(page).toHaveURL(/\/en\/reserva\/thanks$/);
      await expect(page.getByTestId('bill-total')).toHaveText(newTotal);
      const number = (await page.getByTestId('reservation-number').textContent()) ?? '';
      const email = await confirmationEmail(number);
      expect(email).toContain(seasonLabel);
      expect(email).toContain(lengthDiscount);
      expect(email).toContain(newTotal);
    } finally {
      await removeSeason(season);
    }
  });
});
