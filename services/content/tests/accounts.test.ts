// Corporate agents' accounts against a live instance (CONTENT_URL): public registration as a Corporate agent, the
// account e-mails (registration, password reset, invitation) handed to the storefront instead of Directus' mailer,
// and the reservations of corporate agents through POST /booking/reservations. services/content/README.md,
// "Corporate agents' accounts".
//
// The e-mails go to a stub of the storefront's POST /api/content-callbacks/account-emails that this file binds on ACCOUNTS_STUB_URL,
// which the harness gave the content service as a storefront origin (STOREFRONT_ORIGINS): scripts/content-test.mjs
// does both, and so does `npm test` (scripts/test.mjs). Without ACCOUNTS_STUB_URL those tests are skipped. Every row is created here and removed at the end.
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEnvironment } from '../../../scripts/lib/content-service.mjs';
import { adminToken, api, contentUrl, createUnits, dataOf, errorCode, firstOf, login, qs, requireEnv, uniqueSuffix, type ApiResult } from './helpers';

interface AccountMail { kind: string; to: string; url: string; language: string }
interface Received { mail: AccountMail; secret: string | undefined; path: string; answered: number | 'dropped' | 'hung' }
interface User { id: string; email: string; status: string; role: string | null; corporate_account: number | null; language: string | null }
/** As the booking routes answer it: `id` is the reservation's reference (`<row id>.<mac>`). */
interface Reservation { id: string; corporate_account: number | null; agent: string | null; reservation_number: string }

/** The row id in a reference the booking routes answer, for calls at /items. */
const recordId = (reference: string) => reference.split('.')[0] ?? '';

const suffix = uniqueSuffix();
const stubUrl = process.env.ACCOUNTS_STUB_URL ? new URL(process.env.ACCOUNTS_STUB_URL).origin : '';
const origins = (process.env.STOREFRONT_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean).map((o) => new URL(o).origin);
// Directus' own invitation links are rewritten to the FIRST storefront origin: the stub (scripts/content-test.mjs), or
// under `npm test` the real storefront, whose mailer writes .eml files to MAIL_OUTBOX_DIR.
const stubIsFirstOrigin = Boolean(stubUrl) && origins[0] === stubUrl;
const outboxDir = process.env.MAIL_OUTBOX_DIR ?? '';

/** The invitation link the first storefront origin mailed to `email`, read from its outbox (quoted-printable undone). */
async function invitationLinkInOutbox(email: string): Promise<string> {
  const escapedOrigin = (origins[0] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`${escapedOrigin}/corporativo/invitacion\\?token=[A-Za-z0-9._-]+`);
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const files = await readdir(outboxDir).catch(() => [] as string[]);
    for (const file of files) {
      const raw = await readFile(join(outboxDir, file), 'latin1');
      const text = Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8');
      const link = text.includes(email) ? pattern.exec(text)?.[0] : undefined;
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no invitation to ${email} in ${outboxDir}`);
}

let admin = '';
let storefront = '';
let agentRole = '';
const userIds: string[] = [];
const cleanup: string[] = [];

async function create<T extends { id: number | string }>(collection: string, body: Record<string, unknown>): Promise<T> {
  const path = collection === 'directus_users' ? '/users' : collection === 'directus_roles' ? '/roles' : `/items/${collection}`;
  const result = await api<T>(path, { method: 'POST', token: admin, body });
  expect(result.status, `create ${collection}: ${result.text.slice(0, 300)}`).toBe(200);
  const item = dataOf(result);
  if (collection === 'directus_users') userIds.push(String(item.id));
  else cleanup.push(`${path}/${item.id}`);
  return item;
}

async function userByEmail(email: string): Promise<User | undefined> {
  const result = await api<User[]>(`/users${qs({ filter: { email: { _eq: email } }, fields: 'id,email,status,role,corporate_account,language' })}`, { token: admin });
  const user = dataOf(result)[0];
  if (user && !userIds.includes(user.id)) userIds.push(user.id);
  return user;
}

beforeAll(async () => {
  admin = await adminToken();
  storefront = requireEnv('DIRECTUS_STOREFRONT_TOKEN');
  const roles = await api<Array<{ id: string }>>(`/roles${qs({ filter: { name: { _eq: 'Corporate agent' } }, fields: 'id' })}`, { token: admin });
  agentRole = firstOf(dataOf(roles), 'the Corporate agent role').id;
});

afterAll(async () => {
  for (const id of userIds) await api(`/users/${id}`, { method: 'DELETE', token: admin });
  for (const path of cleanup.reverse()) await api(path, { method: 'DELETE', token: admin });
});

describe('Directus settings for the account pages (scripts/lib/content-service.mjs)', () => {
  // contentEnvironment also reads these names from this process's environment (Directus inherits it): set none here.
  const saved: Record<string, string | undefined> = {};
  const names = /^(STOREFRONT_ORIGINS|SITE_URL|WEB_HOST|WEB_PORT|AUTH_|PASSWORD_RESET_URL_ALLOW_LIST|USER_INVITE_URL_ALLOW_LIST|USER_REGISTER_URL_ALLOW_LIST|DEMO_AGENT_PASSWORD)/;
  beforeAll(() => {
    for (const name of Object.keys(process.env).filter((n) => names.test(n))) {
      saved[name] = process.env[name];
      delete process.env[name];
    }
  });
  afterAll(() => {
    for (const [name, value] of Object.entries(saved)) process.env[name] = value;
  });
  const base = { SECRET: 'x'.repeat(40), ADMIN_EMAIL: 'a@example.com', ADMIN_PASSWORD: 'pw', DIRECTUS_STOREFRONT_TOKEN: 't', REVALIDATE_SECRET: 's'.repeat(20), ACCOUNT_EMAILS_SECRET: 'a'.repeat(20), REMINDERS_SECRET: 'm'.repeat(20) };
  const pages = (path: string, ...origins: string[]) => origins.flatMap((o) => [`${o}${path}`, `${o}/en${path}`]).join(',');

  it('derives the allow lists from SITE_URL (else WEB_HOST:WEB_PORT), on both languages', () => {
    expect(contentEnvironment({ ...base, WEB_PORT: '3100' }).directus).toMatchObject({
      STOREFRONT_ORIGINS: 'http://127.0.0.1:3100',
      PASSWORD_RESET_URL_ALLOW_LIST: pages('/corporativo/restablecer', 'http://127.0.0.1:3100'),
    });
    const { directus } = contentEnvironment({ ...base, SITE_URL: 'https://www.firefly.example.com/' });
    expect(directus).toMatchObject({
      STOREFRONT_ORIGINS: 'https://www.firefly.example.com',
      PASSWORD_RESET_URL_ALLOW_LIST: pages('/corporativo/restablecer', 'https://www.firefly.example.com'),
      USER_INVITE_URL_ALLOW_LIST: pages('/corporativo/invitacion', 'https://www.firefly.example.com'),
      USER_REGISTER_URL_ALLOW_LIST: pages('/corporativo/verificar', 'https://www.firefly.example.com'),
    });
    expect(directus.AUTH_PROVIDERS).toBeUndefined();
    expect(directus.DEMO_AGENT_PASSWORD).toBeUndefined();
  });

  it('covers every origin of STOREFRONT_ORIGINS; sets each SSO provider\'s return pages and json mode unless set; explicit values win', () => {
    const a = 'https://www.firefly.example.com';
    const b = 'https://www.hertz.example.com';
    const { directus } = contentEnvironment({
      ...base, SITE_URL: 'https://ignored.example.com', STOREFRONT_ORIGINS: `${a}, ${b}/x ,${a}`,
      AUTH_PROVIDERS: 'google, azure', AUTH_AZURE_MODE: 'session', USER_INVITE_URL_ALLOW_LIST: 'https://own.example.com/invite',
    });
    expect(directus).toMatchObject({
      STOREFRONT_ORIGINS: `${a},${b}`,
      PASSWORD_RESET_URL_ALLOW_LIST: pages('/corporativo/restablecer', a, b),
      USER_INVITE_URL_ALLOW_LIST: 'https://own.example.com/invite',
      USER_REGISTER_URL_ALLOW_LIST: pages('/corporativo/verificar', a, b),
      AUTH_PROVIDERS: 'google,azure',
      AUTH_GOOGLE_REDIRECT_ALLOW_LIST: pages('/corporativo/sso', a, b),
      AUTH_GOOGLE_MODE: 'json',
      AUTH_AZURE_REDIRECT_ALLOW_LIST: pages('/corporativo/sso', a, b),
      AUTH_AZURE_MODE: 'session',
    });
    expect(() => contentEnvironment({ ...base, STOREFRONT_ORIGINS: 'not a url' })).toThrow(/STOREFRONT_ORIGINS/);
  });
});

describe('public registration', () => {
  it('is on, with e-mail verification, into the Corporate agent role (applied at every start)', async () => {
    const settings = await api<{ public_registration: boolean; public_registration_verify_email: boolean; public_registration_role: string }>(
      `/settings${qs({ fields: 'public_registration,public_registration_verify_email,public_registration_role' })}`, { token: admin });
    expect(dataOf(settings)).toEqual({ public_registration: true, public_registration_verify_email: true, public_registration_role: agentRole });
  });
});

describe.skipIf(!stubUrl)('account e-mails through the storefront', () => {
  let stub: Server;
  let mode: 'ok' | 'fail' | 'drop' | 'hang' = 'ok';
  const received: Received[] = [];
  const mailsTo = (email: string) => received.filter((r) => r.mail.to === email);
  const tokenOf = (url: string) => new URL(url).searchParams.get('token') ?? '';

  /** The one delivery to `email` (the request that sent it has answered, so it has arrived). */
  function onlyMailTo(email: string): AccountMail {
    const mails = mailsTo(email);
    expect(mails, `deliveries to ${email}`).toHaveLength(1);
    const delivery = firstOf(mails, `a delivery to ${email}`);
    expect(delivery.path).toBe('/api/content-callbacks/account-emails');
    // The account e-mails' own secret: the revalidation's opens no other kind of callback.
    expect(delivery.secret).toBe(requireEnv('ACCOUNT_EMAILS_SECRET'));
    expect(delivery.secret).not.toBe(requireEnv('REVALIDATE_SECRET'));
    return delivery.mail;
  }

  beforeAll(async () => {
    stub = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const header = req.headers['x-callback-secret'];
        const entry: Received = {
          mail: JSON.parse(Buffer.concat(chunks).toString('utf8')) as AccountMail,
          secret: Array.isArray(header) ? header[0] : header,
          path: req.url ?? '',
          answered: mode === 'drop' ? 'dropped' : mode === 'hang' ? 'hung' : mode === 'ok' ? 204 : 500,
        };
        received.push(entry);
        if (mode === 'drop') {
          req.socket.destroy();
          return;
        }
        if (mode === 'hang') return;
        res.statusCode = entry.answered as number;
        res.end();
      });
    });
    const { hostname, port } = new URL(stubUrl);
    await new Promise<void>((resolve, reject) => {
      stub.once('error', reject);
      stub.listen(Number(port), hostname, () => resolve());
    });
  });

  afterAll(async () => {
    stub.closeAllConnections();
    await new Promise<void>((resolve) => stub.close(() => resolve()));
  });

  it('registration: the verification link goes to the storefront, in the language of its page; verified, the agent logs in and reads nothing', async () => {
    mode = 'ok';
    const email = `registered-${suffix}@example.com`;
    const password = `pw-${suffix}-1`;
    const register = await api('/users/register', {
      method: 'POST', body: { email, password, first_name: 'Reg', verification_url: `${stubUrl}/en/corporativo/verificar` },
    });
    expect(register.status, register.text.slice(0, 300)).toBe(204);
    const mail = onlyMailTo(email);
    expect(mail.kind).toBe('registration');
    expect(mail.language).toBe('en');
    expect(mail.url.startsWith(`${stubUrl}/en/corporativo/verificar?token=`), mail.url).toBe(true);

    const user = await userByEmail(email);
    expect(user).toMatchObject({ status: 'unverified', role: agentRole, corporate_account: null });
    expect((await api('/auth/login', { method: 'POST', body: { email, password } })).status).toBe(401);

    // What the storefront's verification page does with the token.
    const verify = await fetch(`${contentUrl()}/users/register/verify-email?token=${encodeURIComponent(tokenOf(mail.url))}`, { redirect: 'manual' });
    expect(verify.status).toBe(302);
    expect((await userByEmail(email))?.status).toBe('active');

    // Without a company (staff link it in the admin) the agent reads no reservation, company, nor sets one itself.
    const company = await create<{ id: number }>('corporate_accounts', { status: 'published', name: `Reg Co ${suffix}` });
    await create('reservations', { reservation_number: `RG-${suffix}-1`.toUpperCase() });
    await create('reservations', { reservation_number: `RG-${suffix}-2`.toUpperCase(), corporate_account: company.id });
    const token = await login(email, password);
    const reservations = await api<unknown[]>(`/items/reservations${qs({ fields: 'id', limit: -1 })}`, { token });
    expect(reservations.status).toBe(200);
    expect(reservations.body.data).toEqual([]);
    expect((await api<unknown[]>('/items/corporate_accounts', { token })).body.data).toEqual([]);
    expect((await api('/users/me', { method: 'PATCH', token, body: { corporate_account: company.id } })).status).toBe(403);
    expect((await api('/users/me', { method: 'PATCH', token, body: { role: null } })).status).toBe(403);
  });

  it('password reset: the link goes to the storefront in the user\'s language; its token sets a new password', async () => {
    mode = 'ok';
    const email = `reset-${suffix}@example.com`;
    const oldPassword = `pw-${suffix}-old`;
    const newPassword = `pw-${suffix}-new`;
    await create('directus_users', { email, password: oldPassword, role: agentRole, status: 'active', language: 'en-US' });

    // The Spanish page, but the user reads English: the user's language wins.
    const request = await api('/auth/password/request', { method: 'POST', body: { email, reset_url: `${stubUrl}/corporativo/restablecer` } });
    expect(request.status, request.text.slice(0, 300)).toBe(204);
    const mail = onlyMailTo(email);
    expect(mail).toMatchObject({ kind: 'password-reset', to: email, language: 'en' });
    expect(mail.url.startsWith(`${stubUrl}/corporativo/restablecer?token=`), mail.url).toBe(true);

    const reset = await api('/auth/password/reset', { method: 'POST', body: { token: tokenOf(mail.url), password: newPassword } });
    expect(reset.status, reset.text.slice(0, 300)).toBe(204);
    await expect(login(email, newPassword)).resolves.toBeTruthy();
    expect((await api('/auth/login', { method: 'POST', body: { email, password: oldPassword } })).status).toBe(401);
    // A token is good for one reset (it is bound to the password it replaced).
    expect((await api('/auth/password/reset', { method: 'POST', body: { token: tokenOf(mail.url), password: 'again-1' } })).status).toBe(403);
  });

  it('refuses a reset link that is not one of the storefront\'s pages (400), and sends nothing', async () => {
    mode = 'ok';
    const email = `reset-elsewhere-${suffix}@example.com`;
    await create('directus_users', { email, password: `pw-${suffix}`, role: agentRole, status: 'active' });
    for (const resetUrl of ['https://evil.example.com/corporativo/restablecer', `${stubUrl}/corporativo/otra-pagina`, `${stubUrl}/corporativo/invitacion`]) {
      const result = await api('/auth/password/request', { method: 'POST', body: { email, reset_url: resetUrl } });
      expect(result.status, resetUrl).toBe(400);
      expect(errorCode(result)).toBe('INVALID_PAYLOAD');
    }
    const invite = await api('/users/invite', { method: 'POST', token: admin, body: { email: `invite-elsewhere-${suffix}@example.com`, role: agentRole, invite_url: 'https://evil.example.com/corporativo/invitacion' } });
    expect(invite.status).toBe(400);
    expect(mailsTo(email)).toEqual([]);
  });

  it('invitation with the storefront\'s page: the link goes to the storefront; accepting it activates the agent', async () => {
    mode = 'ok';
    const email = `invited-${suffix}@example.com`;
    const invite = await api('/users/invite', { method: 'POST', token: admin, body: { email, role: agentRole, invite_url: `${stubUrl}/corporativo/invitacion` } });
    expect(invite.status, invite.text.slice(0, 300)).toBe(204);
    const mail = onlyMailTo(email);
    expect(mail).toMatchObject({ kind: 'invitation', to: email, language: 'es' });
    expect(mail.url.startsWith(`${stubUrl}/corporativo/invitacion?token=`), mail.url).toBe(true);
    expect((await userByEmail(email))?.status).toBe('invited');

    const password = `pw-${suffix}-inv`;
    const accept = await api('/users/invite/accept', { method: 'POST', body: { token: tokenOf(mail.url), password } });
    expect(accept.status, accept.text.slice(0, 300)).toBe(204);
    expect((await userByEmail(email))?.status).toBe('active');
    await expect(login(email, password)).resolves.toBeTruthy();
  });

  it('invitation from the admin (Directus\' own link) to a Corporate agent: rewritten to the first storefront\'s page, same token', async () => {
    mode = 'ok';
    const email = `admin-invited-${suffix}@example.com`;
    const invite = await api('/users/invite', { method: 'POST', token: admin, body: { email, role: agentRole } });
    expect(invite.status, invite.text.slice(0, 300)).toBe(204);
    let url: string;
    if (stubIsFirstOrigin) {
      const mail = onlyMailTo(email);
      expect(mail).toMatchObject({ kind: 'invitation', to: email, language: 'es' });
      url = mail.url;
    } else {
      expect(outboxDir, 'MAIL_OUTBOX_DIR of the storefront that is the first origin').not.toBe('');
      url = await invitationLinkInOutbox(email);
    }
    expect(url.startsWith(`${origins[0]}/corporativo/invitacion?token=`), url).toBe(true);
    const password = `pw-${suffix}-adm`;
    expect((await api('/users/invite/accept', { method: 'POST', body: { token: tokenOf(url), password } })).status).toBe(204);
    await expect(login(email, password)).resolves.toBeTruthy();
  });

  it('invitation from the admin to another role: left to Directus (its own link and mailer), nothing to the storefront', async () => {
    mode = 'ok';
    const role = await create<{ id: string }>('directus_roles', { name: `Staff test ${suffix}` });
    const email = `staff-invited-${suffix}@example.com`;
    // Directus' own mailer has no sendmail here: it logs "Could not send user invitation mail" (its usual behaviour).
    const invite = await api('/users/invite', { method: 'POST', token: admin, body: { email, role: role.id } });
    expect(invite.status, invite.text.slice(0, 300)).toBe(204);
    await userByEmail(email);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(email)).toEqual([]);
  });

  it('storefront down or failing: the request fails visibly (503 EMAIL_NOT_SENT) within the 10 s timeout, for each flow', async () => {
    const email = `down-${suffix}@example.com`;
    const password = `pw-${suffix}-down`;
    await create('directus_users', { email, password, role: agentRole, status: 'active', language: 'es-ES' });

    for (const failure of ['fail', 'drop'] as const) {
      mode = failure;
      const started = Date.now();
      const request = await api('/auth/password/request', { method: 'POST', body: { email, reset_url: `${stubUrl}/corporativo/restablecer` } });
      expect(request.status, `${failure}: ${request.text.slice(0, 300)}`).toBe(503);
      expect(errorCode(request)).toBe('EMAIL_NOT_SENT');
      expect(Date.now() - started).toBeLessThan(9_000);
    }
    expect(mailsTo(email).map((r) => r.answered)).toEqual([500, 'dropped']);

    mode = 'drop';
    const invited = `down-invited-${suffix}@example.com`;
    const invite = await api('/users/invite', { method: 'POST', token: admin, body: { email: invited, role: agentRole, invite_url: `${stubUrl}/corporativo/invitacion` } });
    expect(invite.status, invite.text.slice(0, 300)).toBe(503);
    expect(errorCode(invite)).toBe('EMAIL_NOT_SENT');
    expect((await userByEmail(invited))?.status).toBe('invited');

    mode = 'fail';
    const registered = `down-registered-${suffix}@example.com`;
    const register = await api('/users/register', { method: 'POST', body: { email: registered, password, verification_url: `${stubUrl}/corporativo/verificar` } });
    expect(register.status, register.text.slice(0, 300)).toBe(503);
    expect(errorCode(register)).toBe('EMAIL_NOT_SENT');
    expect((await userByEmail(registered))?.status).toBe('unverified');

    // No account, no e-mail: the same 204 as when the storefront is up.
    const unknown = await api('/auth/password/request', { method: 'POST', body: { email: `nobody-${suffix}@example.com`, reset_url: `${stubUrl}/corporativo/restablecer` } });
    expect(unknown.status).toBe(204);

    // Back up: the same requests go through.
    mode = 'ok';
    const again = await api('/auth/password/request', { method: 'POST', body: { email, reset_url: `${stubUrl}/corporativo/restablecer` } });
    expect(again.status, again.text.slice(0, 300)).toBe(204);
    expect(mailsTo(email).at(-1)).toMatchObject({ answered: 204, mail: { kind: 'password-reset', language: 'es' } });
  });

  it('a storefront that never answers: 503 EMAIL_NOT_SENT after the 10 s timeout, not a hanging request', async () => {
    const email = `hang-${suffix}@example.com`;
    await create('directus_users', { email, password: `pw-${suffix}-hang`, role: agentRole, status: 'active' });
    mode = 'hang';
    const started = Date.now();
    const request = await api('/auth/password/request', { method: 'POST', body: { email, reset_url: `${stubUrl}/corporativo/restablecer` } });
    const seconds = (Date.now() - started) / 1000;
    mode = 'ok';
    expect(request.status, request.text.slice(0, 300)).toBe(503);
    expect(errorCode(request)).toBe('EMAIL_NOT_SENT');
    expect(seconds).toBeGreaterThanOrEqual(9.5);
    expect(seconds).toBeLessThan(20);
    expect(mailsTo(email).map((r) => r.answered)).toEqual(['hung']);
  });
});

describe('reservations of corporate agents (POST /booking/reservations)', () => {
  let branch = 0;
  let car = 0;
  let companyA = 0;
  let companyB = 0;
  let draftCompany = 0;
  const agents: Record<'a' | 'b' | 'suspended' | 'notAgent' | 'draftCo', { id: string; email: string; password: string }> = {
    a: { id: '', email: '', password: '' }, b: { id: '', email: '', password: '' }, suspended: { id: '', email: '', password: '' },
    notAgent: { id: '', email: '', password: '' }, draftCo: { id: '', email: '', password: '' },
  };
  let counter = 0;

  function reservation(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    counter += 1;
    return {
      idempotency_key: `acct-${suffix}-${counter}`,
      reservation_number: `AC-${suffix}-${counter}`.toUpperCase(),
      brand: 'firefly', status: 'unpaid', payment_type: 'unpaid', reservation_type: 'postpaid',
      car, pickup_branch: branch, return_branch: branch, pickup_date: '2032-05-10T10:00', return_date: '2032-05-12T10:00', days: 2,
      client_name: 'Ana', client_last_name: 'Pérez', client_email: 'ana@example.com', language: 'es-ES', total: 6000,
      ...overrides,
    };
  }
  const book = (body: unknown) => api<Reservation>('/booking/reservations', { method: 'POST', token: storefront, body });

  function expectRefused(result: ApiResult, field: string, code: string): void {
    expect(result.status, result.text.slice(0, 300)).toBe(422);
    const error = firstOf(result.body.errors ?? [], 'an error');
    expect(error.extensions).toEqual({ code, field });
    expect(error.message.length).toBeGreaterThan(10);
  }

  beforeAll(async () => {
    branch = (await create<{ id: number }>('branches', { status: 'draft', code: `A${suffix}`.slice(0, 12).toUpperCase(), name: `Accounts test ${suffix}` })).id;
    car = (await create<{ id: number }>('flota', { published: false, marca: 'Test', modelo: `Agents ${suffix}`, tipo: 'sedan', clasificacion: 'CDAR', precio_firefly: 3000 })).id;
    await createUnits(create, car, branch, 9);
    companyA = (await create<{ id: number }>('corporate_accounts', { status: 'published', name: `Company A ${suffix}` })).id;
    companyB = (await create<{ id: number }>('corporate_accounts', { status: 'published', name: `Company B ${suffix}` })).id;
    draftCompany = (await create<{ id: number }>('corporate_accounts', { status: 'draft', name: `Company draft ${suffix}` })).id;
    const user = async (key: keyof typeof agents, body: Record<string, unknown>) => {
      const email = `booker-${key.toLowerCase()}-${suffix}@example.com`;
      const password = `pw-${suffix}-${key}`;
      const created = await create<{ id: string }>('directus_users', { email, password, ...body });
      agents[key] = { id: created.id, email, password };
    };
    await user('a', { role: agentRole, status: 'active', corporate_account: companyA });
    await user('b', { role: agentRole, status: 'active', corporate_account: companyB });
    await user('suspended', { role: agentRole, status: 'suspended', corporate_account: companyA });
    await user('notAgent', { role: null, status: 'active', corporate_account: companyA });
    await user('draftCo', { role: agentRole, status: 'active', corporate_account: draftCompany });
  }, 60_000);

  it('stores the company and the agent of a valid corporate booking; the agent\'s company reads it, another company does not', async () => {
    const result = await book(reservation({ corporate_account: companyA, agent: agents.a.id }));
    expect(result.status, result.text.slice(0, 300)).toBe(201);
    const created = dataOf(result);
    cleanup.push(`/items/reservations/${recordId(created.id)}`);
    expect(created).toMatchObject({ corporate_account: companyA, agent: agents.a.id });
    const stored = dataOf(await api<Reservation>(`/items/reservations/${recordId(created.id)}${qs({ fields: 'corporate_account,agent' })}`, { token: admin }));
    expect(stored).toEqual({ corporate_account: companyA, agent: agents.a.id });

    const tokenA = await login(agents.a.email, agents.a.password);
    expect((await api(`/items/reservations/${recordId(created.id)}`, { token: tokenA })).status).toBe(200);
    const tokenB = await login(agents.b.email, agents.b.password);
    expect((await api(`/items/reservations/${recordId(created.id)}`, { token: tokenB })).status).toBe(403);
    const listB = await api<Array<{ id: number }>>(`/items/reservations${qs({ fields: 'id', limit: -1 })}`, { token: tokenB });
    expect((listB.body.data ?? []).map((r) => String(r.id))).not.toContain(recordId(created.id));
  });

  it('answers 422 naming the field for an incomplete or wrong company/agent pair, and stores nothing', async () => {
    expectRefused(await book(reservation({ corporate_account: companyA })), 'agent', 'CORPORATE_AGENT_REQUIRED');
    expectRefused(await book(reservation({ agent: agents.a.id })), 'corporate_account', 'CORPORATE_ACCOUNT_REQUIRED');
    expectRefused(await book(reservation({ corporate_account: companyB, agent: agents.a.id })), 'corporate_account', 'CORPORATE_ACCOUNT_MISMATCH');
    expectRefused(await book(reservation({ corporate_account: companyA, agent: '00000000-0000-4000-8000-000000000000' })), 'agent', 'AGENT_NOT_FOUND');
    expectRefused(await book(reservation({ corporate_account: companyA, agent: agents.suspended.id })), 'agent', 'AGENT_NOT_ACTIVE');
    expectRefused(await book(reservation({ corporate_account: companyA, agent: agents.notAgent.id })), 'agent', 'NOT_A_CORPORATE_AGENT');
    expectRefused(await book(reservation({ corporate_account: draftCompany, agent: agents.draftCo.id })), 'corporate_account', 'CORPORATE_ACCOUNT_NOT_ACTIVE');
    const rows = await api<Reservation[]>(`/items/reservations${qs({ filter: { car: { _eq: car } }, fields: 'id,corporate_account', limit: -1 })}`, { token: admin });
    expect(dataOf(rows).filter((r) => r.corporate_account !== null)).toHaveLength(1);
  });

  it('books retail reservations as before (no company, no agent; explicit nulls too)', async () => {
    for (const extra of [{}, { corporate_account: null, agent: null }]) {
      const result = await book(reservation(extra));
      expect(result.status, result.text.slice(0, 300)).toBe(201);
      const created = dataOf(result);
      cleanup.push(`/items/reservations/${recordId(created.id)}`);
      expect(created).toMatchObject({ corporate_account: null, agent: null });
    }
  });

  it('the storefront cannot set or change the company or the agent at /items, nor through PATCH /booking/reservations', async () => {
    for (const body of [{ corporate_account: companyA }, { agent: agents.a.id }, { corporate_account: null }]) {
      const created = await api('/items/reservations', { method: 'POST', token: storefront, body: { reservation_number: `AX-${uniqueSuffix()}`.toUpperCase(), ...body } });
      expect(created.status, JSON.stringify(body)).toBe(403);
    }
    const retail = await book(reservation());
    expect(retail.status).toBe(201);
    const reference = dataOf(retail).id;
    const id = recordId(reference);
    cleanup.push(`/items/reservations/${id}`);
    // No field of a reservation is writable at /items: every change goes through PATCH /booking/reservations.
    for (const body of [{ corporate_account: companyA }, { agent: agents.a.id }, { client_phone: '+50760000000' }]) {
      expect((await api(`/items/reservations/${id}`, { method: 'PATCH', token: storefront, body })).status, JSON.stringify(body)).toBe(403);
    }
    expect((await api(`/booking/reservations/${reference}`, { method: 'PATCH', token: storefront, body: { client_phone: '+50760000000' } })).status).toBe(200);
    const patch = await api(`/booking/reservations/${reference}`, { method: 'PATCH', token: storefront, body: { agent: agents.a.id } });
    expect(patch.status).toBe(400);
    expect(patch.body.errors?.[0]?.extensions).toEqual({ code: 'INVALID_PAYLOAD', field: 'agent' });
    const stored = dataOf(await api<Reservation>(`/items/reservations/${id}${qs({ fields: 'corporate_account,agent' })}`, { token: admin }));
    expect(stored).toEqual({ corporate_account: null, agent: null });
  });
});

describe('sessions: 5-minute access tokens, and log out everywhere (POST /account-sessions/end-all)', () => {
  interface Session { access_token: string; refresh_token: string; expires: number }
  const agent = { email: `everywhere-${suffix}@example.com`, password: `pw-${suffix}-everywhere` };
  const colleague = { email: `everywhere-colleague-${suffix}@example.com`, password: `pw-${suffix}-colleague` };

  const logIn = async (who: { email: string; password: string }) =>
    dataOf(await api<Session>('/auth/login', { method: 'POST', body: { email: who.email, password: who.password, mode: 'json' } }));
  const refresh = (refreshToken: string) => api<Session>('/auth/refresh', { method: 'POST', body: { refresh_token: refreshToken, mode: 'json' } });

  beforeAll(async () => {
    await create('directus_users', { ...agent, role: agentRole, status: 'active' });
    await create('directus_users', { ...colleague, role: agentRole, status: 'active' });
  });

  it('gives access tokens of 5 minutes (ACCESS_TOKEN_TTL)', async () => {
    expect((await logIn(agent)).expires).toBe(5 * 60 * 1000);
  });

  it('ends every session of the caller: a refresh token of another login no longer refreshes; a colleague’s still does', async () => {
    const laptop = await logIn(agent);
    const phone = await logIn(agent);
    const other = await logIn(colleague);
    // The phone's session refreshes, as every session does until it is ended.
    const phoneRefreshed = await refresh(phone.refresh_token);
    expect(phoneRefreshed.status, phoneRefreshed.text.slice(0, 300)).toBe(200);

    const ended = await api<{ ended: number }>('/account-sessions/end-all', { method: 'POST', token: laptop.access_token });
    expect(ended.status, ended.text.slice(0, 300)).toBe(200);
    expect(dataOf(ended).ended).toBeGreaterThanOrEqual(2);

    for (const token of [dataOf(phoneRefreshed).refresh_token, laptop.refresh_token]) {
      const refused = await refresh(token);
      expect(refused.status, refused.text.slice(0, 300)).toBe(401);
    }
    expect((await refresh(other.refresh_token)).status).toBe(200);
    // A new login works as before.
    expect((await refresh((await logIn(agent)).refresh_token)).status).toBe(200);
  });

  it('refuses a caller without a user’s token (401), ending nothing', async () => {
    const session = await logIn(agent);
    const refused = await api('/account-sessions/end-all', { method: 'POST' });
    expect(refused.status).toBe(401);
    expect(errorCode(refused)).toBe('INVALID_CREDENTIALS');
    expect((await refresh(session.refresh_token)).status).toBe(200);
  });
});
