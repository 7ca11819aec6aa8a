import { expect, test, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { generateReservationNumber } from '@rentacar/domain/reservation-number';
import { formatPlate } from '@rentacar/domain/vehicles';
import { adminRows, ENGLISH, seriousViolations, SPANISH, type AdminRow } from './helpers';

// The counter (/mostrador) as branch staff use it on a tablet: sign in with a Counter staff user (a corporate agent is
// refused), see the day at the branch (today's pickup with the plate of its car, a late return marked in words, a
// booking no car can take under "needs a car"), find a reservation by typing its number or by a photo of the renter's
// QR code, and see the booking with its car. Its rows (a draft branch, unpublished cars and their units, the users, the
// reservations) are created here as the admin and removed at the end.

const contentUrl = process.env.CONTENT_URL ?? '';
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const PASSWORD = `counter-${run}-password`;
const TABLET = { width: 768, height: 1024 };

test.describe.configure({ timeout: 120_000 });
// The whole counter on the tablet; the desktop project runs it (a phone width is checked in one test below).
test.use({ viewport: TABLET });

type Row = AdminRow;
const { admin, create, removeCreated, createUnits } = adminRows(contentUrl);

const today = formatPanamaDate(new Date());
const staff = { email: `mostrador.${run}@example.com`, name: 'Rosa Mostrador' };
const agentEmail = `agente.${run}@example.com`;
let branchName = '';
const numbers = { today: '', late: '', needy: '' };
/** The plate of the unit today's booking was given by the assignment pass. */
let todayPlate = '';

test.beforeAll(async () => {
  branchName = `Mostrador E2E ${run}`;
  const branch = await create('/items/branches', { status: 'draft', code: `E${run}`.slice(0, 12).toUpperCase(), name: branchName });
  const car = await create('/items/flota', { published: false, marca: 'Toyota', modelo: `Mostrador ${run}`, tipo: 'sedan', clasificacion: 'CDAR', precio_firefly: 3000 });
  await createUnits(car.id, branch.id, 2);
  // A model without a single unit: its booking today is one no car can take.
  const unitless = await create('/items/flota', { published: false, marca: 'Toyota', modelo: `Sin unidades ${run}`, tipo: 'sedan', clasificacion: 'FDAR', precio_firefly: 5000 });
  const [basic] = await admin<Row[]>('/items/coverages?filter[code][_eq]=BASIC&fields=id');
  const role = async (name: string) => String((await admin<Row[]>(`/roles?filter[name][_eq]=${encodeURIComponent(name)}&fields=id`))[0]?.id);
  await create('/users', { email: staff.email, password: PASSWORD, status: 'active', first_name: 'Rosa', last_name: 'Mostrador', role: await role('Counter staff'), branch: branch.id });
  await create('/users', { email: agentEmail, password: PASSWORD, status: 'active', first_name: 'Agente', role: await role('Corporate agent') });
  const reservation = (number: string, pickup: string, returnAt: string, name: string, model: unknown = car.id) =>
    create('/items/reservations', {
      reservation_number: number, brand: 'firefly', status: 'unpaid', reservation_type: 'postpaid', car: model,
      coverage: basic?.id, pickup_branch: branch.id, return_branch: branch.id, pickup_date: pickup, return_date: returnAt, days: 2,
      client_name: name, client_last_name: 'Cliente', client_email: 'cliente@example.com', client_phone: '+50761234567', language: 'es-ES', total: 9630,
      lines: [{ code: 'car', label: 'Alquiler', amount: 9000 }, { code: 'tax', label: 'ITBMS', amount: 630 }],
    });
  numbers.today = generateReservationNumber('firefly');
  numbers.late = generateReservationNumber('firefly');
  numbers.needy = generateReservationNumber('firefly');
  await reservation(numbers.today, `${today}T23:30`, `${addDaysToLocalDate(today, 2)}T23:30`, 'Ana');
  await reservation(numbers.late, `${addDaysToLocalDate(today, -3)}T09:00`, `${addDaysToLocalDate(today, -1)}T09:00`, 'Beto');
  await reservation(numbers.needy, `${today}T23:00`, `${addDaysToLocalDate(today, 2)}T23:00`, 'Ciro', unitless.id);
  // The late one was handed over (through the counter's own endpoint, as staff): it is out and overdue. Past the
  // units' 10,000 km, should it have been given one.
  const login = await fetch(`${contentUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: staff.email, password: PASSWORD }) });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const pickup = await fetch(`${contentUrl}/counter/reservations/${numbers.late}/pickup`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ mileage: 10_500, fuel_eighths: 8 }) });
  expect(pickup.status).toBe(200);
  // The assignment pass now, rather than within its five minutes (docs/fleet.md): today's booking is within 24 hours
  // of its pickup, so it gets one of the units; the unitless model's booking goes on the "needs a car" list.
  await admin('/booking/vehicles/assign', { method: 'POST', body: { only: [Number(car.id), Number(unitless.id)] } });
  const [assigned] = await admin<Array<{ vehicle: { plate: string } | null }>>(`/items/reservations?filter[reservation_number][_eq]=${numbers.today}&fields=vehicle.plate`);
  todayPlate = assigned?.vehicle?.plate ?? '';
  expect(todayPlate).not.toBe('');
});

test.afterAll(async () => {
  await removeCreated();
});

const TEXT = {
  es: {
    home: '/mostrador',
    signInTitle: 'Mostrador: iniciar sesión',
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    notStaff: 'Esta cuenta no es de personal de mostrador',
    pickups: /^Entregas del día/,
    overdue: /^Devoluciones atrasadas/,
    needsVehicle: /^Reservas sin auto/,
    plate: (plate: string) => `Placa ${plate}`,
    vehicleNeeded: 'Sin auto: ninguno puede atender esta reserva',
    late: 'Atrasado: debía volver el',
    number: 'Número de reserva',
    find: 'Buscar',
    photo: 'Subir una foto del código QR',
    reservation: (number: string) => `Reserva ${number} · Ana Cliente`,
    due: 'Por pagar',
    pickupAvailable: 'Entregar el auto',
    coverage: 'Protección Básica',
    language: 'español de España',
    notFound: 'No hay ninguna reserva con el número',
    signOut: 'Cerrar sesión',
  },
  en: {
    home: '/en/mostrador',
    signInTitle: 'Counter: sign in',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    notStaff: 'This account is not counter staff',
    pickups: /^Today's pickups/,
    overdue: /^Late returns/,
    needsVehicle: /^Bookings that need a car/,
    plate: (plate: string) => `Plate ${plate}`,
    vehicleNeeded: 'Needs a car: none can take this booking',
    late: 'Late: due back',
    number: 'Reservation number',
    find: 'Find',
    photo: 'Upload a photo of the QR code',
    reservation: (number: string) => `Reservation ${number} · Ana Cliente`,
    due: 'Due',
    pickupAvailable: 'Hand the car over',
    coverage: 'Basic Protection',
    language: 'European Spanish',
    notFound: 'There is no reservation with the number',
    signOut: 'Sign out',
  },
} as const;

async function signIn(page: Page, language: 'es' | 'en', email: string) {
  const text = TEXT[language];
  await page.goto(text.home);
  await expect(page.getByRole('heading', { level: 1, name: text.signInTitle })).toBeVisible();
  await expect(page.getByLabel(text.email)).toHaveAttribute('autocomplete', 'username');
  await expect(page.getByLabel(text.password)).toHaveAttribute('autocomplete', 'current-password');
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password).fill(PASSWORD);
  await page.getByRole('button', { name: text.signIn }).click();
}

for (const [language, options] of [['es', SPANISH], ['en', ENGLISH]] as const) {
  test.describe(`the counter, in ${language === 'es' ? 'Spanish' : 'English'}`, () => {
    test.use(options);
    const text = TEXT[language];

    test('staff sign in, see the day at their branch, type a number and see the booking', async ({ page }) => {
      await signIn(page, language, staff.email);
      await expect(page.getByTestId('counter-staff')).toHaveText(`${staff.name} · ${branchName}`);
      const pickups = page.getByTestId('counter-day-pickups');
      await expect(pickups.getByRole('heading', { name: text.pickups })).toBeVisible();
      await expect(pickups.getByRole('link', { name: numbers.today })).toBeVisible();
      // Its car, assigned within 24 hours of the pickup: the plate staff look for in the lot.
      await expect(pickups.getByRole('listitem').filter({ hasText: numbers.today })).toContainText(text.plate(formatPlate(todayPlate)));
      const overdue = page.getByTestId('counter-day-overdue');
      await expect(overdue.getByRole('heading', { name: text.overdue })).toBeVisible();
      await expect(overdue.getByRole('listitem').filter({ hasText: numbers.late })).toContainText(text.late);
      // A booking no car can take, first, with a link to give it one.
      const needy = page.getByTestId('counter-day-needsVehicle');
      await expect(needy.getByRole('heading', { name: text.needsVehicle })).toBeVisible();
      await expect(needy.getByRole('link', { name: numbers.needy })).toHaveAttribute('href', new RegExp(`/mostrador/${numbers.needy}$`));

      await page.getByLabel(text.number).fill(numbers.today.toLowerCase().replace('-', ' '));
      await page.getByRole('button', { name: text.find, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/mostrador/${numbers.today}$`));
      const heading = page.getByRole('heading', { level: 1, name: text.reservation(numbers.today) });
      await expect(heading).toBeFocused();
      const booking = page.getByTestId('counter-reservation');
      await expect(booking.getByTestId('counter-due')).toHaveText(/96[.,]30/);
      await expect(booking).toContainText(text.pickupAvailable);
      // The coverage and the renter's language by name, in the staff member's language.
      await expect(booking.getByTestId('counter-booking-facts')).toContainText(text.coverage);
      await expect(booking.getByTestId('counter-renter-facts')).toContainText(text.language);
      // The car assigned to it, by its plate, and the form to swap it.
      await expect(booking.getByTestId('counter-vehicle-plate')).toHaveText(formatPlate(todayPlate));
      await expect(booking.getByTestId('assign-vehicle-form')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      // The booking no car can take says so.
      await page.goto(`${text.home}/${numbers.needy}`);
      await expect(page.getByTestId('counter-needs-vehicle')).toContainText(text.vehicleNeeded);

      // A number no reservation has: said under the field, the form ready for another.
      let unknown = generateReservationNumber('firefly');
      while (Object.values(numbers).includes(unknown)) unknown = generateReservationNumber('firefly');
      await page.goto(`${text.home}/${unknown}`);
      await expect(page.getByRole('alert').filter({ hasText: text.notFound })).toBeVisible();

      await page.getByRole('button', { name: text.signOut }).click();
      await expect(page.getByRole('heading', { level: 1, name: text.signInTitle })).toBeVisible();
    });
  });
}

test.describe('the counter with a QR code', () => {
  test.use(SPANISH);

  test('a photo of the renter\'s QR code opens the booking', async ({ page }) => {
    await signIn(page, 'es', staff.email);
    await expect(page.getByTestId('counter-staff')).toBeVisible();
    // A file chosen before the page hydrates is never read (no change handler yet): wait for the code the page loads
    // once hydrated (the loading bar's style) before choosing the photo.
    await expect(page.locator('head style[data-loading-bar]')).toBeAttached();
    // Whole pixels a module and the 4-module quiet zone, as the pre-check-in e-mail draws it (with the library's mask).
    const png = await QRCode.toBuffer(numbers.today, { errorCorrectionLevel: 'M', margin: 4, type: 'png', scale: 16 });
    await page.getByLabel(TEXT.es.photo).setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: png });
    await expect(page).toHaveURL(new RegExp(`/mostrador/${numbers.today}$`));
    await expect(page.getByRole('heading', { level: 1, name: TEXT.es.reservation(numbers.today) })).toBeFocused();
  });

  test('a corporate agent is refused, and a phone shows the counter and a booking without sideways scrolling', async ({ page }) => {
    await signIn(page, 'es', agentEmail);
    await expect(page.getByRole('alert').filter({ hasText: TEXT.es.notStaff })).toBeVisible();
    await expect(page.getByTestId('counter-staff')).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'es', staff.email);
    await expect(page.getByTestId('counter-staff')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`/mostrador/${numbers.today}`);
    await expect(page.getByRole('heading', { level: 1, name: TEXT.es.reservation(numbers.today) })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
