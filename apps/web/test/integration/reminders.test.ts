import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDaysToLocalDate, formatPanamaDate, isRoundTheClock, parsePanamaDateTime, weekdayOfLocalDate, weeklyHours, type OpeningHours } from '@rentacar/domain/dates';
import { adminHeaders } from '../content-admin';
import { type Json, staffContent, storefrontApi, threeDaySelection } from '../integration-clients';

// The reminder before pickup against the real stack: reservations booked through the storefront's API, the content
// service's reminder pass run through POST /reminders/run at an instant about 24 hours before each pickup (the same
// pass the schedule runs every five minutes, so nothing here waits for the clock), and the e-mails the storefront
// wrote read back from the harness's outbox (.eml files) with a MIME parser.
const webUrl = process.env.WEB_URL ?? 'http://127.0.0.1:3000';
const contentUrl = process.env.CONTENT_URL ?? 'http://127.0.0.1:8055';
const outbox = process.env.MAIL_OUTBOX_DIR;

type Row = Record<string, unknown> & { id: number | string };

const spanish = storefrontApi(webUrl, { acceptLanguage: 'es-ES' });
const english = storefrontApi(webUrl, { acceptLanguage: 'en-US' });
const { signIn, content, seedRow } = staffContent(contentUrl);

const HOUR_MS = 3_600_000;
const day = (offset: number) => addDaysToLocalDate(formatPanamaDate(new Date()), offset);
// Days 2,600 to 3,600 ahead at El Cangrejo: clear of the other tests' bands (booking-api 200-1,263, payments 1,400-2,400).
const RUN_OFFSET = 2600 + (Date.now() % 1000);
let nextOffset = 0;

let branch: Row;
let car: Row;
let coverage: Row;
let admin: Record<string, string>;

type Booked = { number: string; id: string; email: string; pickup: string };

/** A booking of its own dates through the public API, in the caller's language: confirmed at once when postpaid. */
async function book(api: typeof spanish, type: 'postpaid' | 'prepaid' = 'postpaid'): Promise<Booked> {
  nextOffset += 4;
  const start = day(RUN_OFFSET + nextOffset);
  const email = `recordatorio.${RUN_OFFSET}.${nextOffset}@example.com`;
  const { status, json } = await api(
    'POST',
    '/api/reservations',
    {
      ...threeDaySelection({ car, branch, coverage }, start, type),
      client: { name: 'Rita', last_name: 'Recordatorio', email, license: 'PA-445566', birthday: '1984-04-04', phone_number: '6123-4567' },
      terms_accepted: true,
    },
    { 'idempotency-key': `reminders-test-${RUN_OFFSET}-${nextOffset}` },
  );
  expect(status, JSON.stringify(json)).toBe(201);
  // reservation_id is the content service's reference (`<row id>.<mac>`); the admin's reads below name the row.
  return { number: String(json.reservation_number), id: String(json.reservation_id).split('.')[0] ?? '', email, pickup: `${start}T10:00` };
}

/** An instant `hours` before the booking's pickup (Panama time). */
function before(booking: Booked, hours: number): string {
  const pickup = parsePanamaDateTime(booking.pickup);
  if (pickup === null) throw new Error(`unreadable pickup ${booking.pickup}`);
  return new Date(pickup.getTime() - hours * HOUR_MS).toISOString();
}

/** One pass of the reminders as staff runs it: at `now`, on these reservations only (other tests' bookings stay out). */
async function runReminders(now: string, numbers: string[], headers: Record<string, string> = admin): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${contentUrl}/reminders/run`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ now, only: numbers }) });
  return { status: response.status, json: (await response.json()) as Json };
}

async function sentBy(now: string, numbers: string[]): Promise<string[]> {
  const { status, json } = await runReminders(now, numbers);
  expect(status, JSON.stringify(json)).toBe(200);
  const data = json.data as { sent: string[]; not_sent: unknown[] };
  expect(data.not_sent).toEqual([]);
  return data.sent;
}

/** Every e-mail of the outbox, parsed. */
async function outboxMails(): Promise<ParsedMail[]> {
  if (!outbox) throw new Error('MAIL_OUTBOX_DIR is not set: the harness writes the storefront\'s e-mails there');
  const files = await readdir(outbox).catch(() => [] as string[]);
  return Promise.all(files.map(async (file) => simpleParser(await readFile(join(outbox, file)))));
}

/** The reminders sent for a reservation: e-mails whose subject names it as a reminder. */
async function remindersOf(number: string): Promise<ParsedMail[]> {
  return (await outboxMails()).filter((mail) => /^(Recordatorio de retiro|Pick-up reminder): /.test(mail.subject ?? '') && (mail.subject ?? '').includes(number));
}

async function reminderSentAt(id: string): Promise<unknown> {
  const [row] = await content<Row[]>(`/items/reservations?filter[id][_eq]=${id}&fields=reminder_sent_at`);
  return row?.reminder_sent_at;
}

/** The branch's hours on the pickup's day as the e-mail writes them. */
function hoursOn(pickup: string, words: { allDay: string; closed: string }): string {
  const hours = branch.opening_hours as OpeningHours;
  const ranges = weeklyHours(hours).find((entry) => entry.day === weekdayOfLocalDate(pickup.slice(0, 10)))?.ranges ?? [];
  return ranges.length ? ranges.map((range) => (isRoundTheClock(range) ? words.allDay : `${range.open}–${range.close}`)).join(', ') : words.closed;
}

const plain = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');

beforeAll(async () => {
  await signIn();
  const one = (path: string) => seedRow<Row>(path);
  branch = await one('/items/branches?filter[code][_eq]=CGJ&fields=*');
  car = await one('/items/flota?filter[modelo][_eq]=Accent');
  coverage = await one('/items/coverages?filter[code][_eq]=BASIC');
  admin = await adminHeaders(contentUrl);
});

describe('the reminder 24 hours before pickup', () => {
  it('reaches a Spanish booking once, with the branch, its map, that day\'s hours, what to bring and the pre-check-in', async () => {
    const booking = await book(spanish);
    // 25 hours before pickup: not yet.
    expect(await sentBy(before(booking, 25), [booking.number])).toEqual([]);
    expect(await reminderSentAt(booking.id)).toBeNull();
    // About 24 hours before: sent.
    expect(await sentBy(before(booking, 23.9), [booking.number])).toEqual([booking.number]);
    expect(await reminderSentAt(booking.id)).toEqual(expect.any(String));

    const mails = await remindersOf(booking.number);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    if (!mail) return;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((address) => address.address) : []).toEqual([booking.email]);
    // The pickup as the pages write it: short weekday, date, 24-hour time (10:00 here), Panama time.
    expect(mail.subject).toMatch(new RegExp(`^Recordatorio de retiro: [a-záé]{3}, \\d{1,2} de [a-z]+ de \\d{4}, 10:00 · reserva ${booking.number} · `));
    const text = plain(mail.text ?? '');
    const html = plain(typeof mail.html === 'string' ? mail.html : '');
    expect(html).toContain('<html lang="es">');
    const mapLink = 'https://www.google.com/maps/search/?api=1&query=';
    for (const part of [text, html]) {
      expect(part).toContain(booking.number);
      expect(part).toContain(String(branch.name));
      expect(part).toContain(String(branch.address));
      expect(part).toContain(hoursOn(booking.pickup, { allDay: 'Abierto las 24 horas', closed: 'Cerrado' }));
      expect(part).toContain('Tu licencia de conducir vigente');
      expect(part).toContain('Tu pasaporte o tu cédula de identidad');
      expect(part).toContain('para pagar en el mostrador');
      expect(part).toContain(`${webUrl}/mi-reserva?numero=${booking.number}`);
    }
    // The layout of every e-mail: its 600 px column, and the number with the manage-booking link at its foot.
    expect(html).toMatch(/<table role="presentation" width="600"[^>]*max-width:600px/);
    expect(text).toContain(`\n--\nReserva ${booking.number} · Ver, cambiar o cancelar tu reserva: ${webUrl}/mi-reserva?numero=${booking.number}\n`);
    expect(text).toContain(`Ver en el mapa: ${mapLink}`);
    expect(html).toContain(`href="${mapLink.replace('&', '&amp;')}`);
    expect(text).toContain(`${webUrl}/precheckin\n`);
    expect(html).toContain(`href="${webUrl}/precheckin"`);
  });

  it('reaches an English booking in English, and two passes at once send it once', async () => {
    const booking = await book(english);
    const now = before(booking, 24);
    const [first, second] = await Promise.all([runReminders(now, [booking.number]), runReminders(now, [booking.number])]);
    const sent = [first, second].flatMap((run) => (run.json.data as { sent: string[] }).sent);
    expect(sent).toEqual([booking.number]);

    const mails = await remindersOf(booking.number);
    expect(mails).toHaveLength(1);
    const text = plain(mails[0]?.text ?? '');
    const html = plain(typeof mails[0]?.html === 'string' ? mails[0].html : '');
    expect(mails[0]?.subject).toMatch(new RegExp(`^Pick-up reminder: [A-Z][a-z]{2}, [A-Z][a-z]+ \\d{1,2}, \\d{4}, 10:00 · reservation ${booking.number} · `));
    expect(html).toContain('<html lang="en">');
    for (const part of [text, html]) {
      expect(part).toContain(String(branch.name));
      expect(part).toContain(hoursOn(booking.pickup, { allDay: 'Open 24 hours', closed: 'Closed' }));
      expect(part).toContain('Your valid driving licence');
      expect(part).toContain(`${webUrl}/en/mi-reserva?numero=${booking.number}`);
      expect(part).toContain(`${webUrl}/en/precheckin`);
    }
    expect(text).toContain('View on the map: https://www.google.com/maps/search/');
  });

  it('leaves the pre-check-in link out once it is done', async () => {
    const booking = await book(spanish);
    await content('/items/precheckins', { method: 'POST', body: JSON.stringify({ reservation: Number(booking.id), status: 'paid' }) });
    expect(await sentBy(before(booking, 23.5), [booking.number])).toEqual([booking.number]);
    const [mail] = await remindersOf(booking.number);
    expect(mail?.text).toContain('Tu pre-check-in está completo');
    expect(mail?.text).not.toContain('/precheckin');
    expect(typeof mail?.html === 'string' ? mail.html : '').not.toContain('/precheckin');
  });

  it('never reaches a cancelled booking, nor a prepaid one left unpaid', async () => {
    const cancelled = await book(spanish);
    const cancel = await spanish('POST', `/api/reservations/${cancelled.number}/cancel`, { email: cancelled.email });
    expect(cancel.status, JSON.stringify(cancel.json)).toBe(200);
    const abandoned = await book(english, 'prepaid');
    expect(await sentBy(before(cancelled, 23), [cancelled.number])).toEqual([]);
    expect(await sentBy(before(abandoned, 23), [abandoned.number])).toEqual([]);
    expect(await remindersOf(cancelled.number)).toEqual([]);
    expect(await remindersOf(abandoned.number)).toEqual([]);
    expect(await reminderSentAt(cancelled.id)).toBeNull();
  });

  it('never reaches a booking whose car the counter already handed over (an early pickup)', async () => {
    const early = await book(spanish);
    const counter = (action: 'pickup' | 'return') =>
      content(`/counter/reservations/${early.number}/${action}`, { method: 'POST', body: JSON.stringify({ mileage: action === 'pickup' ? 500 : 700, fuel_eighths: 8 }) });
    await counter('pickup');
    expect(await sentBy(before(early, 23), [early.number])).toEqual([]);
    expect(await remindersOf(early.number)).toEqual([]);
    expect(await reminderSentAt(early.id)).toBeNull();
    // Back at once, so the unit it took from now on is free for the other tests.
    await counter('return');
  });

  it('sends nothing more on a second pass, nor on a later one before pickup', async () => {
    const booking = await book(english);
    expect(await sentBy(before(booking, 24), [booking.number])).toEqual([booking.number]);
    expect(await sentBy(before(booking, 24), [booking.number])).toEqual([]);
    expect(await sentBy(before(booking, 2), [booking.number])).toEqual([]);
    expect(await remindersOf(booking.number)).toHaveLength(1);
  });
});

describe('who may ask for reminders', () => {
  it('lets only administrators run a pass, and names a refused field', async () => {
    const now = new Date().toISOString();
    expect((await runReminders(now, [], {})).status).toBe(401);
    expect((await runReminders(now, [], { authorization: `Bearer ${process.env.DIRECTUS_STOREFRONT_TOKEN ?? ''}` })).status).toBe(403);
    const refused = await runReminders('tomorrow', []);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.json)).toContain('"field":"now"');
  });

  it('has the storefront take a reminder only from the content service, for its own brand', async () => {
    const body = {
      reservation_number: 'HZ-TEST01', brand: 'hertz', language: 'es', to: 'nadie@example.com', first_name: 'Nadie', pickup_branch: Number(branch.id),
      pickup_date: `${day(RUN_OFFSET)}T10:00`, precheckin_done: false, payment: 'counter', card: null,
    };
    const post = (headers: Record<string, string>, payload: unknown) =>
      fetch(`${webUrl}/api/content-callbacks/reminders`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(payload) });
    const secret = { 'x-callback-secret': process.env.REMINDERS_SECRET ?? '' };
    expect((await post({ 'x-callback-secret': 'not-the-secret' }, body)).status).toBe(401);
    // Another kind's secret (the revalidation's) opens no reminder.
    expect((await post({ 'x-callback-secret': process.env.REVALIDATE_SECRET ?? '' }, body)).status).toBe(401);
    expect((await post(secret, { ...body, pickup_date: 'mañana' })).status).toBe(400);
    expect((await post(secret, body)).status).toBe(409);
    expect(await remindersOf('HZ-TEST01')).toEqual([]);
  });
});
