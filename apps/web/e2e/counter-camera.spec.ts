import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base, type Page } from '@playwright/test';
import QRCode from 'qrcode';
import { formatPanamaDate, addDaysToLocalDate } from '@rentacar/domain/dates';
import { generateReservationNumber } from '@rentacar/domain/reservation-number';
import { adminRows, ENGLISH, SPANISH, type AdminRow } from './helpers';

// The counter's camera, as staff use it: Chromium runs with a fake camera that films a renter's QR code, the page may
// use the camera (its Permissions-Policy says `camera=(self)` on the counter's pages only), and "Escanear con la
// cámara" opens the booking. Its rows (a draft branch, an unpublished car, a staff user, a reservation) are created
// here as the admin and removed at the end.

const contentUrl = process.env.CONTENT_URL ?? '';
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const PASSWORD = `camera-${run}-password`;
const staffEmail = `mostrador.camara.${run}@example.com`;
// Drawn into the camera's video when the browser starts: known before the rows are created.
const number = generateReservationNumber('firefly');

const WIDTH = 640;
const HEIGHT = 480;
const MODULE_PX = 12;

/**
 * A Y4M video (what Chromium's fake camera plays, in a loop) of the QR code of `text` on white, in the middle of the
 * frame: error correction M, the 4-module quiet zone, whole pixels a module, the qrcode library's own mask. Grey only,
 * so the chroma planes are all 128; grey levels in video range (16 black, 235 white).
 */
function cameraVideo(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 8) * MODULE_PX;
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = (WIDTH - side) >> 1;
  const top = (HEIGHT - side) >> 1;
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      const row = Math.floor(y / MODULE_PX) - 4;
      const col = Math.floor(x / MODULE_PX) - 4;
      const dark = row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col);
      if (dark) luma[(top + y) * WIDTH + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F30:1 Ip A1:1 C420jpeg\n`), frame, frame]);
}

// The fake camera is a launch option of the browser: this file's tests get a browser of their own.
const test = base.extend<object, { cameraVideoFile: string }>({
  cameraVideoFile: [
    async ({ browserName }, use, workerInfo) => {
      const file = join(tmpdir(), `counter-camera-${browserName}-${process.pid}-${workerInfo.workerIndex}.y4m`);
      writeFileSync(file, cameraVideo(number));
      await use(file);
      rmSync(file, { force: true });
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, cameraVideoFile }, use) => {
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${cameraVideoFile}`],
      });
    },
    { scope: 'worker' },
  ],
});

type Row = AdminRow;
const { admin, create, removeCreated, createUnits } = adminRows(contentUrl);

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 768, height: 1024 } });

test.beforeAll(async () => {
  const branch = await create('/items/branches', { status: 'draft', code: `C${run}`.slice(0, 12).toUpperCase(), name: `Mostrador cámara ${run}` });
  const car = await create('/items/flota', { published: false, marca: 'Toyota', modelo: `Cámara ${run}`, tipo: 'sedan', clasificacion: 'CDAR', precio_firefly: 3000 });
  await createUnits(car.id, branch.id, 1);
  const [basic] = await admin<Row[]>('/items/coverages?filter[code][_eq]=BASIC&fields=id');
  const [role] = await admin<Row[]>(`/roles?filter[name][_eq]=${encodeURIComponent('Counter staff')}&fields=id`);
  await create('/users', { email: staffEmail, password: PASSWORD, status: 'active', first_name: 'Rosa', last_name: 'Cámara', role: role?.id, branch: branch.id });
  const today = formatPanamaDate(new Date());
  await create('/items/reservations', {
    reservation_number: number, brand: 'firefly', status: 'unpaid', reservation_type: 'postpaid', car: car.id, coverage: basic?.id,
    pickup_branch: branch.id, return_branch: branch.id, pickup_date: `${today}T23:30`, return_date: `${addDaysToLocalDate(today, 2)}T23:30`, days: 2,
    client_name: 'Ana', client_last_name: 'Cliente', client_email: 'cliente@example.com', client_phone: '+50761234567', language: 'es-ES', total: 9630,
    lines: [{ code: 'car', label: 'Alquiler', amount: 9000 }, { code: 'tax', label: 'ITBMS', amount: 630 }],
  });
});

test.afterAll(async () => {
  await removeCreated();
});

const TEXT = {
  es: { home: '/mostrador', signInTitle: 'Mostrador: iniciar sesión', email: 'Correo electrónico', password: 'Contraseña', signIn: 'Iniciar sesión', scan: 'Escanear con la cámara', reservation: `Reserva ${number} · Ana Cliente` },
  en: { home: '/en/mostrador', signInTitle: 'Counter: sign in', email: 'Email', password: 'Password', signIn: 'Sign in', scan: 'Scan with the camera', reservation: `Reservation ${number} · Ana Cliente` },
} as const;

const CAMERA_ALLOWED = 'camera=(self), microphone=(), geolocation=(), browsing-topics=()';
const CAMERA_OFF = 'camera=(), microphone=(), geolocation=(), browsing-topics=()';

async function signIn(page: Page, language: 'es' | 'en') {
  const text = TEXT[language];
  const response = await page.goto(text.home);
  expect(response?.headers()['permissions-policy']).toBe(CAMERA_ALLOWED);
  await expect(page.getByRole('heading', { level: 1, name: text.signInTitle })).toBeVisible();
  await page.getByLabel(text.email).fill(staffEmail);
  await page.getByLabel(text.password).fill(PASSWORD);
  await page.getByRole('button', { name: text.signIn }).click();
  await expect(page.getByTestId('counter-staff')).toBeVisible();
}

for (const [language, options] of [['es', SPANISH], ['en', ENGLISH]] as const) {
  test.describe(`the counter's camera, in ${language === 'es' ? 'Spanish' : 'English'}`, () => {
    test.use(options);
    const text = TEXT[language];

    test('scanning the renter\'s QR code with the camera opens the booking', async ({ page, context }) => {
      await context.grantPermissions(['camera']);
      await signIn(page, language);
      // The button's handler exists only once the page has hydrated: wait for the code the page loads then (the
      // loading bar's style) before pressing it.
      await expect(page.locator('head style[data-loading-bar]')).toBeAttached();
      await page.getByRole('button', { name: text.scan }).click();
      await expect(page).toHaveURL(new RegExp(`/mostrador/${number}$`), { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1, name: text.reservation })).toBeFocused();
    });
  });
}

test.describe('the camera\'s Permissions-Policy', () => {
  test.use(SPANISH);

  test('allows the camera on the counter\'s pages in every language form, and nowhere else', async ({ page, context }) => {
    for (const path of ['/mostrador', '/es/mostrador', '/en/mostrador', `/mostrador/${number}`, `/es/mostrador/${number}`, `/en/mostrador/${number}`]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.headers()['permissions-policy'], path).toBe(CAMERA_ALLOWED);
    }
    for (const path of ['/es', '/en', '/es/flota', '/en/flota', '/flota', '/mi-reserva', '/es/corporativo/ingresar']) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.headers()['permissions-policy'], path).toBe(CAMERA_OFF);
    }
    // Another page the browser loads may not use the camera, even granted and present.
    await context.grantPermissions(['camera']);
    await page.goto('/es/flota');
    const refusal = await page.evaluate(() => navigator.mediaDevices.getUserMedia({ video: true }).then((stream) => { for (const track of stream.getTracks()) track.stop(); return 'allowed'; }, (error: Error) => error.name));
    expect(refusal).toBe('NotAllowedError');
  });
});
