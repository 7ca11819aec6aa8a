import { expect, test, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { addDaysToLocalDate, formatPanamaDate, formatPanamaDateTime } from '@rentacar/domain/dates';
import { formatPlate } from '@rentacar/domain/vehicles';
import { adminRows, ENGLISH, type Language, parsedOutbox, seriousViolations, SPANISH } from './helpers';

// A day at the counter on a tablet (768×1024), in Spanish and in English: a counter staff member signs in, opens a
// booking by typing its number, hands the car over (its plate, mileage, the fuel gauge), takes it back hours late with
// fuel missing and damage, then collects what is due (the card on file in Spanish, at the counter in English); the
// renter gets one receipt e-mail with the final bill, in the booking's language. Each test books its own car through
// the public API (prepaid by card, so a card is on file) and moves its dates into the past through the admin, as if it
// had been booked days ago. Last, a booking made for a pickup within 24 hours has its car at once: the pickup refuses
// another car's plate, staff swap the car, and the pickup goes through with the new one's plate.

test.describe.configure({ timeout: 180_000 });

const contentUrl = process.env.CONTENT_URL ?? '';
const sandboxUrl = process.env.GATEWAY_SANDBOX_URL ?? 'http://127.0.0.1:8070';
const publishableKey = process.env.METROBANK_PUBLISHABLE_KEY ?? 'pk_test_local_sandbox';
const RUN = Date.now().toString(36);
// Days of this file only (far from the other specs' dates), per run.
const RUN_OFFSET = 4_800 + (Date.now() % 500);
const TABLET = { width: 768, height: 1024 };
// A 1×1 PNG: the photo a tablet's camera would give the file input.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');

const TEXT = {
  es: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    number: 'Número de reserva',
    find: 'Buscar',
    mileage: 'Kilometraje (km)',
    depositAmount: 'Monto del depósito (US$)',
    tocumen: 'Aeropuerto de Tocumen (PTY)',
    photos: 'Fotos del auto',
    fuel: 'Combustible (en octavos de tanque)',
    full: 'Lleno',
    fiveEighths: '5/8',
    damageAmount: 'Cargo por daños (US$)',
    plate: 'Placa del auto entregado',
    plateMismatch: 'Esta placa no es la del auto asignado a la reserva',
    assignPlate: 'Placa del auto',
    assign: 'Asignar este auto',
    assigned: 'Auto asignado.',
    pickup: 'Registrar la entrega',
    giveBack: 'Registrar la devolución',
    card: 'Cobrar a la tarjeta registrada',
    counter: 'Cobrado en el mostrador',
    receiptSent: 'El recibo se envió al cliente.',
    subject: /^Recibo de devolución · reserva /,
    fuelLine: 'Combustible: 3 octavos de tanque a $5.00',
    lateLine: /Devolución tardía: \d+ horas? a \$10\.00/,
    damageLine: 'Daños: $100.00',
    nothingDue: 'No tienes saldo pendiente.',
  },
  en: {
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    number: 'Reservation number',
    find: 'Find',
    mileage: 'Mileage (km)',
    depositAmount: 'Deposit amount (US$)',
    tocumen: 'Tocumen Airport (PTY)',
    photos: 'Photos of the car',
    fuel: 'Fuel (eighths of a tank)',
    full: 'Full',
    fiveEighths: '5/8',
    damageAmount: 'Damage charge (US$)',
    plate: 'Plate of the car handed over',
    plateMismatch: 'This plate is not the car assigned to the booking',
    assignPlate: 'Plate of the car',
    assign: 'Assign this car',
    assigned: 'Car assigned.',
    pickup: 'Record the pickup',
    giveBack: 'Record the return',
    card: 'Charge the card on file',
    counter: 'Collected at the counter',
    receiptSent: 'The receipt was sent to the renter.',
    subject: /^Return receipt · reservation /,
    fuelLine: 'Fuel: 3 eighths of a tank at $5.00',
    lateLine: /Late return: \d+ hours? at \$10\.00/,
    damageLine: 'Damage: $100.00',
    nothingDue: 'You have nothing left to pay.',
  },
} as const;

type Row = Record<string, unknown> & { id: number | string };

const { admin, createUnits, removeCreated } = adminRows(contentUrl);

test.afterAll(async () => {
  await removeCreated();
});

/** A unit as these tests read it: its plate (stored normalised) and its mileage. */
type Unit = { plate: string; mileage: number };

/** The unit the booking holds once assigned, read as the admin; throws while it has none assigned. */
async function assignedUnit(number: string): Promise<Unit> {
  const row = await first(`/items/reservations?filter[reservation_number][_eq]=${number}&fields=vehicle_assigned_at,vehicle.plate,vehicle.mileage`);
  const unit = row.vehicle as { plate?: string; mileage?: number } | null;
  if (!row.vehicle_assigned_at || !unit?.plate) throw new Error(`${number} has no unit assigned`);
  return { plate: unit.plate, mileage: Number(unit.mileage ?? 0) };
}

async function first(path: string): Promise<Row> {
  const [row] = await admin<Row[]>(path);
  if (!row) throw new Error(`nothing at ${path}`);
  return row;
}

/**
 * The brand's return rates for these tests: US$5.00 an eighth of fuel, US$10.00 an hour late, no grace. Written the
 * same by every test (the run's temporary database; no other browser test takes a car back).
 */
async function setReturnRates(): Promise<void> {
  const site = await first('/items/sites_config?filter[brand][_eq]=firefly&fields=id');
  await admin(`/items/sites_config/${site.id}`, { method: 'PATCH', body: { fuel_refill_rate_per_eighth: 500, late_return_hourly_rate: 1000, late_return_grace_minutes: 0 } });
}

/** A counter staff member of Tocumen (PTY), made through the admin: their e-mail and password. */
async function counterStaff(language: Language, tag: string = language): Promise<{ email: string; password: string }> {
  const [role, branch] = await Promise.all([first('/roles?filter[name][_eq]=Counter%20staff&fields=id'), first('/items/branches?filter[code][_eq]=PTY&fields=id')]);
  const email = `mostrador.e2e.${tag}.${RUN}@example.com`;
  const password = `Counter-${RUN}-pw!`;
  await admin('/users', { method: 'POST', body: { email, password, role: role.id, branch: branch.id, status: 'active', first_name: 'Lucía', last_name: 'Mostrador' } });
  return { email, password };
}

/**
 * A prepaid booking at Tocumen, paid by card through the public API (the card stays on file), in `language`; then
 * moved by the admin to have started twenty hours ago and to have been due back three hours ago, and given its car by
 * the assignment pass (run now rather than within its five minutes), as it would be by then.
 */
async function lateBooking(page: Page, language: Language, offset: number): Promise<{ number: string; email: string; unit: Unit }> {
  const [branch, car, coverage] = await Promise.all([first('/items/branches?filter[code][_eq]=PTY'), first('/items/flota?filter[modelo][_eq]=Accent'), first('/items/coverages?filter[code][_eq]=BASIC')]);
  const email = `renter.counter.${language}.${RUN}@example.com`;
  const start = addDaysToLocalDate(formatPanamaDate(new Date()), RUN_OFFSET + offset);
  const booked = await page.request.post('/api/reservations', {
    headers: { 'idempotency-key': `counter-e2e-${RUN}-${language}` },
    data: {
      car_id: car.id,
      pickup_location: branch.id,
      return_location: branch.id,
      pickup_date: `${start}T10:00`,
      return_date: `${addDaysToLocalDate(start, 3)}T10:00`,
      coverage_id: coverage.id,
      era: false,
      reservation_type: 'prepaid',
      client: { name: 'Rita', last_name: 'Devolución', email, license: 'PA-445566', birthday: '1988-02-03', phone_number: '6123-4567' },
      terms_accepted: true,
    },
  });
  const body = (await booked.json()) as { reservation_number: string };
  expect(booked.status(), JSON.stringify(body)).toBe(201);
  const number = body.reservation_number;
  const tokenResponse = await fetch(`${sandboxUrl}/metrobank/v1/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '739', name: 'Rita Devolucion' } }),
  });
  const token = ((await tokenResponse.json()) as { id: string }).id;
  const paid = await page.request.post(`/api/reservations/${number}/payments`, { data: { email, method: 'card', token } });
  expect(paid.status(), await paid.text()).toBe(201);
  const row = await first(`/items/reservations?filter[reservation_number][_eq]=${number}&fields=id`);
  const hoursAgo = (hours: number) => formatPanamaDateTime(new Date(Date.now() - hours * 3_600_000));
  await admin(`/items/reservations/${row.id}`, { method: 'PATCH', body: { pickup_date: hoursAgo(20), return_date: hoursAgo(3) } });
  await admin('/booking/vehicles/assign', { method: 'POST', body: { only: [Number(car.id)] } });
  return { number, email, unit: await assignedUnit(number) };
}

async function receiptsTo(address: string, subject: RegExp): Promise<ParsedMail[]> {
  return parsedOutbox((mail) => subject.test(mail.subject ?? '') && (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.value.some((entry) => entry.address === address)));
}

/** Signs in at /mostrador and opens the booking by typing its number. */
async function openBooking(page: Page, language: Language, staff: { email: string; password: string }, number: string): Promise<void> {
  const text = TEXT[language];
  await page.goto(language === 'es' ? '/mostrador' : '/en/mostrador');
  await page.getByLabel(text.email).fill(staff.email);
  await page.getByLabel(text.password).fill(staff.password);
  await page.getByRole('button', { name: text.signIn }).click();
  await page.getByLabel(text.number).fill(number.toLowerCase());
  await page.getByRole('button', { name: text.find, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/mostrador/${number}$`));
  // The branch by its name in the counter's language (staff's English name of Tocumen on the English counter).
  await expect(page.getByTestId('counter-staff')).toContainText(text.tocumen);
}

/**
 * Signs in at /mostrador, opens the booking by typing its number, hands its car (`unit`) over with its plate and a
 * mileage past the car's, and takes it back.
 */
async function handOverAndTakeBack(page: Page, language: Language, staff: { email: string; password: string }, number: string, unit: Unit): Promise<void> {
  const text = TEXT[language];
  await openBooking(page, language, staff, number);
  await expect(page.getByTestId('counter-vehicle-plate')).toHaveText(formatPlate(unit.plate));
  const out = unit.mileage + 200;

  const pickup = page.getByTestId('pickup-form');
  await pickup.getByLabel(text.plate).fill(formatPlate(unit.plate).toLowerCase());
  await pickup.getByLabel(text.mileage).fill(String(out));
  // The deposit the renter was told at checkout (Basic on a sedan) is proposed; this handover takes none: cleared.
  await expect(pickup.getByLabel(text.depositAmount)).toHaveValue('1500.00');
  if (process.env.I43_SHOTS) {
    // The counter is used on a tablet: the pickup form with its proposed deposit, as staff see it there.
    const desktop = page.viewportSize();
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.screenshot({ path: `/tmp/i43-shots/counter-pickup-${language}-tablet.png`, fullPage: true });
    if (desktop) await page.setViewportSize(desktop);
  }
  await pickup.getByLabel(text.depositAmount).fill('');
  await pickup.getByRole('group', { name: text.fuel }).getByRole('radio', { name: text.full }).check();
  await pickup.getByLabel(text.photos).setInputFiles([{ name: 'front.png', mimeType: 'image/png', buffer: PNG }, { name: 'back.png', mimeType: 'image/png', buffer: PNG }]);
  await pickup.getByRole('button', { name: text.pickup }).click();

  const giveBack = page.getByTestId('return-form');
  await expect(giveBack).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('pickup-form')).toHaveCount(0);
  // Nothing typed is lost on a refusal: a mileage below the pickup's is refused on its field, the rest stays.
  await giveBack.getByLabel(text.mileage).fill(String(out - 1_000));
  await giveBack.getByRole('group', { name: text.fuel }).getByRole('radio', { name: text.fiveEighths }).check();
  await giveBack.getByLabel(text.damageAmount).fill('100');
  await giveBack.getByRole('button', { name: text.giveBack }).click();
  await expect(giveBack.getByRole('alert').filter({ hasText: language === 'es' ? 'menor que el de la entrega' : 'below the pickup' }).first()).toBeVisible();
  await expect(giveBack.getByLabel(text.damageAmount)).toHaveValue('100');
  await giveBack.getByLabel(text.mileage).fill(String(out + 350));
  await giveBack.getByRole('button', { name: text.giveBack }).click();
  await expect(page.getByTestId('charges-step')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('amount-due')).toContainText('$');
  // The page's bill and payments follow the final bill: the return's charges listed, the same amount due.
  await expect(page.getByTestId('counter-return-charge')).toHaveCount(4);
  const due = (await page.getByTestId('counter-due').textContent()) ?? '';
  expect(due).not.toBe('$0.00');
  await expect(page.getByTestId('amount-due')).toContainText(due);
}

/** The two photos taken at the handover, stored on the reservation (files of the private folder). */
async function expectPickupPhotos(number: string): Promise<void> {
  const row = await first(`/items/reservations?filter[reservation_number][_eq]=${number}&fields=pickup_photos`);
  expect(row.pickup_photos).toHaveLength(2);
}

/** The one receipt the renter got, with the final bill in the booking's language. */
async function expectReceipt(language: Language, email: string, number: string): Promise<void> {
  const text = TEXT[language];
  await expect.poll(async () => (await receiptsTo(email, text.subject)).length, { timeout: 20_000 }).toBe(1);
  const [mail] = await receiptsTo(email, text.subject);
  const body = mail?.text ?? '';
  expect(mail?.subject).toContain(number);
  expect(body).toContain(text.fuelLine);
  expect(body).toMatch(text.lateLine);
  expect(body).toContain(text.damageLine);
  expect(body).toContain(text.nothingDue);
  expect(typeof mail?.html === 'string' && mail.html.includes('max-width:600px')).toBe(true);
}

test.describe('the counter on a tablet, in Spanish', () => {
  test.use({ ...SPANISH, viewport: TABLET });

  test('hands a car over, takes it back late with fuel missing and damage, charges the card on file, and the renter gets the receipt', async ({ page }) => {
    await setReturnRates();
    const staff = await counterStaff('es');
    const { number, email, unit } = await lateBooking(page, 'es', 0);
    await handOverAndTakeBack(page, 'es', staff, number, unit);
    await expectPickupPhotos(number);
    await page.getByRole('button', { name: TEXT.es.card }).click();
    await expect(page.getByTestId('charges-step').getByRole('status')).toContainText(TEXT.es.receiptSent);
    await expectReceipt('es', email, number);
  });
});

test.describe('the counter on a tablet, in English', () => {
  test.use({ ...ENGLISH, viewport: TABLET });

  test('hands a car over, takes it back late with fuel missing and damage, collects at the counter, and the renter gets the receipt', async ({ page }) => {
    await setReturnRates();
    const staff = await counterStaff('en');
    const { number, email, unit } = await lateBooking(page, 'en', 10);
    await handOverAndTakeBack(page, 'en', staff, number, unit);
    await page.getByRole('button', { name: TEXT.en.counter }).click();
    await expect(page.getByTestId('charges-step').getByRole('status')).toContainText(TEXT.en.receiptSent);
    await expectReceipt('en', email, number);
  });
});

test.describe('the car\'s plate at the pickup, on a tablet in Spanish', () => {
  test.use({ ...SPANISH, viewport: TABLET });

  test('a booking for a pickup within 24 hours has its car at once; the pickup refuses another car\'s plate, and takes the car swapped in', async ({ page }) => {
    const staff = await counterStaff('es', 'plate');
    const [branch, car, coverage] = await Promise.all([first('/items/branches?filter[code][_eq]=PTY'), first('/items/flota?filter[modelo][_eq]=Accent'), first('/items/coverages?filter[code][_eq]=BASIC')]);
    // Tocumen is open day and night: a pickup three to three and a half hours from now, on a half-hour slot.
    const HALF_HOUR = 1_800_000;
    const pickupAt = formatPanamaDateTime(new Date(Math.ceil((Date.now() + 3 * 3_600_000) / HALF_HOUR) * HALF_HOUR));
    const booked = await page.request.post('/api/reservations', {
      headers: { 'idempotency-key': `counter-e2e-plate-${RUN}` },
      data: {
        car_id: car.id,
        pickup_location: branch.id,
        return_location: branch.id,
        pickup_date: pickupAt,
        return_date: `${addDaysToLocalDate(pickupAt.slice(0, 10), 2)}T${pickupAt.slice(11, 16)}`,
        coverage_id: coverage.id,
        era: false,
        reservation_type: 'postpaid',
        client: { name: 'Pablo', last_name: 'Placa', email: `renter.counter.plate.${RUN}@example.com`, license: 'PA-778899', birthday: '1985-06-07', phone_number: '6123-4567' },
        terms_accepted: true,
      },
    });
    const body = (await booked.json()) as { reservation_number: string };
    expect(booked.status(), JSON.stringify(body)).toBe(201);
    const number = body.reservation_number;
    // Assigned as it was booked, with no assignment pass in between.
    const unit = await assignedUnit(number);
    // Another car of the same model at Tocumen, free: the one staff will hand over instead.
    const [spare] = await createUnits(car.id, branch.id, 1, { colour: 'Azul', bay: 'Z99' });
    const sparePlate = String(spare?.plate);

    await openBooking(page, 'es', staff, number);
    await expect(page.getByTestId('counter-vehicle-plate')).toHaveText(formatPlate(unit.plate));
    expect(await seriousViolations(page)).toEqual([]);

    // The spare's plate is not the booking's car: refused under the plate, with what was typed kept.
    const out = Math.max(unit.mileage, 10_000) + 100;
    const pickup = page.getByTestId('pickup-form');
    await pickup.getByLabel(TEXT.es.plate).fill(formatPlate(sparePlate));
    await pickup.getByLabel(TEXT.es.mileage).fill(String(out));
    await pickup.getByRole('group', { name: TEXT.es.fuel }).getByRole('radio', { name: TEXT.es.full }).check();
    await pickup.getByLabel(TEXT.es.depositAmount).fill('');
    await pickup.getByRole('button', { name: TEXT.es.pickup }).click();
    await expect(pickup.getByRole('alert').filter({ hasText: TEXT.es.plateMismatch }).first()).toBeVisible();
    await expect(pickup.getByLabel(TEXT.es.plate)).toBeFocused();
    await expect(pickup.getByLabel(TEXT.es.mileage)).toHaveValue(String(out));

    // Staff swap the booking's car for the spare (same model: no reason asked), and the page shows it.
    const assign = page.getByTestId('assign-vehicle-form');
    await assign.getByLabel(TEXT.es.assignPlate).fill(sparePlate.toLowerCase());
    await assign.getByRole('button', { name: TEXT.es.assign }).click();
    await expect(assign.getByRole('status')).toHaveText(TEXT.es.assigned);
    await expect(page.getByTestId('counter-vehicle-plate')).toHaveText(formatPlate(sparePlate));
    await expect(page.getByTestId('counter-vehicle-facts')).toContainText('Z99');

    // Now the plate typed is the booking's car: handed over, and the car's mileage and fuel are the pickup's.
    await expect(pickup.getByLabel(TEXT.es.plate)).toHaveValue(formatPlate(sparePlate));
    await pickup.getByRole('button', { name: TEXT.es.pickup }).click();
    await expect(page.getByTestId('return-form')).toBeVisible({ timeout: 20_000 });
    const stored = await first(`/items/vehicles?filter[plate][_eq]=${sparePlate}&fields=mileage,fuel_eighths`);
    expect(stored).toMatchObject({ mileage: out, fuel_eighths: 8 });
  });
});
