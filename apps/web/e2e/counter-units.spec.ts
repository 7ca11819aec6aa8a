import { expect, test, type Page } from '@playwright/test';
import { formatPanamaDateTime } from '@rentacar/domain/dates';
import { generateReservationNumber } from '@rentacar/domain/reservation-number';
import { formatPlate } from '@rentacar/domain/vehicles';
import { adminRows, ENGLISH, seriousViolations, SPANISH, type AdminRow } from './helpers';

// A counter pickup with a plate (docs/fleet.md), on a tablet, in Spanish and in English: a booking whose pickup is in
// an hour has its car assigned (the assignment pass), the counter shows the car's plate, colour and bay, and the
// handover refuses the plate of another car, then takes the right one. Each language has its own draft branch, car
// model (one unit), staff member and booking, created here as the admin and removed at the end.

const contentUrl = process.env.CONTENT_URL ?? '';
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const PASSWORD = `units-${run}-password`;

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 820, height: 1180 } });

const { admin, create, removeCreated, createUnits } = adminRows(contentUrl);

const TEXT = {
  es: {
    home: '/mostrador', email: 'Correo electrónico', password: 'Contraseña', signIn: 'Iniciar sesión', number: 'Número de reserva', find: 'Buscar',
    car: 'Auto', plate: 'Placa del auto entregado', mileage: 'Kilometraje (km)', fuel: 'Combustible (en octavos de tanque)', full: 'Lleno',
    pickup: 'Registrar la entrega', mismatch: 'no es la del auto asignado', required: 'Escribe o escanea la placa', done: 'Auto entregado',
  },
  en: {
    home: '/en/mostrador', email: 'Email', password: 'Password', signIn: 'Sign in', number: 'Reservation number', find: 'Find',
    car: 'Car', plate: 'Plate of the car handed over', mileage: 'Mileage (km)', fuel: 'Fuel (eighths of a tank)', full: 'Full',
    pickup: 'Record the pickup', mismatch: 'is not the car assigned', required: 'Type or scan the plate', done: 'Car handed over',
  },
} as const;

async function prepare(language: 'es' | 'en'): Promise<{ email: string; number: string; plate: string }> {
  const branch = await create('/items/branches', { status: 'draft', code: `U${language}${run}`.slice(0, 12).toUpperCase(), name: `Unidades ${language} ${run}` });
  const car = await create('/items/flota', { published: false, marca: 'Toyota', modelo: `Unidades ${language} ${run}`, tipo: 'sedan', clasificacion: 'CDAR', precio_firefly: 3000 });
  const [unit] = await createUnits(car.id, branch.id, 1, { colour: language === 'es' ? 'Blanco' : 'White', bay: 'B12' });
  const [role] = await admin<AdminRow[]>(`/roles?filter[name][_eq]=${encodeURIComponent('Counter staff')}&fields=id`);
  const email = `unidades.${language}.${run}@example.com`;
  await create('/users', { email, password: PASSWORD, status: 'active', first_name: 'Rosa', last_name: 'Unidades', role: role?.id, branch: branch.id });
  const number = generateReservationNumber('firefly');
  const at = (hours: number) => formatPanamaDateTime(new Date(Date.now() + hours * 3_600_000));
  await create('/items/reservations', {
    reservation_number: number, brand: 'firefly', status: 'paid', reservation_type: 'postpaid', car: car.id,
    pickup_branch: branch.id, return_branch: branch.id, pickup_date: at(1), return_date: at(49), days: 2,
    client_name: 'Ana', client_last_name: 'Cliente', client_email: 'cliente@example.com', client_phone: '+50761234567', language: 'es-ES', total: 9630,
    lines: [{ code: 'car', label: 'Alquiler', amount: 9000 }, { code: 'tax', label: 'ITBMS', amount: 630 }],
  });
  // Written in the admin, the booking has no car yet: the assignment pass gives it the unit (its pickup is near).
  const pass = await admin<{ assigned: string[] }>('/booking/vehicles/assign', { method: 'POST', body: { only: [car.id] } });
  expect(pass.assigned).toContain(number);
  return { email, number, plate: String(unit?.plate) };
}

async function openBooking(page: Page, language: 'es' | 'en', email: string, number: string) {
  const text = TEXT[language];
  await page.goto(text.home);
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password).fill(PASSWORD);
  await page.getByRole('button', { name: text.signIn }).click();
  await page.getByLabel(text.number).fill(number);
  await page.getByRole('button', { name: text.find, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/mostrador/${number}$`));
}

test.afterAll(async () => {
  await removeCreated();
});

for (const [language, options] of [['es', SPANISH], ['en', ENGLISH]] as const) {
  test.describe(`a pickup with a plate, in ${language === 'es' ? 'Spanish' : 'English'}`, () => {
    test.use(options);
    const text = TEXT[language];

    test('shows the assigned car and hands over only the car with its plate', async ({ page }) => {
      const { email, number, plate } = await prepare(language);
      await openBooking(page, language, email, number);
      const car = page.getByRole('region', { name: text.car, exact: true });
      await expect(car.getByTestId('counter-vehicle-plate')).toHaveText(formatPlate(plate));
      await expect(car).toContainText('B12');
      expect(await seriousViolations(page)).toEqual([]);

      const pickup = page.getByTestId('pickup-form');
      await pickup.getByLabel(text.mileage).fill('12000');
      await pickup.getByRole('group', { name: text.fuel }).getByRole('radio', { name: text.full }).check();
      await pickup.getByRole('button', { name: text.pickup }).click();
      await expect(pickup.getByRole('alert').filter({ hasText: text.required }).first()).toBeVisible();

      // Another car's plate, typed by keyboard only: refused under the field, nothing typed lost.
      const field = pickup.getByLabel(text.plate);
      await field.focus();
      await page.keyboard.type(plate.startsWith('ZZ') ? 'YY-0000' : 'ZZ-0000');
      await page.keyboard.press('Enter');
      await expect(pickup.getByRole('alert').filter({ hasText: text.mismatch }).first()).toBeVisible({ timeout: 20_000 });
      await expect(pickup.getByLabel(text.mileage)).toHaveValue('12000');

      await field.fill(formatPlate(plate).toLowerCase());
      await pickup.getByRole('button', { name: text.pickup }).click();
      await expect(page.getByRole('status').filter({ hasText: text.done }).or(page.getByTestId('return-form'))).toBeVisible({ timeout: 20_000 });
      const [unit] = await admin<AdminRow[]>(`/items/vehicles?filter[plate][_eq]=${plate}&fields=mileage,fuel_eighths`);
      expect(unit).toMatchObject({ mileage: 12_000, fuel_eighths: 8 });
    });
  });
}
