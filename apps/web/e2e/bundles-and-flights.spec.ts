import { expect, test, type Page } from '@playwright/test';
import { adminRows, BOOKING_TEXT, ENGLISH, type Language, outboxMessages, panamaDate, seriousViolations, SPANISH, stepQuery } from './helpers';

// What a coverage bundles and what meet & greet needs (issue 43, points 2 and 5), as a renter meets them: Premium's
// card prices the roadside assistance it includes into its daily price and its bill line says it is included, never a
// fee of its own; choosing meet & greet asks the arrival flight, refuses to go on without one (keeping what was typed),
// and the reservation, the thanks page and the e-mail keep it; the bill names the delivery by its short name. Each
// project and language books its own dates (250+ days ahead), so no other test's stock is touched.

test.describe.configure({ timeout: 180_000 });

const contentUrl = process.env.CONTENT_URL ?? '';
const shots = process.env.I43_SHOTS ? '/tmp/i43-shots' : undefined;

const TEXT = {
  es: {
    context: SPANISH,
    home: '/',
    premium: 'Protección Premium',
    eraOnCard: 'Incluye asistencia en carretera: $3.99 por día, ya sumados a este precio',
    eraBox: 'Incluida en Protección Premium: sus $3.99 por día ya están en el precio diario de la cobertura, no se cobran aparte.',
    eraLine: 'Asistencia en carretera (incluida en Protección Premium)',
    meetGreet: /^Meet & greet en Tocumen/,
    noDelivery: 'Retiraré el auto en la sucursal',
    deliveryLine: 'Meet & greet en Tocumen',
    deliveryDescription: 'un agente te espera',
    flight: 'Número de vuelo',
    flightRequired: 'Escribe el número de tu vuelo (por ejemplo, CM 123): con él, el agente te espera a tu llegada.',
    flightInvalid: 'Ingresa un número de vuelo válido',
    counter: /^Pagar en el mostrador/,
    confirm: 'Confirmar la reserva',
    arrivalFlight: 'Vuelo de llegada',
  },
  en: {
    context: ENGLISH,
    home: '/en',
    premium: 'Premium Protection',
    eraOnCard: 'Includes roadside assistance: $3.99 per day, already in this price',
    eraBox: "Included in Premium Protection: its $3.99 per day is already in the coverage's daily price, not charged on top.",
    eraLine: 'Roadside assistance (included in Premium Protection)',
    meetGreet: /^Meet & greet at Tocumen/,
    noDelivery: 'I will pick up the car at the branch',
    deliveryLine: 'Meet & greet at Tocumen',
    deliveryDescription: 'an agent waits for you',
    flight: 'Flight number',
    flightRequired: 'Enter your flight number (for example, CM 123): the agent uses it to meet you on arrival.',
    flightInvalid: 'Enter a valid flight number',
    counter: /^Pay at the counter/,
    confirm: 'Confirm reservation',
    arrivalFlight: 'Arrival flight',
  },
} as const;

async function shot(page: Page, name: string, language: Language, device: string): Promise<void> {
  if (shots) await page.screenshot({ path: `${shots}/cover-${name}-${language}-${device}.png`, fullPage: true });
}

for (const language of ['es', 'en'] as const) {
  const text = TEXT[language];
  const booking = BOOKING_TEXT[language];

  test.describe(`bundles and flights (${language})`, () => {
    test.use(text.context);

    test('Premium bundles its roadside assistance; meet & greet asks the flight, and the booking keeps it', async ({ page }, testInfo) => {
      const device = testInfo.project.name === 'phone' ? 'phone' : 'desktop';
      const offset = 250 + (language === 'es' ? 0 : 10) + (device === 'phone' ? 20 : 0);
      await page.goto(text.home);
      await page.getByLabel(booking.pickupBranch).selectOption({ index: 1 });
      await page.getByLabel(booking.pickupDate).fill(panamaDate(offset));
      await page.getByLabel(booking.returnDate).fill(panamaDate(offset + 4));
      await page.getByRole('button', { name: booking.search }).click();
      await page.getByTestId('car-card').first().getByRole('button', { name: booking.reserve }).click();
      await expect(page).toHaveURL(new RegExp(stepQuery(language, 'coverage')));

      // The card names the assistance it includes with its daily price in the coverage's; the box offers nothing apart.
      const premium = page.getByTestId('coverage-option').filter({ hasText: text.premium });
      await expect(premium).toContainText(text.eraOnCard);
      await premium.click();
      await expect(page.getByTestId('era-in-coverage')).toHaveText(text.eraBox);
      // The panel dims while it prices the choice: checked once the new price is told.
      await expect(page.getByTestId('price-announcement')).not.toHaveText('');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'coverage', language, device);
      await page.getByRole('button', { name: booking.continue }).click();
      await expect(page).toHaveURL(new RegExp(stepQuery(language, 'extras')));

      // Meet & greet asks the flight; without one (or with something else) the step does not go on.
      const flight = page.getByRole('textbox', { name: text.flight });
      await expect(flight).toHaveCount(0);
      // A choice made before the step hydrates is not seen by the form (a busy machine hydrates late): choose again
      // until the field appears.
      await expect(async () => {
        await page.getByRole('radio', { name: text.noDelivery }).check();
        await page.getByRole('radio', { name: text.meetGreet }).check();
        await expect(flight).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      await page.getByRole('button', { name: booking.continue }).click();
      await expect(flight).toHaveAccessibleDescription(new RegExp(text.flightRequired.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
      await expect(flight).toBeFocused();
      await expect(page).toHaveURL(new RegExp(stepQuery(language, 'extras')));
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'flight-required', language, device);
      await flight.fill('Copa');
      await page.getByRole('button', { name: booking.continue }).click();
      await expect(flight).toHaveAccessibleDescription(new RegExp(text.flightInvalid));
      await expect(flight).toHaveValue('Copa');
      await flight.fill('cm 123');
      await page.getByRole('button', { name: booking.continue }).click();
      await expect(page).toHaveURL(new RegExp(stepQuery(language, 'client')));

      const firstName = language === 'es' ? 'Marta' : 'Mary';
      const email = `${firstName.toLowerCase()}.flight.${device}@example.com`;
      await page.getByLabel(booking.firstName, { exact: true }).fill(firstName);
      await page.getByLabel(booking.lastName).fill('Vuelo');
      await page.getByLabel(booking.email).fill(email);
      await page.getByLabel(booking.phone).fill('6123-4567');
      await page.getByLabel(booking.birthday).fill('1985-07-21');
      await page.getByLabel(booking.license).fill('PA-434343');
      await page.getByLabel(booking.acceptTerms).check();
      await page.getByRole('button', { name: booking.continue }).click();
      await expect(page).toHaveURL(/\/reserva\/checkout$/);

      // The bill: the assistance as part of Premium, the delivery by its short name, never its description.
      const bill = page.getByTestId('bill').first();
      await expect(bill).toContainText(text.eraLine);
      await expect(bill).toContainText(text.deliveryLine);
      await expect(bill).not.toContainText(text.deliveryDescription);
      await expect(bill).not.toContainText('(ERA)');
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'bill', language, device);

      await page.getByRole('radio', { name: text.counter }).check();
      await page.getByRole('button', { name: text.confirm }).click();
      await expect(page).toHaveURL(/\/reserva\/thanks$/);
      const number = ((await page.getByTestId('reservation-number').textContent()) ?? '').trim();
      await expect(page.getByTestId('summary-flight')).toHaveText('CM123');
      await expect(page.getByTestId('bill').first()).toContainText(text.eraLine);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, 'thanks', language, device);

      // The reservation keeps the flight (the counter reads it from there), and the e-mail names it.
      const { admin } = adminRows(contentUrl);
      const rows = await admin<Array<{ flight_number: string | null }>>(`/items/reservations?filter[reservation_number][_eq]=${encodeURIComponent(number)}&fields=flight_number`);
      expect(rows.map((row) => row.flight_number)).toEqual(['CM123']);
      if (process.env.MAIL_OUTBOX_DIR) {
        await expect.poll(async () => (await outboxMessages((message) => message.includes(number))).length).toBeGreaterThan(0);
        const [mail = ''] = await outboxMessages((message) => message.includes(number));
        expect(mail).toContain(`${text.arrivalFlight}`);
        expect(mail).toContain('CM123');
        expect(mail).toContain(text.eraLine);
      }
    });
  });
}
