import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate } from '@rentacar/domain/dates';
import { eventually, staffContent, storefrontApi, threeDaySelection, type Json } from '../integration-clients';

// The storefront's counter API over HTTP (docs/counter.md, "The storefront's counter API"), against the storefront, content service
// and gateway sandbox the harness started: who may act (a counter staff member's Bearer token or session; another
// branch's staff, an agent, nobody), the content service's refusals passed on in the booking API's shape, and a rental
// closed end to end: pickup with a deposit, return with damage, the deposit kept towards it, the rest charged to the
// card on file once, and one receipt e-mail with the final bill.
const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3000';
const contentUrl = process.env.CONTENT_URL ?? 'http://127.0.0.1:8055';
const sandboxUrl = process.env.GATEWAY_SANDBOX_URL ?? 'http://127.0.0.1:8070';
const publishableKey = process.env.METROBANK_PUBLISHABLE_KEY ?? 'pk_test_local_sandbox';
const outbox = process.env.MAIL_OUTBOX_DIR;

type Row = Record<string, unknown> & { id: number | string };

const spanish = storefrontApi(webUrl, { acceptLanguage: 'es-ES' });
const english = storefrontApi(webUrl, { acceptLanguage: 'en-US' });
const { signIn, content, seedRow } = staffContent(contentUrl);

// This file's band of days (the booking API's is 200-1,290 days ahead, payments' 1,400 on, reminders' 2,600 on): 3,700 on.
const RUN_OFFSET = 3_700 + (Date.now() % 1000);
const SUFFIX = Date.now().toString(36);
const staffPty = `counter-api-pty-${SUFFIX}`;
const staffOba = `counter-api-oba-${SUFFIX}`;
const agent = `counter-api-agent-${SUFFIX}`;
const users: string[] = [];

let pty: Row;
let car: Row;
let coverage: Row;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
// A 1×1 PNG, as a tablet's camera would send a (much larger) photo.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');
const errorsOf = (json: Json) => (json.errors as { field: string; code: string; message: string }[] | undefined) ?? [];

async function cardToken(): Promise<string> {
  const response = await fetch(`${sandboxUrl}/metrobank/v1/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${publishableKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '739', name: 'Test Renter' } }),
  });
  const token = (await response.json()) as { id?: string };
  if (!token.id) throw new Error(`no token: ${response.status}`);
  return token.id;
}

/** A reservation at Tocumen picked up two days ago and due back in a day; prepaid by card (a card on file) or to pay at the counter. */
async function book(offset: number, paid: boolean): Promise<{ number: string; email: string; total: number }> {
  const email = `counter.api.${SUFFIX}.${offset}@example.com`;
  const start = addDaysToLocalDate(formatPanamaDate(new Date()), RUN_OFFSET + offset);
  const { status, json } = await spanish('POST', '/api/reservations', {
    ...threeDaySelection({ car, branch: pty, coverage }, start, paid ? 'prepaid' : 'postpaid'),
    client: { name: 'Rita', last_name: 'Mostrador', email, license: 'PA-99887', birthday: '1985-03-04', phone_number: '6123-4567' },
    terms_accepted: true,
  }, { 'idempotency-key': `counter-api-${SUFFIX}-${offset}` });
  expect(status, JSON.stringify(json)).toBe(201);
  const number = String(json.reservation_number);
  if (paid) {
    const payment = await spanish('POST', `/api/reservations/${number}/payments`, { email, method: 'card', token: await cardToken() });
    expect(payment.status, JSON.stringify(payment.json)).toBe(201);
  }
  return { number, email, total: Number((json.totals as Json).total) };
}

async function receiptsTo(email: string): Promise<ParsedMail[]> {
  if (!outbox) throw new Error('MAIL_OUTBOX_DIR is not set: the harness writes the storefront\'s e-mails there');
  const files = await readdir(outbox).catch(() => [] as string[]);
  const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(join(outbox, file)))));
  return mails.filter((mail) => /^(Recibo de devolución|Return receipt) /.test(mail.subject ?? '') && JSON.stringify(mail.to).includes(email));
}

beforeAll(async () => {
  await signIn();
  pty = await seedRow<Row>('/items/branches?filter[code][_eq]=PTY');
  const oba = await seedRow<Row>('/items/branches?filter[code][_eq]=OBA');
  car = await seedRow<Row>('/items/flota?filter[modelo][_eq]=Accent');
  coverage = await seedRow<Row>('/items/coverages?filter[code][_eq]=BASIC');
  const roleOf = async (name: string) => (await seedRow<Row>(`/roles?filter[name][_eq]=${encodeURIComponent(name)}&fields=id`)).id;
  const counterRole = await roleOf('Counter staff');
  const agentRole = await roleOf('Corporate agent');
  for (const [token, role, branch] of [[staffPty, counterRole, pty.id], [staffOba, counterRole, oba.id], [agent, agentRole, null]] as const) {
    const user = await content<Row>('/users', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `${token}@example.com`, role, branch, status: 'active', token }) });
    users.push(String(user.id));
  }
}, 60_000);

// The users stay (the reservations they handed over name them), but can no longer sign in or use their token.
afterAll(async () => {
  for (const id of users) await content(`/users/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'suspended', token: null }) });
});

describe('who may act through /api/counter', () => {
  it('answers 401 without credentials or with an unknown token, 403 to a corporate agent and to another branch\'s staff', async () => {
    const { number } = await book(0, false);
    const path = `/api/counter/reservations/${number}/pickup`;
    const body = { mileage: 1_000, fuel_eighths: 8 };
    const nobody = await english('POST', path, body);
    expect(nobody.status).toBe(401);
    expect(errorsOf(nobody.json)[0]).toMatchObject({ field: 'authorization', code: 'unauthenticated' });
    expect((await english('POST', path, body, bearer('not-a-token'))).status).toBe(401);
    const byAgent = await english('POST', path, body, bearer(agent));
    expect(byAgent.status).toBe(403);
    expect(errorsOf(byAgent.json)[0]?.code).toBe('forbidden');
    const otherBranch = await spanish('POST', path, body, bearer(staffOba));
    expect(otherBranch.status).toBe(403);
    expect(errorsOf(otherBranch.json)[0]).toMatchObject({ code: 'other_branch', message: 'Esta reserva es de otra sucursal: la registra su personal.' });
  });

  it('passes the content service\'s refusals on: 400 naming the field, 409 with the reason, in the caller\'s language', async () => {
    const { number } = await book(1, false);
    const bad = await english('POST', `/api/counter/reservations/${number}/pickup`, { mileage: 'lots', fuel_eighths: 8 }, bearer(staffPty));
    expect(bad.status).toBe(400);
    expect(errorsOf(bad.json)[0]).toMatchObject({ field: 'mileage', code: 'invalid_value' });
    const notJson = await english('POST', `/api/counter/reservations/${number}/pickup`, '{ mileage', bearer(staffPty));
    expect(notJson.status).toBe(400);
    expect(errorsOf(notJson.json)[0]?.field).toBe('body');
    const early = await english('POST', `/api/counter/reservations/${number}/return`, { mileage: 1_000, fuel_eighths: 8 }, bearer(staffPty));
    expect(early.status).toBe(409);
    expect(errorsOf(early.json)[0]).toMatchObject({ field: 'rental_status', code: 'not_picked_up', message: 'The car has not been handed over yet.' });
    const unknown = await english('POST', '/api/counter/reservations/FF-NOSUCH/no-show', undefined, bearer(staffPty));
    expect(unknown.status).toBe(404);
  });

  it('takes the staff session\'s cookies from the site itself, and refuses them from another site', async () => {
    const { number } = await book(2, false);
    const session = { cookie: `auth_access_token=${staffPty}; auth_expires=${Date.now() + 600_000}` };
    const forged = await english('POST', `/api/counter/reservations/${number}/pickup`, { mileage: 5, fuel_eighths: 8 }, { ...session, origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    const own = await english('POST', `/api/counter/reservations/${number}/pickup`, { mileage: 5, fuel_eighths: 8 }, { ...session, origin: webUrl });
    expect(own.status, JSON.stringify(own.json)).toBe(200);
    expect(own.json).toMatchObject({ reservation_number: number, rental_status: 'picked_up', mileage_out: 5 });
  });
});

describe('closing a rental through /api/counter', () => {
  it('keeps the deposit towards the damage, charges the rest to the card on file once, and e-mails one receipt', async () => {
    const { number, email, total } = await book(3, true);
    const pickup = await spanish('POST', `/api/counter/reservations/${number}/pickup`, { mileage: 10_000, fuel_eighths: 8, deposit_amount: 1_000, deposit_method: 'cash' }, bearer(staffPty));
    expect(pickup.status, JSON.stringify(pickup.json)).toBe(200);
    const path = `/api/counter/reservations/${number}/return`;
    const tooMuch = await english('POST', path, { mileage: 10_300, fuel_eighths: 8, damage_amount: 800, deposit_kept_amount: 900 }, bearer(staffPty));
    expect(tooMuch.status).toBe(422);
    expect(errorsOf(tooMuch.json)[0]).toMatchObject({ field: 'deposit_kept_amount', code: 'more_than_charges', message: 'No more than the charges ($8.00) can be kept.' });

    // US$25.00 of damage (untaxed), US$10.00 of the deposit kept: US$15.00 due.
    const back = await english('POST', path, { mileage: 10_300, fuel_eighths: 8, damage_notes: 'Rayón', damage_amount: 2_500, deposit_kept_amount: 1_000 }, bearer(staffPty));
    expect(back.status, JSON.stringify(back.json)).toBe(200);
    expect(back.json).toMatchObject({ rental_status: 'returned', card_on_file: true, receipt: 'awaiting-charges' });
    expect(back.json.bill).toMatchObject({ charges: { total: 2_500 }, paid: total, deposit: { amount: 1_000, kept: 1_000, returned: 0, method: 'cash' }, due: 1_500 });
    expect(await receiptsTo(email)).toHaveLength(0);

    const charge = () => english('POST', `/api/counter/reservations/${number}/charges`, { method: 'card_on_file' }, bearer(staffPty));
    const charged = await charge();
    expect(charged.status, JSON.stringify(charged.json)).toBe(200);
    expect(charged.json).toMatchObject({ collected: 1_500, method: 'card_on_file', receipt: 'sent', bill: { due: 0, paid: total + 1_500 } });
    const again = await charge();
    expect(again.json).toMatchObject({ collected: 0, receipt: 'sent-before', bill: { due: 0, paid: total + 1_500 } });

    await eventually(async () => (await receiptsTo(email)).length > 0, 'the receipt e-mail');
    const receipts = await receiptsTo(email);
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    // The booking's language (booked in Spanish), whoever recorded it in which language.
    expect(receipt?.subject).toBe(`Recibo de devolución · reserva ${number} · Firefly`);
    expect(receipt?.text).toContain('Daños: $25.00');
    expect(receipt?.text).toContain('Depósito retenido para los cargos: $10.00');
    expect(receipt?.text).toContain('No tienes saldo pendiente.');
  });

  it('records what is collected at the counter when there is no card on file, and refuses the card', async () => {
    const { number, total } = await book(4, false);
    expect((await english('POST', `/api/counter/reservations/${number}/pickup`, { mileage: 1, fuel_eighths: 8 }, bearer(staffPty))).status).toBe(200);
    const back = await english('POST', `/api/counter/reservations/${number}/return`, { mileage: 2, fuel_eighths: 8 }, bearer(staffPty));
    expect(back.json).toMatchObject({ card_on_file: false, bill: { due: total } });
    const card = await english('POST', `/api/counter/reservations/${number}/charges`, { method: 'card_on_file' }, bearer(staffPty));
    expect(card.status).toBe(409);
    expect(errorsOf(card.json)[0]?.code).toBe('no_saved_card');
    const wrong = await english('POST', `/api/counter/reservations/${number}/charges`, { method: 'cheque' }, bearer(staffPty));
    expect(wrong.status).toBe(400);
    expect(errorsOf(wrong.json)[0]?.field).toBe('method');
    const counter = await english('POST', `/api/counter/reservations/${number}/charges`, { method: 'counter' }, bearer(staffPty));
    expect(counter.json).toMatchObject({ collected: total, method: 'counter', bill: { paid: total, due: 0 }, receipt: 'sent' });
    // Paid, and the way it really was: at the counter, not by a card (the admin, the dashboards and manage booking read it).
    const [row] = await content<Row[]>(`/items/reservations?filter[reservation_number][_eq]=${number}&fields=status,payment_type`);
    expect(row).toEqual({ status: 'paid', payment_type: 'counter' });
  });

  it('shows a booking\'s bill in the staff member\'s language at the counter; the API keeps the booking\'s', async () => {
    // Booked in Spanish; read by staff in English (the page /en/mostrador and the API's labels by language).
    const { number, email } = await book(7, false);
    const read = await english('GET', `/api/counter/reservations/${number}`, undefined, bearer(staffPty));
    expect(read.status, JSON.stringify(read.json)).toBe(200);
    const carLine = (read.json.lines as Array<{ code: string; label: string; labels?: Record<string, string> }>).find((line) => line.code === 'car');
    expect(carLine?.label).toMatch(/^Auto: 3 días × \$/);
    expect(carLine?.labels).toEqual({ es: carLine?.label, en: expect.stringMatching(/^Car: 3 days × \$/) as unknown });
    const session = { cookie: `auth_access_token=${staffPty}; auth_expires=${Date.now() + 600_000}` };
    const page = await fetch(`${webUrl}/en/mostrador/${number}`, { headers: { ...session, 'accept-language': 'en-US' } });
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(`Car: 3 days × $`);
    expect(html).toContain('ITBMS tax (7%)');
    expect(html).not.toContain('Auto: 3 días');
    expect(html).not.toContain('ITBMS (7%)');
    // The renter's own documents stay in the booking's language: the public API answers the lines as booked.
    const renter = await english('GET', `/api/reservations/${number}?email=${encodeURIComponent(email)}`);
    expect(renter.status, JSON.stringify(renter.json)).toBe(200);
    const renterLines = renter.json.lines as Array<{ code: string; label: string; labels?: unknown }>;
    expect(renterLines.find((line) => line.code === 'car')?.label).toMatch(/^Auto: 3 días/);
    expect(renterLines.every((line) => line.labels === undefined)).toBe(true);
  });

  it('collects one way at a time: while the counter holds the collection, the card on file is not charged (409 collection_in_progress)', async () => {
    const { number } = await book(6, true);
    expect((await english('POST', `/api/counter/reservations/${number}/pickup`, { mileage: 1, fuel_eighths: 8 }, bearer(staffPty))).status).toBe(200);
    const back = await english('POST', `/api/counter/reservations/${number}/return`, { mileage: 2, fuel_eighths: 8, damage_amount: 2_000 }, bearer(staffPty));
    expect(back.json).toMatchObject({ card_on_file: true, bill: { due: 2_000 } });
    // Another staff member's screen has started recording a collection at the counter (the content service's claim).
    const claimPath = `${contentUrl}/counter/reservations/${number}/collection`;
    const claim = await fetch(claimPath, { method: 'POST', headers: { ...bearer(staffPty), 'content-type': 'application/json' }, body: JSON.stringify({ method: 'counter' }) });
    expect(claim.status).toBe(200);
    const card = await spanish('POST', `/api/counter/reservations/${number}/charges`, { method: 'card_on_file' }, bearer(staffPty));
    expect(card.status, JSON.stringify(card.json)).toBe(409);
    expect(errorsOf(card.json)[0]).toMatchObject({ field: 'method', code: 'collection_in_progress', message: 'Otra persona está registrando el cobro en el mostrador. Actualiza la página para ver el saldo.' });
    // Given back (that screen was closed), the card is charged once.
    await fetch(claimPath, { method: 'DELETE', headers: { ...bearer(staffPty), 'content-type': 'application/json' }, body: JSON.stringify({ method: 'counter' }) });
    const charged = await english('POST', `/api/counter/reservations/${number}/charges`, { method: 'card_on_file' }, bearer(staffPty));
    expect(charged.json).toMatchObject({ collected: 2_000, method: 'card_on_file', bill: { due: 0 } });
  });
});

describe('photos through /api/counter/photos', () => {
  const upload = async (token: string | null, bytes: typeof PNG, type: string) => {
    const form = new FormData();
    form.append('file', new Blob([bytes], { type }), 'car.png');
    const response = await fetch(`${webUrl}/api/counter/photos`, { method: 'POST', body: form, headers: { 'accept-language': 'en-US', ...(token ? bearer(token) : {}) } });
    return { status: response.status, json: (await response.json()) as Json };
  };

  it('stores a staff member\'s photo privately for a pickup, and refuses what is not a photo, or a caller who is not staff', async () => {
    const stored = await upload(staffPty, PNG, 'image/png');
    expect(stored.status, JSON.stringify(stored.json)).toBe(201);
    const id = String(stored.json.id);
    // Private: not even the storefront's own token reads it.
    expect((await fetch(`${contentUrl}/assets/${id}`)).status).toBe(403);
    const notPhoto = await upload(staffPty, Buffer.from('plain text, not a photo'), 'image/png');
    expect(notPhoto.status).toBe(415);
    expect(errorsOf(notPhoto.json)[0]).toMatchObject({ field: 'file', code: 'file_type' });
    expect((await upload(null, PNG, 'image/png')).status).toBe(401);
    expect((await upload(agent, PNG, 'image/png')).status).toBe(403);
    const { number } = await book(5, false);
    const pickup = await english('POST', `/api/counter/reservations/${number}/pickup`, { mileage: 7, fuel_eighths: 4, photos: [id] }, bearer(staffPty));
    expect(pickup.status, JSON.stringify(pickup.json)).toBe(200);
    expect(pickup.json.pickup_photos).toEqual([id]);
  });
});
