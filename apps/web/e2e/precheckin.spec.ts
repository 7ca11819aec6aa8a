import { expect, test, type Page } from '@playwright/test';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { adminHeaders } from '../test/content-admin';
import { ENGLISH, type Language, outboxMessages, seriousViolations, SPANISH } from './helpers';

// Online pre-check-in as a renter does it, against the real stack: find the reservation, give the driver's documents
// (uploads checked by their bytes on the server), accept the terms by typing the name, pay what is due by card (or
// nothing, when prepaid), and get the code for the counter. Then the records are read as staff, and the documents
// are asked for without a token and with the storefront's token.

const contentUrl = process.env.CONTENT_URL ?? '';
const sandboxUrl = process.env.GATEWAY_SANDBOX_URL ?? '';
const storefrontToken = process.env.DIRECTUS_STOREFRONT_TOKEN ?? '';
const outbox = process.env.MAIL_OUTBOX_DIR;

test.describe.configure({ timeout: 120_000 });

const TEXT = {
  es: {
    number: 'Número de reserva',
    email: 'Correo electrónico de la reserva',
    mainDriver: 'Conductor principal',
    find: 'Continuar',
    notFound: 'No encontramos ninguna reserva con ese número y ese correo',
    licenseNumber: 'Número de licencia',
    licenseCountry: 'País que emitió la licencia',
    licenseExpiry: 'Vencimiento de la licencia',
    idDocument: 'Cédula o pasaporte',
    flight: 'Número de vuelo (opcional)',
    addDriver: 'Agregar un conductor',
    firstName: 'Nombre',
    lastName: 'Apellido',
    birthday: 'Fecha de nacimiento',
    acceptedName: /^Nombre completo/,
    continue: 'Continuar al pago',
    tooLarge: 'El archivo pesa más de 10 MB. Sube uno más liviano.',
    wrongType: 'Solo se aceptan archivos JPEG, PNG o PDF. El archivo elegido no es ninguno de ellos.',
    expiresBeforeReturn: 'La licencia vence antes de la fecha de devolución',
    minAge: 'Debes tener al menos 21 años en la fecha de retiro',
    acceptance: 'Escribe el nombre del conductor principal tal como aparece en la reserva: Marta Checkin',
    documentRequired: 'Sube una foto o un escaneo del documento',
    holder: 'Nombre del titular de la tarjeta',
    cardNumber: 'Número de tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    cvc: 'Código de seguridad (CVV)',
    thanks: '¡Pre-check-in completado!',
    nothingDue: 'No tienes nada por pagar',
    finish: 'Completar el pre-check-in',
    notFoundHeading: '404 - Página no encontrada',
  },
  en: {
    number: 'Reservation number',
    email: 'Email used for the reservation',
    mainDriver: 'Main driver',
    find: 'Continue',
    notFound: 'We could not find a reservation with that number and email',
    licenseNumber: 'Licence number',
    licenseCountry: 'Country that issued the licence',
    licenseExpiry: 'Licence expiry date',
    idDocument: 'ID card or passport number',
    flight: 'Flight number (optional)',
    addDriver: 'Add a driver',
    firstName: 'First name',
    lastName: 'Last name',
    birthday: 'Date of birth',
    acceptedName: /^Full name/,
    continue: 'Continue to payment',
    tooLarge: 'The file is larger than 10 MB. Upload a smaller one.',
    wrongType: 'Only JPEG, PNG or PDF files are accepted. The chosen file is none of them.',
    expiresBeforeReturn: 'The licence expires before the return date',
    minAge: 'You must be at least 21 years old on the pickup date',
    acceptance: "Type the main driver's name as it appears on the reservation: Marta Checkin",
    documentRequired: 'Upload a photo or a scan of the document',
    holder: 'Cardholder name',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code (CVV)',
    thanks: 'Pre-check-in complete!',
    nothingDue: 'Nothing left to pay',
    finish: 'Complete pre-check-in',
    notFoundHeading: '404 - Page not found',
  },
} as const;

// Tiny real files: a 2×2 JPEG, a 1×1 PNG and a one-page PDF.
const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCdAHrB/9k=',
  'base64',
);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const MB = 1024 * 1024;

type Row = Record<string, unknown>;


const renter = { name: 'Marta', last_name: 'Checkin', license: 'PA-5566', birthday: '1986-04-02', phone_number: '6123-4567' };
const today = () => formatPanamaDate(new Date());
// Each run books dates of its own, far from the other specs' (payments 160–480 days ahead).
const RUN_OFFSET = 600 + (Date.now() % 200);

async function staff(): Promise<Record<string, string>> {
  return adminHeaders(contentUrl);
}

async function rows(path: string): Promise<Row[]> {
  const headers = await staff();
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${contentUrl}${path}`, { headers });
    if (response.ok) return ((await response.json()) as { data: Row[] }).data;
    if (response.status !== 503 || attempt === 5) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
    await new Promise((done) => setTimeout(done, 500 * attempt));
  }
}

async function firstRow(path: string): Promise<Row> {
  const [row] = await rows(path);
  if (!row) throw new Error(`nothing at ${path}`);
  return row;
}

/** A reservation booked through the public API, picked up at Tocumen airport `offset` days from now, for three days. */
async function book(page: Page, type: 'postpaid' | 'prepaid', offset: number, email: string): Promise<{ number: string; total: number; returnDay: string }> {
  const [branch, car, coverage] = await Promise.all([firstRow('/items/branches?filter[code][_eq]=PTY'), firstRow('/items/flota?filter[modelo][_eq]=Accent'), firstRow('/items/coverages?filter[code][_eq]=BASIC')]);
  const pickupDay = addDaysToLocalDate(today(), offset);
  const returnDay = addDaysToLocalDate(pickupDay, 3);
  const response = await page.request.post('/api/reservations', {
    headers: { 'idempotency-key': `precheckin-e2e-${RUN_OFFSET}-${offset}-${type}` },
    data: {
      car_id: car.id,
      pickup_location: branch.id,
      return_location: branch.id,
      pickup_date: `${pickupDay}T10:00`,
      return_date: `${returnDay}T10:00`,
      coverage_id: coverage.id,
      era: false,
      reservation_type: type,
      client: { ...renter, email },
      terms_accepted: true,
    },
  });
  const body = (await response.json()) as { reservation_number: string; totals: { total: number } };
  expect(response.status(), JSON.stringify(body)).toBe(201);
  return { number: body.reservation_number, total: body.totals.total, returnDay };
}

/** The details page in English with one driver and both scans, sent: the renter lands on the pre-check-in's payment. */
async function sendEnglishDetails(page: Page, details: { licenseCountry: string; idDocument: string; idScan: string }) {
  const text = TEXT.en;
  await expect(page).toHaveURL(/\/en\/precheckin\/verify$/);
  await page.getByLabel(text.licenseCountry).selectOption(details.licenseCountry);
  await page.getByLabel(text.licenseExpiry).fill('2034-06-30');
  await page.getByLabel(text.idDocument).fill(details.idDocument);
  await page.getByTestId('upload-license').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('uploaded-license')).toContainText('licence.png');
  await page.getByTestId('upload-id').setInputFiles({ name: details.idScan, mimeType: 'image/jpeg', buffer: JPEG });
  await expect(page.getByTestId('uploaded-id')).toContainText(details.idScan);
  await page.getByLabel(text.acceptedName).fill('Marta Checkin');
  await page.getByRole('button', { name: text.continue }).click();
  await expect(page).toHaveURL(/\/en\/precheckin\/checkout$/);
}

async function find(page: Page, language: Language, number: string, email: string) {
  const text = TEXT[language];
  await page.goto(language === 'es' ? '/es/precheckin' : '/en/precheckin');
  await page.getByLabel(text.number).fill(number);
  await page.getByLabel(text.email).fill(email);
  await page.getByRole('button', { name: text.find, exact: true }).click();
}


async function precheckinOf(number: string): Promise<{ reservation: Row; precheckin: Row; payments: Row[] }> {
  const reservation = await firstRow(`/items/reservations?filter[reservation_number][_eq]=${number}&fields=*`);
  const precheckin = await firstRow(`/items/precheckins?filter[reservation][_eq]=${String(reservation.id)}&fields=*`);
  const payments = await rows(`/items/payments?filter[reservation][_eq]=${String(reservation.id)}&fields=*&sort=date_created`);
  return { reservation, precheckin, payments };
}

/** The outbox's messages naming `number` (the harness has no SMTP: each message is an .eml file). */
async function mailsAbout(number: string): Promise<string[]> {
  return outboxMessages((message) => message.includes(number));
}

test.describe('pre-check-in guards', () => {
  test.use(SPANISH);

  test('each guarded page opened directly is Page Not Found; checkout needs the details first', async ({ page }) => {
    for (const path of ['/precheckin/verify', '/precheckin/checkout', '/precheckin/thanks', '/en/precheckin/checkout']) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEXT.en.notFoundHeading);

    const email = `guard.${RUN_OFFSET}@example.com`;
    const { number } = await book(page, 'postpaid', RUN_OFFSET + 1, email);
    await find(page, 'es', number, 'someone.else@example.com');
    await expect(page.getByRole('alert').filter({ hasText: TEXT.es.notFound })).toBeVisible();
    await page.getByLabel(TEXT.es.email).fill(email);
    await page.getByRole('button', { name: TEXT.es.find, exact: true }).click();
    await expect(page).toHaveURL(/\/precheckin\/verify$/);
    // Found, but the details are not saved yet: the payment page is still not open, nor the confirmation.
    expect((await page.goto('/precheckin/checkout'))?.status()).toBe(404);
    expect((await page.goto('/precheckin/thanks'))?.status()).toBe(404);
    expect((await page.goto('/precheckin/verify'))?.status()).toBe(200);
  });
});

test.describe('pre-check-in of a reservation to pay at the counter, in Spanish', () => {
  test.use(SPANISH);

  test('@phone documents checked by their bytes, a refresh loses nothing, pay by card, the code for the counter; documents stay private', async ({ page }, testInfo) => {
    const text = TEXT.es;
    const offset = RUN_OFFSET + (testInfo.project.name === 'phone' ? 40 : 10);
    const email = `marta.${testInfo.project.name}.${RUN_OFFSET}@example.com`;
    const booked = await book(page, 'postpaid', offset, email);
    await find(page, 'es', booked.number, email);
    await expect(page).toHaveURL(/\/precheckin\/verify$/);
    expect(await seriousViolations(page)).toEqual([]);

    // A 12 MB scan, a text file named .pdf, then a good photo.
    const licence = page.getByTestId('upload-license');
    await licence.setInputFiles({ name: 'licencia-grande.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([JPEG, Buffer.alloc(12 * MB)]) });
    await expect(page.getByText(text.tooLarge)).toBeVisible();
    await licence.setInputFiles({ name: 'licencia.pdf', mimeType: 'application/pdf', buffer: Buffer.from('only some text, not a PDF at all\n') });
    await expect(page.getByText(text.wrongType)).toBeVisible();
    await licence.setInputFiles({ name: 'licencia.jpg', mimeType: 'image/jpeg', buffer: JPEG });
    await expect(page.getByTestId('uploaded-license')).toContainText('licencia.jpg');
    // The server refuses an oversize body by itself too, in the renter's language, whatever the page checked.
    const direct = await page.request.post('/api/precheckin/documents?locale=es', { multipart: { kind: 'license', file: { name: 'big.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([JPEG, Buffer.alloc(12 * MB)]) } } });
    expect(direct.status()).toBe(413);
    expect(((await direct.json()) as { errors: { message: string }[] }).errors[0]?.message).toBe(text.tooLarge);

    // Wrong values are explained; the ID is still missing.
    await page.getByLabel(text.licenseCountry).selectOption('PA');
    await page.getByLabel(text.licenseExpiry).fill(addDaysToLocalDate(booked.returnDay, -1));
    await page.getByLabel(text.idDocument).fill('8-888-1234');
    await page.getByLabel(text.flight).fill('cm 123');
    await page.getByRole('button', { name: text.addDriver }).click();
    const driver = page.getByTestId('additional-driver');
    await driver.getByLabel(text.firstName).fill('Tomás');
    await driver.getByLabel(text.lastName).fill('Joven');
    await driver.getByLabel(text.birthday).fill(addDaysToLocalDate(addDaysToLocalDate(today(), offset), -(20 * 365)));
    await driver.getByLabel(text.licenseNumber).fill('PA-7788');
    await driver.getByLabel(text.licenseCountry).selectOption('CR');
    await driver.getByLabel(text.licenseExpiry).fill('2035-01-01');
    await page.getByLabel(text.acceptedName).fill('Marta Otra');
    await page.getByRole('button', { name: text.continue }).click();
    await expect(page.getByText(text.expiresBeforeReturn).first()).toBeVisible();
    await expect(page.getByText(text.minAge)).toBeVisible();
    await expect(page.getByText(text.acceptance)).toBeVisible();
    await expect(page.getByText(text.documentRequired)).toBeVisible();

    // A refresh in the middle: everything typed and uploaded is still there.
    await page.reload();
    await expect(page.getByLabel(text.idDocument)).toHaveValue('8-888-1234');
    await expect(page.getByTestId('additional-driver').getByLabel(text.firstName)).toHaveValue('Tomás');
    await expect(page.getByTestId('uploaded-license')).toContainText('licencia.jpg');

    await page.getByRole('group', { name: text.mainDriver }).getByLabel(text.licenseExpiry).fill(booked.returnDay);
    await page.getByTestId('additional-driver').getByLabel(text.birthday).fill('1990-05-05');
    await page.getByTestId('upload-id').setInputFiles({ name: 'cedula.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(page.getByTestId('uploaded-id')).toContainText('cedula.pdf');
    await page.getByLabel(text.acceptedName).fill('marta  CHECKIN');
    await page.getByRole('button', { name: text.continue }).click();

    await expect(page).toHaveURL(/\/precheckin\/checkout$/);
    // Nothing was paid yet: all of it is due.
    await expect(page.getByTestId('amount-due')).toHaveText((await page.getByTestId('reservation-total').textContent()) ?? '');
    await page.getByLabel(text.holder).fill('Marta Checkin');
    const fields = page.frameLocator('[data-testid=card-fields-frame]');
    await fields.getByLabel(text.cardNumber).fill('4242 4242 4242 4242');
    await fields.getByLabel(text.expiry).fill('12/34');
    await fields.getByLabel(text.cvc).fill('739');
    await page.getByTestId('pay-by-card').click();

    await expect(page).toHaveURL(/\/precheckin\/thanks$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { name: text.thanks })).toBeVisible();
    await expect(page.getByTestId('reservation-number')).toHaveText(booked.number);
    await expect(page.getByTestId('counter-code').locator('svg')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    // The back button from the confirmation: the payment is done, so it shows the confirmation again.
    await page.goBack();
    await expect(page).toHaveURL(/\/precheckin\/thanks$/);

    const { reservation, precheckin, payments } = await precheckinOf(booked.number);
    expect(reservation).toMatchObject({ status: 'paid', payment_type: 'card' });
    expect(payments.map((row) => `${String(row.status)} ${String(row.amount)}`)).toEqual([`succeeded ${booked.total}`]);
    expect(precheckin).toMatchObject({
      status: 'paid',
      license_country: 'PA',
      license_expiry: booked.returnDay,
      id_document: '8-888-1234',
      flight_number: 'CM123',
      terms_accepted_name: 'marta  CHECKIN',
    });
    expect(precheckin.terms_accepted_at).toBeTruthy();
    expect(precheckin.additional_drivers).toEqual([{ first_name: 'Tomás', last_name: 'Joven', birthday: '1990-05-05', license_number: 'PA-7788', license_country: 'CR', license_expiry: '2035-01-01' }]);

    // The scans: private. Nobody without a token and not the storefront's token reads them; staff do.
    for (const field of ['license_file', 'id_file'] as const) {
      const file = String(precheckin[field]);
      expect((await fetch(`${contentUrl}/assets/${file}`)).status, `${field} without a token`).toBe(403);
      expect((await fetch(`${contentUrl}/assets/${file}`, { headers: { authorization: `Bearer ${storefrontToken}` } })).status, `${field} with the storefront token`).toBe(403);
      expect((await fetch(`${contentUrl}/files/${file}`, { headers: { authorization: `Bearer ${storefrontToken}` } })).status).toBe(403);
      expect((await fetch(`${contentUrl}/assets/${file}`, { headers: await staff() })).status, `${field} as staff`).toBe(200);
    }
    // The confirmation email carries the code for the counter.
    if (outbox) await expect.poll(async () => (await mailsAbout(booked.number)).some((mail) => mail.includes(`precheckin-${booked.number}.png`))).toBe(true);
  });
});

test.describe('pre-check-in of a prepaid reservation, in English', () => {
  test.use(ENGLISH);

  test('nothing is due: the pre-check-in completes without a payment', async ({ page }) => {
    const text = TEXT.en;
    const email = `marta.prepaid.${RUN_OFFSET}@example.com`;
    const booked = await book(page, 'prepaid', RUN_OFFSET + 70, email);
    // Paid through the public API with a token from the sandbox's card gateway.
    const tokenResponse = await fetch(`${sandboxUrl}/metrobank/v1/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${process.env.METROBANK_PUBLISHABLE_KEY ?? 'pk_test_local_sandbox'}`, 'content-type': 'application/json' },
      body: JSON.stringify({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '739', name: 'Marta Checkin' } }),
    });
    const token = ((await tokenResponse.json()) as { id: string }).id;
    const paid = await page.request.post(`/api/reservations/${booked.number}/payments`, { data: { email, method: 'card', token } });
    expect(paid.status(), await paid.text()).toBe(201);

    await find(page, 'en', booked.number, email);
    await sendEnglishDetails(page, { licenseCountry: 'US', idDocument: 'X1234567', idScan: 'passport.jpg' });
    // Back to the details: everything saved is there again, the scans included.
    await page.getByRole('link', { name: 'Back to my details' }).click();
    await expect(page).toHaveURL(/\/en\/precheckin\/verify$/);
    await expect(page.getByLabel(text.idDocument)).toHaveValue('X1234567');
    await expect(page.getByLabel(text.licenseCountry)).toHaveValue('US');
    await expect(page.getByTestId('uploaded-id')).toBeVisible();
    await page.getByRole('button', { name: text.continue }).click();
    await expect(page).toHaveURL(/\/en\/precheckin\/checkout$/);
    await expect(page.getByRole('heading', { name: text.nothingDue })).toBeVisible();
    await expect(page.getByTestId('amount-due')).toHaveText('$0.00');
    await page.getByRole('button', { name: text.finish }).click();
    await expect(page).toHaveURL(/\/en\/precheckin\/thanks$/);
    await expect(page.getByRole('heading', { name: text.thanks })).toBeVisible();

    const { precheckin, payments } = await precheckinOf(booked.number);
    expect(precheckin).toMatchObject({ status: 'paid', license_country: 'US' });
    expect(payments.filter((row) => row.kind === 'charge')).toHaveLength(1);
    if (outbox) await expect.poll(async () => (await mailsAbout(booked.number)).some((mail) => mail.includes(`precheckin-${booked.number}.png`))).toBe(true);
  });
});

test.describe('pre-check-in payment, in English', () => {
  test.use(ENGLISH);

  test('a refresh during the 3-D Secure check of what is due resumes it, and pays once', async ({ page }) => {
    const text = TEXT.en;
    const email = `marta.verify.${RUN_OFFSET}@example.com`;
    const booked = await book(page, 'postpaid', RUN_OFFSET + 75, email);
    await find(page, 'en', booked.number, email);
    await sendEnglishDetails(page, { licenseCountry: 'PA', idDocument: '8-777-4321', idScan: 'cedula.jpg' });

    await page.getByLabel(text.holder).fill('Marta Verify');
    const fields = page.frameLocator('[data-testid=card-fields-frame]');
    await fields.getByLabel(text.cardNumber).fill('4000 0000 0000 3220');
    await fields.getByLabel(text.expiry).fill('12/34');
    await fields.getByLabel(text.cvc).fill('739');
    const firstWindow = page.waitForEvent('popup');
    await page.getByTestId('pay-by-card').click();
    await (await firstWindow).close();
    // The page is rendered without asking the gateway; once loaded, the form asks the server and offers the check again.
    await page.reload();
    await expect(page.getByTestId('payment-verifying')).toContainText('Verifying payment...');
    const secondWindow = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Verify Payment' }).click();
    const check = await secondWindow;
    await check.getByRole('button', { name: 'Complete authentication' }).click();
    await expect(page).toHaveURL(/\/en\/precheckin\/thanks$/, { timeout: 20_000 });

    const { precheckin, payments } = await precheckinOf(booked.number);
    expect(precheckin).toMatchObject({ status: 'paid' });
    expect(payments.filter((row) => row.kind === 'charge').map((row) => `${String(row.status)} ${String(row.amount)}`)).toEqual([`succeeded ${booked.total}`]);
  });
});
