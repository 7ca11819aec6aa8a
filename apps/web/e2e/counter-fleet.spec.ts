import { expect, test, type Locator, type Page } from '@playwright/test';
import { adminRows, ENGLISH, seriousViolations, SPANISH } from './helpers';

// The fleet board (/mostrador/flota, docs/fleet.md "At the counter") on a tablet held upright (820×1180), in Spanish
// and in English: a counter staff member signs in, opens the board from the counter's header, sees the branch's units
// by state, and with the keyboard alone sends one unit to the workshop with a note; it moves to its section and the
// result is announced. Then the storefront's API answers the same board and refuses a wrong status. Its rows (a draft
// branch, an unpublished car model, its two units, the staff user) are created here as the admin and removed at the end.

const contentUrl = process.env.CONTENT_URL ?? '';
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const PASSWORD = `fleet-${run}-password`;
const TABLET = { width: 820, height: 1180 };

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: TABLET });

const { admin, create, removeCreated } = adminRows(contentUrl);

const staff = { email: `flota.${run}@example.com`, name: 'Rosa Flota' };
let branchName = '';
let model = '';
const plates: string[] = [];

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
/** A Panama plate of two letters and four digits, stored without its hyphen. */
const randomPlate = () => `${LETTERS[Math.floor(Math.random() * LETTERS.length)]}${LETTERS[Math.floor(Math.random() * LETTERS.length)]}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
const shown = (plate: string) => `${plate.slice(0, 2)}-${plate.slice(2)}`;

test.beforeAll(async () => {
  branchName = `Flota E2E ${run}`;
  model = `Flota ${run}`;
  const branch = await create('/items/branches', { status: 'draft', code: `F${run}`.slice(0, 12).toUpperCase(), name: branchName });
  const car = await create('/items/flota', { published: false, marca: 'Toyota', modelo: model, tipo: 'sedan', clasificacion: 'CDAR', precio_firefly: 3000 });
  while (plates.length < 2) {
    const plate = randomPlate();
    if (plates.includes(plate)) continue;
    await create('/items/vehicles', { plate, car: car.id, current_branch: branch.id, home_branch: branch.id, status: 'ready', mileage: 10_000, fuel_eighths: 8 });
    plates.push(plate);
  }
  plates.sort();
  const [role] = await admin<{ id: string }[]>(`/roles?filter[name][_eq]=${encodeURIComponent('Counter staff')}&fields=id`);
  await create('/users', { email: staff.email, password: PASSWORD, status: 'active', first_name: 'Rosa', last_name: 'Flota', role: role?.id, branch: branch.id });
});

test.afterAll(async () => {
  await removeCreated();
});

const TEXT = {
  es: {
    home: '/mostrador',
    board: '/mostrador/flota',
    signInTitle: 'Mostrador: iniciar sesión',
    email: 'Correo electrónico',
    password: 'Contraseña',
    signIn: 'Iniciar sesión',
    link: 'Flota de la sucursal',
    title: (branch: string) => `Flota de la sucursal · ${branch}`,
    sections: [/^Listos \(\d+\)$/, /^Por limpiar \(\d+\)$/, /^En taller \(\d+\)$/, /^Fuera de servicio \(\d+\)$/, /^En alquiler \(\d+\)$/, /^Llegando \(\d+\)$/],
    ready: 'Listos',
    workshop: 'En taller',
    toClean: 'Por limpiar',
    change: (plate: string) => `Cambiar estado de ${shown(plate)}`,
    status: 'Estado',
    note: 'Nota (opcional)',
    availableFrom: 'Disponible desde (opcional)',
    save: 'Guardar estado',
    done: (plate: string) => `${shown(plate)} ahora está: En taller.`,
    noteText: 'Ruido en los frenos',
    class: 'Clase',
    invalid: 'Revisa los datos: status.',
  },
  en: {
    home: '/en/mostrador',
    board: '/en/mostrador/flota',
    signInTitle: 'Counter: sign in',
    email: 'Email',
    password: 'Password',
    signIn: 'Sign in',
    link: 'Branch fleet',
    title: (branch: string) => `Branch fleet · ${branch}`,
    sections: [/^Ready \(\d+\)$/, /^To clean \(\d+\)$/, /^In maintenance \(\d+\)$/, /^Out of service \(\d+\)$/, /^On rent \(\d+\)$/, /^Arriving \(\d+\)$/],
    ready: 'Ready',
    workshop: 'In maintenance',
    toClean: 'To clean',
    change: (plate: string) => `Change state of ${shown(plate)}`,
    status: 'State',
    note: 'Note (optional)',
    availableFrom: 'Available from (optional)',
    save: 'Save state',
    done: (plate: string) => `${shown(plate)} is now: In maintenance.`,
    noteText: 'Brakes squeak',
    class: 'Class',
    invalid: 'Check the details: status.',
  },
} as const;

type Language = keyof typeof TEXT;

/** The section of a board state, by its heading. */
const section = (page: Page, heading: RegExp | string) => page.getByRole('region', { name: typeof heading === 'string' ? new RegExp(`^${heading} \\(\\d+\\)$`) : heading });

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

async function signInOnTheBoard(page: Page, language: Language): Promise<void> {
  const text = TEXT[language];
  // Signed out, the board shows the counter's sign-in; signed in, the counter's home links to the board.
  await page.goto(text.board);
  await expect(page.getByRole('heading', { level: 1, name: text.signInTitle })).toBeVisible();
  await page.getByLabel(text.email).fill(staff.email);
  await page.getByLabel(text.password).fill(PASSWORD);
  await page.getByRole('button', { name: text.signIn }).click();
  await expect(page.getByTestId('counter-staff')).toHaveText(`${staff.name} · ${branchName}`);
  await page.getByRole('link', { name: text.link }).click();
  await expect(page).toHaveURL(new RegExp(`${text.board}$`));
  await expect(page.getByRole('heading', { level: 1, name: text.title(branchName) })).toBeVisible();
}

for (const [language, options, unitIndex] of [['es', SPANISH, 0], ['en', ENGLISH, 1]] as const) {
  test.describe(`the fleet board, in ${language === 'es' ? 'Spanish' : 'English'}`, () => {
    test.use(options);
    const text = TEXT[language];

    test('shows the units by state and sends one to the workshop with the keyboard alone', async ({ page }) => {
      const plate = plates[unitIndex] ?? '';
      await signInOnTheBoard(page, language);
      const headings = page.getByRole('region').getByRole('heading', { level: 2 });
      await expect(headings).toHaveCount(6);
      for (const [index, name] of text.sections.entries()) await expect(headings.nth(index)).toHaveText(name);
      const unit = page.getByTestId('fleet-unit').filter({ hasText: shown(plate) });
      await expect(section(page, text.ready).getByTestId('fleet-unit').filter({ hasText: shown(plate) })).toBeVisible();
      await expect(unit.getByRole('heading', { level: 3 })).toHaveText(`${shown(plate)} · Toyota ${model} (CDAR)`);
      await expect(unit).toContainText('8/8');
      await expect(page.getByLabel(text.class).locator('option', { hasText: 'CDAR' })).toHaveCount(1);
      expect(await seriousViolations(page)).toEqual([]);

      // The keyboard alone: the unit's button, its form, the status chosen with the arrows, the note typed, saved.
      const change = page.getByRole('button', { name: text.change(plate) });
      await expect(change).toBeEnabled();
      await change.focus();
      await page.keyboard.press('Enter');
      const status = page.getByLabel(text.status, { exact: true });
      await expect(status).toBeFocused();
      await expect(page.getByLabel(text.availableFrom)).toHaveCount(0);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      await expect(status).toHaveValue('in_maintenance');
      await expect(page.getByLabel(text.availableFrom)).toBeVisible();
      await page.keyboard.press('Tab');
      await expect(page.getByLabel(text.note)).toBeFocused();
      await page.keyboard.type(text.noteText);
      expect(await seriousViolations(page)).toEqual([]);
      await tabTo(page, page.getByRole('button', { name: text.save }));
      await page.keyboard.press('Enter');

      await expect(page.getByRole('status').filter({ hasText: text.done(plate) })).toBeVisible();
      const moved = section(page, text.workshop).getByTestId('fleet-unit').filter({ hasText: shown(plate) });
      await expect(moved).toBeVisible();
      await expect(moved).toContainText(text.noteText);
      await expect(section(page, text.ready).getByTestId('fleet-unit').filter({ hasText: shown(plate) })).toHaveCount(0);
      // The focus is back on the unit's button, in its new section.
      await expect(moved.getByRole('button', { name: text.change(plate) })).toBeFocused();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TABLET.width);

      // A phone shows the board without sideways scrolling.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: text.title(branchName) })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });
}

test.describe('the fleet board\'s API', () => {
  test.use(SPANISH);

  test('answers the board to a staff token and refuses a wrong status in the caller\'s language', async ({ request }) => {
    const login = await fetch(`${contentUrl}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: staff.email, password: PASSWORD }) });
    const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
    const authorization = `Bearer ${token}`;
    const board = await request.get('/api/counter/vehicles?class=CDAR', { headers: { authorization } });
    expect(board.status()).toBe(200);
    const body = (await board.json()) as { mayAct: boolean; vehicles: { plate: string; state: string }[] };
    expect(body.mayAct).toBe(true);
    expect(body.vehicles.map((vehicle) => vehicle.plate).sort()).toEqual(plates);
    const anonymous = await request.get('/api/counter/vehicles');
    expect(anonymous.status()).toBe(401);
    const wrong = await request.post(`/api/counter/vehicles/${plates[0]}/status`, { headers: { authorization, 'accept-language': 'es' }, data: { status: 'flying' } });
    expect(wrong.status()).toBe(400);
    expect(await wrong.json()).toEqual({ errors: [{ field: 'status', code: 'invalid_value', message: TEXT.es.invalid }] });
    const missing = await request.post('/api/counter/vehicles/ZZ0000/status', { headers: { authorization, 'accept-language': 'en' }, data: { status: 'ready' } });
    expect([403, 404]).toContain(missing.status());
  });
});
