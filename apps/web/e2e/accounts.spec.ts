import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { adminRows, BOOKING_TEXT, coverageToCheckout, ENGLISH, outboxMessages, panamaDate, SPANISH, stepQuery } from './helpers';

// Corporate agents: accounts through the content service's auth (password, provider login, registration, invitation,
// password reset), the session kept fresh and ended, and bookings at the company's rate that only the company sees.

const contentUrl = process.env.CONTENT_URL ?? '';
const webUrl = process.env.E2E_BASE_URL ?? process.env.WEB_URL ?? '';
const PASSWORD = 'agent-password-123';
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

type Row = Record<string, unknown>;

const { admin } = adminRows(contentUrl);

async function agentRoleId(): Promise<string> {
  const [role] = await admin<Row[]>(`/roles?filter[name][_eq]=${encodeURIComponent('Corporate agent')}&fields=id`);
  return String(role?.id);
}

async function companyNamed(name: string): Promise<{ id: string; discount: number }> {
  const [company] = await admin<Row[]>(`/items/corporate_accounts?filter[name][_eq]=${encodeURIComponent(name)}&fields=id,discount_percent`);
  return { id: String(company?.id), discount: Number(company?.discount_percent) };
}

/** An active agent of `company` (a password agent, or one who logs in through the provider). */
async function createAgent(tag: string, companyId: string | null, options: { provider?: 'oidc'; language?: string } = {}): Promise<{ id: string; email: string }> {
  const email = `${tag}.${run}@agents.example.com`;
  const user = await admin<Row>('/users', {
    method: 'POST',
    body: {
      email,
      first_name: tag[0]?.toUpperCase() + tag.slice(1),
      last_name: 'Agente',
      role: await agentRoleId(),
      status: 'active',
      language: options.language ?? 'es-ES',
      corporate_account: companyId,
      ...(options.provider ? { provider: options.provider, external_identifier: email } : { password: PASSWORD }),
    },
  });
  return { id: String(user.id), email };
}

/** A context of its own, from an address of its own (the language options give each one; login limits count per address). */
async function agentContext(browser: Browser, language: typeof SPANISH | typeof ENGLISH): Promise<BrowserContext> {
  return browser.newContext(language);
}

const TEXT = {
  es: { email: 'Correo electrónico', password: 'Contraseña', login: 'Ingresar', failed: 'Error al iniciar sesión, por favor verifica tus credenciales.', expired: 'Tu sesión expiró. Ingresa de nuevo para continuar.', logout: 'Cerrar sesión', loggedOut: 'Cerraste tu sesión.' },
  en: { email: 'Email', password: 'Password', login: 'Log in', failed: 'Login failed, please check your credentials.', expired: 'Your session expired. Log in again to continue.', logout: 'Log out', loggedOut: 'You are logged out.' },
} as const;

async function logIn(page: Page, language: 'es' | 'en', email: string, password = PASSWORD) {
  const text = TEXT[language];
  await page.goto(language === 'es' ? '/corporativo/ingresar' : '/en/corporativo/ingresar');
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: text.login, exact: true }).click();
}

async function mailTo(address: string, containing: string): Promise<string> {
  let found: string | undefined;
  await expect.poll(async () => (found = (await outboxMessages((mail) => mail.includes(address) && mail.includes(containing)))[0]) !== undefined, { timeout: 15_000 }).toBe(true);
  return found ?? '';
}

function linkIn(mail: string, path: string): string {
  const match = new RegExp(`https?://[^\\s"<>]*${path}\\?token=[A-Za-z0-9._-]+`).exec(mail);
  if (!match) throw new Error(`no ${path} link in the mail`);
  return match[0];
}

async function sessionCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  return Object.fromEntries(cookies.filter((cookie) => cookie.name.startsWith('auth_')).map((cookie) => [cookie.name, cookie]));
}

test.describe('a corporate agent, in Spanish', () => {
  test('logs in, books at the company rate, sees the company’s reservations; another company sees none of them', async ({ browser }) => {
    test.setTimeout(120_000);
    const istmena = await companyNamed('Logística Istmeña, S.A.');
    const cerroAzul = await companyNamed('Constructora Cerro Azul, S.A.');
    const ana = await createAgent('ana', istmena.id);
    const context = await agentContext(browser, SPANISH);
    const page = await context.newPage();

    await page.goto('/corporativo');
    await expect(page).toHaveURL(/\/corporativo\/ingresar$/);
    await logIn(page, 'es', ana.email, 'not-the-password');
    await expect(page.getByRole('alert').filter({ hasText: TEXT.es.failed })).toBeVisible();
    await page.getByLabel(TEXT.es.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: TEXT.es.login, exact: true }).click();
    await expect(page).toHaveURL(/\/corporativo$/);
    await expect(page.getByTestId('agent-greeting')).toHaveText('Hola, Ana Agente');
    await expect(page.getByTestId('agent-company')).toHaveText('Empresa: Logística Istmeña, S.A.');
    const cookies = await sessionCookies(context);
    for (const name of ['auth_access_token', 'auth_refresh_token', 'auth_expires']) expect(cookies[name]?.httpOnly, name).toBe(true);

    // A booking through the same flow as anyone's: the company's rate is a line of the bill.
    const text = BOOKING_TEXT.es;
    await page.goto('/');
    await page.getByLabel(text.pickupBranch).selectOption({ index: 1 });
    await page.getByLabel(text.pickupDate).fill(panamaDate(40));
    await page.getByLabel(text.returnDate).fill(panamaDate(43));
    await page.getByRole('button', { name: text.search }).click();
    await page.getByTestId('car-card').first().getByRole('button', { name: text.reserve }).click();
    const renter = { firstName: 'Marta', lastName: 'Istmeña', email: `marta.${run}@logisticaistmena.example.com`, phone: '6123-4567', birthday: '1985-05-20', license: 'PA-778899' };
    await coverageToCheckout(page, 'es', renter, (step) => new RegExp(stepQuery('es', step)));
    const bill = page.getByTestId('bill');
    await expect(bill).toContainText(`Tarifa corporativa Logística Istmeña, S.A. (−${istmena.discount}%)`);
    // Nothing is chosen for the renter: paying at the counter is their choice.
    await page.getByRole('radio', { name: /^Pagar en el mostrador/ }).check();
    await page.getByRole('button', { name: 'Confirmar la reserva' }).click();
    await expect(page).toHaveURL(/\/reserva\/thanks$/);
    const number = (await page.getByTestId('reservation-number').textContent())?.trim() ?? '';
    expect(number).toMatch(/^[A-Z]{2}-/);

    const [saved] = await admin<Row[]>(`/items/reservations?filter[reservation_number][_eq]=${number}&fields=id,corporate_account,agent,lines,total,car_total`);
    expect(saved).toMatchObject({ corporate_account: Number(istmena.id) || istmena.id, agent: ana.id });
    const lines = saved?.lines as { code: string; amount: number }[];
    const discountLine = lines.find((line) => line.code === 'corporate_discount');
    expect(discountLine?.amount).toBe(-Math.round((Number(saved?.car_total) * istmena.discount) / 100));

    await page.goto('/corporativo');
    await expect(page.getByTestId('company-reservations')).toContainText(number);
    // Booked to pay at the counter: it is paid at pickup, not awaiting a payment, in both languages.
    const row = page.getByRole('row').filter({ hasText: number });
    await expect(row.getByTestId('reservation-status')).toHaveText('Pago en el mostrador');
    await page.getByRole('link', { name: number }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Reserva ${number}`);
    await expect(page.getByTestId('reservation-status')).toHaveText('Pago en el mostrador');
    await expect(page.getByTestId('bill')).toContainText('Tarifa corporativa');
    expect((await page.goto(`/corporativo/reservas/${String(saved?.id)}`))?.status()).toBe(200);
    // The same in English; then back to Spanish (the language chosen last is remembered).
    await page.goto('/en/corporativo');
    await expect(page.getByRole('row').filter({ hasText: number }).getByTestId('reservation-status')).toHaveText('Pay at pickup');
    await page.goto('/es/corporativo');

    // An agent of another company: the reservation does not exist for them, by number or by id.
    const luis = await createAgent('luis', cerroAzul.id);
    const other = await agentContext(browser, SPANISH);
    const otherPage = await other.newPage();
    await logIn(otherPage, 'es', luis.email);
    await expect(otherPage).toHaveURL(/\/corporativo$/);
    await expect(otherPage.getByText(number)).toHaveCount(0);
    expect((await otherPage.goto(`/corporativo/reservas/${number}`))?.status()).toBe(404);
    expect((await otherPage.goto(`/corporativo/reservas/${String(saved?.id)}`))?.status()).toBe(404);

    // Logging out ends the session on the content service and in the browser.
    await page.goto('/corporativo');
    await page.getByRole('button', { name: TEXT.es.logout, exact: true }).click();
    await expect(page.getByText(TEXT.es.loggedOut)).toBeVisible();
    expect(Object.keys(await sessionCookies(context))).toEqual([]);
    await page.goto('/corporativo');
    await expect(page).toHaveURL(/\/corporativo\/ingresar$/);
    await Promise.all([context.close(), other.close()]);
  });

  test('an expired access token is refreshed on the next page; a revoked refresh token sends the agent to log in again', async ({ browser }) => {
    const company = await companyNamed('Consultores del Pacífico, S.A.');
    const eva = await createAgent('eva', company.id);
    const context = await agentContext(browser, SPANISH);
    const page = await context.newPage();
    await logIn(page, 'es', eva.email);
    await expect(page).toHaveURL(/\/corporativo$/);

    const before = await sessionCookies(context);
    const expire = async (target: BrowserContext) => {
      await target.addCookies([{ name: 'auth_expires', value: String(Date.now() - 60_000), url: webUrl, httpOnly: true }]);
    };
    await expire(context);
    await page.goto('/corporativo');
    await expect(page.getByTestId('agent-greeting')).toHaveText('Hola, Eva Agente');
    const after = await sessionCookies(context);
    // A new refresh token (random each time) and a new expiry; the access token itself may come out identical when the
    // refresh happens within the second of the login (same claims, same iat), so it is only required to be there.
    expect(after.auth_access_token?.value).toBeTruthy();
    expect(after.auth_refresh_token?.value).not.toBe(before.auth_refresh_token?.value);
    expect(Number(after.auth_expires?.value)).toBeGreaterThan(Date.now());

    // The same session copied to a second browser, then logged out in the first: its refresh token is revoked.
    const copy = await agentContext(browser, SPANISH);
    await copy.addCookies(Object.values(after).map((cookie) => ({ name: cookie.name, value: cookie.value, url: webUrl, httpOnly: true })));
    await page.getByRole('button', { name: TEXT.es.logout, exact: true }).click();
    await expect(page.getByText(TEXT.es.loggedOut)).toBeVisible();
    await expire(copy);
    const copyPage = await copy.newPage();
    await copyPage.goto('/corporativo');
    await expect(copyPage).toHaveURL(/\/corporativo\/ingresar\?motivo=expired$/);
    await expect(copyPage.getByText(TEXT.es.expired)).toBeVisible();
    expect(Object.keys(await sessionCookies(copy))).toEqual([]);
    await Promise.all([context.close(), copy.close()]);
  });

  test('logs out on every device: the other devices’ sessions end once their access token expires', async ({ browser }) => {
    const company = await companyNamed('Consultores del Pacífico, S.A.');
    const ines = await createAgent('ines', company.id);
    // Two devices, each with a login of its own.
    const [laptop, phone] = await Promise.all([agentContext(browser, SPANISH), agentContext(browser, SPANISH)]);
    const [laptopPage, phonePage] = await Promise.all([laptop.newPage(), phone.newPage()]);
    await logIn(laptopPage, 'es', ines.email);
    await expect(laptopPage).toHaveURL(/\/corporativo$/);
    await logIn(phonePage, 'es', ines.email);
    await expect(phonePage.getByTestId('agent-greeting')).toHaveText('Hola, Ines Agente');

    await laptopPage.getByRole('button', { name: 'Cerrar sesión en todos los dispositivos' }).click();
    await expect(laptopPage).toHaveURL(/\/corporativo\/ingresar\?motivo=logout-everywhere$/);
    await expect(laptopPage.getByText('Cerraste tu sesión en todos los dispositivos. En los demás, la sesión termina en 5 minutos como máximo.')).toBeVisible();
    expect(Object.keys(await sessionCookies(laptop))).toEqual([]);
    await laptopPage.goto('/corporativo');
    await expect(laptopPage).toHaveURL(/\/corporativo\/ingresar$/);

    // The phone's access token expires (moved forward here rather than waited for): its refresh is refused, and the
    // agent is sent to log in again.
    await phone.addCookies([{ name: 'auth_expires', value: String(Date.now() - 60_000), url: webUrl, httpOnly: true }]);
    await phonePage.goto('/corporativo');
    await expect(phonePage).toHaveURL(/\/corporativo\/ingresar\?motivo=expired$/);
    await expect(phonePage.getByText(TEXT.es.expired)).toBeVisible();
    expect(Object.keys(await sessionCookies(phone))).toEqual([]);
    await Promise.all([laptop.close(), phone.close()]);
  });

  test('a signed-in agent’s form posted from another site is refused', async ({ browser }) => {
    const company = await companyNamed('Consultores del Pacífico, S.A.');
    const raul = await createAgent('raul', company.id);
    const context = await agentContext(browser, SPANISH);
    const page = await context.newPage();
    await logIn(page, 'es', raul.email);
    await expect(page).toHaveURL(/\/corporativo$/);
    const forged = await page.request.post(`${webUrl}/corporativo`, { headers: { origin: 'https://evil.example', 'content-type': 'text/plain;charset=UTF-8', 'next-action': 'forged' }, data: '[]' });
    expect(forged.status()).toBe(403);
    const sameSite = await page.request.post(`${webUrl}/corporativo`, { headers: { origin: webUrl, 'content-type': 'text/plain;charset=UTF-8', 'next-action': 'forged' }, data: '[]' });
    expect(sameSite.status()).not.toBe(403);
    await context.close();
  });

  test('repeated failed logins are refused for a while, even with the right password', async ({ browser }) => {
    // Ten attempts per account in 15 minutes; from the fourth failure on, each answer comes later (up to 8 s).
    test.setTimeout(120_000);
    const company = await companyNamed('Consultores del Pacífico, S.A.');
    const tito = await createAgent('tito', company.id);
    const context = await agentContext(browser, SPANISH);
    const page = await context.newPage();
    await logIn(page, 'es', tito.email, 'wrong-password-0');
    for (let attempt = 1; attempt < 10; attempt += 1) {
      await expect(page.getByRole('alert').filter({ hasText: TEXT.es.failed })).toBeVisible({ timeout: 15_000 });
      await page.getByLabel(TEXT.es.password, { exact: true }).fill(`wrong-password-${attempt}`);
      await page.getByRole('button', { name: TEXT.es.login, exact: true }).click();
      await expect(page.getByRole('button', { name: TEXT.es.login, exact: true })).toBeEnabled({ timeout: 15_000 });
    }
    await page.getByLabel(TEXT.es.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: TEXT.es.login, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: /Demasiados intentos fallidos\. Intenta de nuevo en \d+ minutos?\./ })).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/corporativo\/ingresar$/);
    await context.close();
  });

  test('logs in through the company’s provider', async ({ browser }) => {
    const company = await companyNamed('Constructora Cerro Azul, S.A.');
    const sso = await createAgent('sso', company.id, { provider: 'oidc' });
    const context = await agentContext(browser, SPANISH);
    const page = await context.newPage();
    await page.goto('/corporativo/ingresar');
    await page.getByRole('link', { name: 'Ingresar con Tu empresa (inicio de sesión único)' }).click();
    // The provider's own page (scripts/oidc-provider.mjs).
    await page.getByLabel('E-mail').fill(sso.email);
    await page.getByLabel('Password').fill('wrong');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Wrong e-mail or password.')).toBeVisible();
    await page.getByLabel('Password').fill(process.env.OIDC_USER_PASSWORD ?? 'local-oidc-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/corporativo$/);
    await expect(page.getByTestId('agent-company')).toHaveText('Empresa: Constructora Cerro Azul, S.A.');
    const cookies = await context.cookies();
    expect(cookies.find((cookie) => cookie.name === 'directus_refresh_token')).toBeUndefined();
    expect(cookies.find((cookie) => cookie.name === 'auth_refresh_token')?.httpOnly).toBe(true);
    await context.close();
  });

  test('registers, confirms the address by email, and logs in to an account not yet linked to a company', async ({ browser }) => {
    const context = await agentContext(browser, SPANISH);
    const page = await context.newPage();
    const email = `nuevo.${run}@agents.example.com`;
    await page.goto('/corporativo/registro');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByText('Este campo es obligatorio').first()).toBeVisible();
    await page.getByLabel('Nombre', { exact: true }).fill('Nora');
    await page.getByLabel('Apellido').fill('Nueva');
    await page.getByLabel('Correo electrónico del trabajo').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('corta');
    await page.getByLabel('Repite la contraseña').fill('corta');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByText('La contraseña debe tener al menos 10 caracteres')).toBeVisible();
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repite la contraseña').fill(PASSWORD);
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page.getByRole('status')).toContainText('Te enviamos un correo');

    const mail = await mailTo(email, '/corporativo/verificar');
    expect(mail).toContain('Confirma tu correo');
    await page.goto(linkIn(mail, '/corporativo/verificar'));
    await expect(page.getByText('Tu correo quedó confirmado. Ya puedes ingresar.')).toBeVisible();
    await logIn(page, 'es', email);
    await expect(page).toHaveURL(/\/corporativo$/);
    await expect(page.getByText('Tu cuenta aún no está vinculada a una empresa')).toBeVisible();
    await context.close();
  });
});

test.describe('a corporate agent, in English', () => {
  test('resets a forgotten password by email', async ({ browser }) => {
    const company = await companyNamed('Logística Istmeña, S.A.');
    const pat = await createAgent('pat', company.id, { language: 'en-US' });
    const context = await agentContext(browser, ENGLISH);
    const page = await context.newPage();
    await page.goto('/en/corporativo/ingresar');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expect(page).toHaveURL(/\/en\/corporativo\/recuperar$/);
    await page.getByLabel('Email').fill(pat.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expect(page.getByRole('status')).toContainText('If there is an account with that email');

    const mail = await mailTo(pat.email, '/corporativo/restablecer');
    expect(mail).toContain('Change your');
    await page.goto(linkIn(mail, '/en/corporativo/restablecer'));
    await page.getByLabel('New password', { exact: true }).fill('a brand new password');
    await page.getByLabel('Repeat the password').fill('a brand new passwort');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Repeat the password').fill('a brand new password');
    await page.getByRole('button', { name: 'Save the password' }).click();
    await expect(page.getByRole('status')).toHaveText('Your password was changed. You can log in now.');

    await logIn(page, 'en', pat.email);
    await expect(page.getByRole('alert').filter({ hasText: TEXT.en.failed })).toBeVisible();
    await page.getByLabel(TEXT.en.password, { exact: true }).fill('a brand new password');
    await page.getByRole('button', { name: TEXT.en.login, exact: true }).click();
    await expect(page).toHaveURL(/\/en\/corporativo$/);
    await expect(page.getByTestId('agent-greeting')).toHaveText('Hello, Pat Agente');
    await context.close();
  });

  test('accepts an invitation from staff and logs in', async ({ browser }) => {
    const email = `invited.${run}@agents.example.com`;
    await admin('/users/invite', { method: 'POST', body: { email, role: await agentRoleId(), invite_url: `${webUrl}/en/corporativo/invitacion` } });
    const mail = await mailTo(email, '/corporativo/invitacion');
    expect(mail).toContain('You are invited');
    const context = await agentContext(browser, ENGLISH);
    const page = await context.newPage();
    await page.goto(linkIn(mail, '/en/corporativo/invitacion'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Accept your invitation');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create my password' }).click();
    await expect(page.getByRole('status')).toContainText('you can log in with your email and password now');
    await logIn(page, 'en', email);
    await expect(page).toHaveURL(/\/en\/corporativo$/);
    // The same link again: already used.
    await page.goto(linkIn(mail, '/en/corporativo/invitacion'));
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Repeat the password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create my password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The invitation is not valid' })).toBeVisible();
    await context.close();
  });
});
