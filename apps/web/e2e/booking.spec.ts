import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { adminHeaders } from '../test/content-admin';
import { installIntlCounter } from '../test/intl-counter';
import { client as clientAddress } from '../test/integration-clients';
import { BOOKING_TEXT, coverageToCheckout, ENGLISH, panamaDate, seriousViolations, SPANISH, type StepName, stepQuery } from './helpers';

// The booking flow as a renter goes through it, against the real stack: search, fleet with totals, every step, a
// refresh in the middle, the coupon, the confirmation, the thanks page, the email and the calendar file; then manage
// booking. Each test books its own dates far enough apart that tests never compete for the same stock.

const outbox = process.env.MAIL_OUTBOX_DIR;


function emailFor(number: string): string | undefined {
  if (!outbox) return undefined;
  for (const file of readdirSync(outbox)) {
    const text = readFileSync(join(outbox, file), 'utf8');
    if (text.includes(number)) return text;
  }
  return undefined;
}

// A whole booking with accessibility audits on the way takes far longer than one page's test.
test.describe.configure({ timeout: 120_000 });

test.describe('in Spanish on a desktop', () => {
  test.use(SPANISH);

  test('from the landing search to the thanks page, the email and the calendar file', async ({ page }) => {
    const pickup = panamaDate(45);
    const dropoff = panamaDate(48);
    await page.goto('/');
    await page.getByLabel('Sucursal de retiro').selectOption({ label: 'Aeropuerto de Tocumen (PTY)' });
    await page.getByLabel('Fecha de retiro').fill(pickup);
    await page.getByLabel('Fecha de devolución').fill(dropoff);
    await page.getByRole('button', { name: 'Ver autos disponibles' }).click();

    await expect(page).toHaveURL(/\/flota\?.*pickup_date=/);
    await expect(page.getByTestId('search-branch')).toContainText('Tocumen');
    const firstCard = page.getByTestId('car-card').first();
    await expect(firstCard.getByTestId('total-price')).toContainText('en el mostrador');
    await expect(firstCard.getByText('impuestos y cargos incluidos')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const carName = (await firstCard.getByRole('heading').textContent())?.replace(' o similar', '') ?? '';
    await firstCard.getByRole('button', { name: /^Reservar/ }).click();

    // The search's dates passed every rule: the flow opens on the coverage.
    await expect(page).toHaveURL(/\/reserva\?paso=cobertura$/);
    await expect(page.getByTestId('summary-car')).toHaveText(carName.replace(/ o similar$/, ''));
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Debes seleccionar una cobertura para continuar')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('coverage-option').first().click();
    await page.getByRole('button', { name: 'Continuar' }).click();

    await expect(page).toHaveURL(/\/reserva\?paso=extras$/);
    await page.getByLabel(/^(GPS|Navegador).*: ¿cuántas unidades\?$/).selectOption('1');
    await page.getByRole('button', { name: 'Continuar' }).click();

    await expect(page).toHaveURL(/\/reserva\?paso=datos$/);
    await expect(page.getByTestId('bill')).toContainText('× 1');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Este campo es obligatorio').first()).toBeVisible();
    await page.getByLabel('Nombre', { exact: true }).fill('Ana');
    await page.getByLabel('Apellido').fill('Pérez');
    await page.getByLabel('Correo electrónico').fill('ana.e2e@example.com');
    await page.getByLabel('Teléfono').fill('6123-4567');
    await page.getByLabel('Fecha de nacimiento').fill('1990-05-20');
    await page.getByLabel('Número de licencia de conducir').fill('PA-998877');
    await expect(page.getByLabel('Nombre', { exact: true })).toHaveAttribute('autocomplete', 'given-name');
    await expect(page.getByLabel('Fecha de nacimiento')).toHaveAttribute('autocomplete', 'bday');
    await page.getByLabel('Acepto los términos y condiciones').check();

    // A refresh in the middle loses nothing typed once saved: the draft lives on the server.
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(/\/reserva\/checkout$/);
    await page.reload();
    await expect(page.getByTestId('summary-car')).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Ana');
    await page.goForward();

    const totalBefore = await page.getByTestId('bill-total').textContent();
    await page.getByRole('button', { name: '¿Tienes un código de descuento?' }).click();
    await page.getByPlaceholder('Ingresa tu código').fill('PATRIAS10');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByText('Este cupón ha vencido')).toBeVisible();
    await page.getByPlaceholder('Ingresa tu código').fill('bienvenido10');
    await page.getByRole('button', { name: 'Aplicar' }).click();
    await expect(page.getByTestId('coupon-applied')).toContainText('BIENVENIDO10');
    await expect(page.getByTestId('bill-total')).not.toHaveText(totalBefore ?? '');
    expect(await seriousViolations(page)).toEqual([]);

    // Nothing is chosen for the renter: paying at the counter is their choice.
    await page.getByRole('radio', { name: /^Pagar en el mostrador/ }).check();
    await page.getByRole('button', { name: 'Confirmar la reserva' }).click();
    await expect(page).toHaveURL(/\/reserva\/thanks$/);
    await expect(page.getByRole('heading', { name: '¡Gracias, Ana!' })).toBeVisible();
    const number = (await page.getByTestId('reservation-number').textContent()) ?? '';
    expect(number).toMatch(/^FF-[2-9A-HJ-NP-Z]{6}$/);
    await expect(page.getByTestId('bill')).toContainText('Cupón BIENVENIDO10');

    const calendar = await page.request.get('/api/booking/calendar');
    expect(calendar.status()).toBe(200);
    expect(calendar.headers()['content-type']).toContain('text/calendar');
    expect(await calendar.text()).toContain(number);

    if (outbox) {
      await expect.poll(() => emailFor(number) !== undefined).toBe(true);
      const email = emailFor(number) ?? '';
      expect(email).toContain('ana.e2e@example.com');
      expect(email).toContain('text/calendar');
    }

    // The checkout of a finished booking sends the renter to its thanks page.
    await page.goto('/reserva/checkout');
    await expect(page).toHaveURL(/\/reserva\/thanks$/);
  });
});

test.describe('in English on a phone', () => {
  test.use({ ...ENGLISH });

  test('@phone-only from the plain fleet: dates first, then the whole flow by keyboard, and manage booking', async ({ page }) => {
    await page.goto('/en/flota');
    await page.getByTestId('car-card').first().getByRole('button', { name: /^Reserve/ }).click();
    await expect(page).toHaveURL(/\/en\/reserva\?step=dates$/);
    await page.getByLabel('Pick-up branch').selectOption({ label: 'Tocumen Airport (PTY)' });
    await page.getByLabel('Pick-up date').fill(panamaDate(75));
    await page.getByLabel('Return date').fill(panamaDate(74));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('The return must be after the pick-up')).toBeVisible();
    await page.getByLabel('Return date').fill(panamaDate(77));
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/en\/reserva\?step=coverage$/);
    expect(await seriousViolations(page)).toEqual([]);
    // Keyboard only: the first coverage's radio, then on to the button.
    await page.getByRole('radio').first().focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Continue' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/en\/reserva\?step=extras$/);
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/en\/reserva\?step=details$/);
    await page.getByLabel('First name').fill('John');
    await page.getByLabel('Last name').fill('Smith');
    await page.getByLabel('Email').fill('john.e2e@example.com');
    await page.getByLabel('Phone').fill('+1 212 555 0100');
    await page.getByLabel('Date of birth').fill('2015-01-01');
    await page.getByLabel("Driver's licence number").fill('NY-1234');
    await page.getByLabel('I accept the terms and conditions').check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByText('You must be at least 21 years old on the pick-up date')).toBeVisible();
    await page.getByLabel('Date of birth').fill('1985-03-03');
    await page.getByRole('button', { name: 'Continue' }).click();

    await expect(page).toHaveURL(/\/en\/reserva\/checkout$/);
    // Nothing is chosen for the renter: the counter, chosen by keyboard.
    await page.getByRole('radio', { name: /^Pay at the counter/ }).focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Confirm reservation' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you, John!' })).toBeVisible();
    const number = (await page.getByTestId('reservation-number').textContent()) ?? '';

    await page.getByRole('link', { name: 'Manage your booking' }).click();
    await expect(page).toHaveURL(/\/en\/mi-reserva$/);
    await page.getByLabel('Reservation number').fill(number.toLowerCase());
    await page.getByLabel('Email').fill('JOHN.E2E@example.com');
    await page.getByRole('button', { name: 'Find my booking' }).click();
    await expect(page.getByTestId('reservation-status')).toHaveText('Confirmed, to pay at the counter');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Return date').fill(panamaDate(79));
    await page.getByRole('button', { name: 'See the new price' }).click();
    const preview = page.getByTestId('change-preview');
    await expect(preview).toBeVisible();
    const [current, next] = await Promise.all([preview.getByTestId('current-total').textContent(), preview.getByTestId('new-total').textContent()]);
    expect(current).not.toBe(next);
    // The renter is told the change is priced by today's rates, not those of the day they booked.
    await expect(preview.getByTestId('change-rates-note')).toContainText("today's rates");
    await preview.getByRole('button', { name: 'Confirm the change' }).click();
    await expect(page.getByTestId('summary-days')).toHaveText('4 days');

    await page.getByRole('button', { name: 'Cancel reservation' }).click();
    await page.getByRole('button', { name: 'Yes, cancel my reservation' }).click();
    await expect(page.getByTestId('reservation-status')).toHaveText('Cancelled');
  });
});

declare global {
  interface Window {
    intlUses?: number;
  }
}

/** Counts, per document, what builds an Intl formatter or asks for the locales Intl supports, in `window.intlUses`. */
const COUNT_INTL_USES = `window.intlUses = 0; (${installIntlCounter.toString()})(() => { window.intlUses += 1; });`;

test.describe('the steps’ first load, in Spanish', () => {
  test.use(SPANISH);

  // The browser's first Intl call loads its locale data (tens of milliseconds on a phone): the server formats what
  // the steps show, and the build compiles the messages, so opening a step runs none before the renter acts.
  test('each booking step, opened afresh, hydrates without Intl', async ({ page }) => {
    const text = BOOKING_TEXT.es;
    await page.addInitScript({ content: COUNT_INTL_USES });
    const intlUsesOfAFreshLoad = async () => {
      await page.reload();
      await expect(page.getByRole('button', { name: text.continue })).toBeEnabled();
      await page.waitForLoadState('networkidle');
      return page.evaluate(() => window.intlUses);
    };

    await page.goto('/flota');
    await page.getByTestId('car-card').first().getByRole('button', { name: text.reserve }).click();
    await expect(page).toHaveURL(/\/reserva\?paso=fechas$/);
    expect(await intlUsesOfAFreshLoad()).toBe(0);
    await page.getByLabel(text.pickupDate).fill(panamaDate(50));
    await page.getByLabel(text.returnDate).fill(panamaDate(53));
    await page.getByRole('button', { name: text.continue }).click();

    await expect(page).toHaveURL(/\/reserva\?paso=cobertura$/);
    expect(await intlUsesOfAFreshLoad()).toBe(0);
    await page.getByTestId('coverage-option').first().click();
    await page.getByRole('button', { name: text.continue }).click();

    await expect(page).toHaveURL(/\/reserva\?paso=extras$/);
    expect(await intlUsesOfAFreshLoad()).toBe(0);
    await page.getByRole('button', { name: text.continue }).click();

    await expect(page).toHaveURL(/\/reserva\?paso=datos$/);
    expect(await intlUsesOfAFreshLoad()).toBe(0);
    // The count is live: checking the empty form counts its errors in the language's plural.
    await page.getByRole('button', { name: text.continue }).click();
    await expect.poll(() => page.evaluate(() => window.intlUses)).toBeGreaterThan(0);
  });
});

test.describe('a dropped connection, in English', () => {
  test.use({ ...ENGLISH });

  test('@phone a step saved while offline says so and keeps what was typed; back online it goes on', async ({ page }) => {
    await page.goto('/en/flota');
    await page.getByTestId('car-card').first().getByRole('button', { name: /^Reserve/ }).click();
    await expect(page).toHaveURL(/\/en\/reserva\?step=dates$/);
    await page.getByLabel('Pick-up branch').selectOption({ label: 'Tocumen Airport (PTY)' });
    await page.getByLabel('Pick-up date').fill(panamaDate(60));
    await page.getByLabel('Return date').fill(panamaDate(64));

    // The step's save (a server action, a POST) never reaches the server.
    await page.route('**/*', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'We could not reach the server. Check your connection and try again: what you typed is still here.' })).toBeVisible();
    await expect(page).toHaveURL(/\/en\/reserva\?step=dates$/);
    await expect(page.getByLabel('Return date')).toHaveValue(panamaDate(64));

    await page.unroute('**/*');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page).toHaveURL(/\/en\/reserva\?step=coverage$/);
    await expect(page.getByTestId('summary-days')).toHaveText('4 days');
  });
});

const CHANGED_CONTENT = {
  es: { use: SPANISH, prefix: '', quantity: 'Silla para bebé: ¿cuántas unidades?', issue: 'Silla para bebé: Como máximo 3 por alquiler', fix: 'Cambiar los extras', line: 'Silla para bebé × 2', days: 66 },
  en: { use: ENGLISH, prefix: '/en', quantity: 'Child seat: how many?', issue: 'Child seat: At most 3 per rental', fix: 'Change the extras', line: 'Child seat × 2', days: 71 },
} as const;

for (const language of ['es', 'en'] as const) {
  const text = { ...BOOKING_TEXT[language], ...CHANGED_CONTENT[language] };
  test.describe(`content changed under a saved step, in ${language}`, () => {
    test.use(text.use);

    test('the bill names what no longer prices and links to the step that puts it right', async ({ page, context }) => {
      const stepUrl = (step: StepName) => new RegExp(`${text.prefix}/reserva\\?${stepQuery(language, step)}$`);
      await page.goto(`${text.prefix}/flota`);
      await page.getByTestId('car-card').first().getByRole('button', { name: text.reserve }).click();
      await page.getByLabel(text.pickupBranch).selectOption({ label: text.tocumen });
      await page.getByLabel(text.pickupDate).fill(panamaDate(text.days));
      await page.getByLabel(text.returnDate).fill(panamaDate(text.days + 3));
      await page.getByRole('button', { name: text.continue }).click();
      await page.getByTestId('coverage-option').first().click();
      await page.getByRole('button', { name: text.continue }).click();
      await page.getByLabel(text.quantity).selectOption('1');
      await page.getByRole('button', { name: text.continue }).click();
      await expect(page).toHaveURL(stepUrl('client'));

      // Staff lowered the seat's maximum (3) below what the renter chose after the step was saved: played here by
      // raising the saved quantity, which leaves the content every other test reads alone.
      const contentUrl = process.env.CONTENT_URL ?? '';
      const headers = { ...(await adminHeaders(contentUrl)), 'content-type': 'application/json' };
      const draftId = (await context.cookies()).find((cookie) => cookie.name === 'reservation_draft')?.value.split('.')[0] ?? '';
      const saved = (await (await fetch(`${contentUrl}/items/reservation_drafts/${draftId}?fields=data`, { headers })).json()) as { data: { data: Record<string, unknown> } };
      const patched = await fetch(`${contentUrl}/items/reservation_drafts/${draftId}`, { method: 'PATCH', headers, body: JSON.stringify({ data: { ...saved.data.data, extras: [{ code: 'CHILD_SEAT', quantity: 5 }] } }) });
      expect(patched.status).toBe(200);

      await page.reload();
      const issues = page.getByTestId('draft-issues');
      await expect(issues).toHaveText(`${text.issue} ${text.fix}`);
      await issues.getByRole('link', { name: text.fix }).click();
      await expect(page).toHaveURL(stepUrl('extras'));
      await page.getByLabel(text.quantity).selectOption('2');
      await page.getByRole('button', { name: text.continue }).click();
      await expect(page).toHaveURL(stepUrl('client'));
      await expect(page.getByTestId('draft-issues')).toHaveCount(0);
      await expect(page.getByText(text.line)).toBeVisible();
    });
  });
}

test.describe('a connection that made too many reservations today, in Spanish', () => {
  const address = clientAddress();
  test.use({ ...SPANISH, extraHTTPHeaders: { ...SPANISH.extraHTTPHeaders, 'x-forwarded-for': address } });

  test('the checkout says why it cannot book, books nothing and keeps the renter’s details', async ({ page }) => {
    // The brand's limit (10 in 24 hours) already reached from this address, as ten earlier bookings would leave it.
    const contentUrl = process.env.CONTENT_URL ?? '';
    const headers = { ...(await adminHeaders(contentUrl)), 'content-type': 'application/json' };
    const counted = await fetch(`${contentUrl}/items/rate_limits`, { method: 'POST', headers, body: JSON.stringify({ key: `reservations:${address}`, hits: 10, window_ends_at: Date.now() + 3_600_000 }) });
    expect(counted.status).toBe(200);

    await page.goto('/flota');
    await page.getByTestId('car-card').first().getByRole('button', { name: /^Reservar/ }).click();
    await page.getByLabel('Sucursal de retiro').selectOption({ label: 'Aeropuerto de Tocumen (PTY)' });
    await page.getByLabel('Fecha de retiro').fill(panamaDate(85));
    await page.getByLabel('Fecha de devolución').fill(panamaDate(88));
    await page.getByRole('button', { name: 'Continuar' }).click();
    const renter = { firstName: 'Rosa', lastName: 'Límite', email: 'rosa.limite@example.com', phone: '6123-4567', birthday: '1988-08-08', license: 'PA-4455' };
    await coverageToCheckout(page, 'es', renter, (step) => new RegExp(`/reserva\\?${stepQuery('es', step)}$`));

    // Nothing is chosen for the renter: paying at the counter is their choice.
    await page.getByRole('radio', { name: /^Pagar en el mostrador/ }).check();
    await page.getByRole('button', { name: 'Confirmar la reserva' }).click();
    await expect(page.getByRole('alert').filter({ hasText: /^Se han hecho demasiadas reservas desde esta conexión en las últimas 24 horas\. Llámanos al \+507 \d{3,4}-\d{4} para reservar o inténtalo más tarde$/ })).toBeVisible();
    await expect(page).toHaveURL(/\/reserva\/checkout$/);
    const saved = (await (await fetch(`${contentUrl}/items/reservations?filter[client_email][_eq]=${renter.email}&fields=id`, { headers })).json()) as { data: unknown[] };
    expect(saved.data).toEqual([]);
    await page.goto('/reserva?paso=client');
    await expect(page.getByLabel('Nombre', { exact: true })).toHaveValue('Rosa');
    await expect(page.getByLabel('Número de licencia de conducir')).toHaveValue('PA-4455');
  });
});

test.describe('guards', () => {
  test.use(SPANISH);

  test('the flow without a draft is Page Not Found, and a forged draft cookie is ignored', async ({ page, context }) => {
    const response = await page.goto('/reserva?paso=client');
    expect(response?.status()).toBe(404);
    await context.addCookies([{ name: 'reservation_draft', value: '00000000-0000-0000-0000-000000000000.forged', url: page.url() }]);
    expect((await page.goto('/reserva'))?.status()).toBe(404);
    expect((await page.goto('/reserva/thanks'))?.status()).toBe(404);
  });
});
