import { expect, test, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { parseIcs, type ParsedIcs } from '../test/calendar-file';
import { BOOKING_TEXT, coverageToCheckout, ENGLISH, type Language, panamaDate, parsedOutbox, SPANISH, stepQuery } from './helpers';

// A change and a cancellation in manage booking, as a renter sees them and as their mail client and calendar read
// what they are sent: the page says what happened (new dates, total, the money, the refund's method and delay); exactly
// one e-mail each (read with a MIME parser: a text and an HTML part), whose calendar file (read with an iCalendar
// parser) has the confirmation's UID and a higher SEQUENCE, and for a cancellation METHOD:CANCEL. Each test books its
// own dates, clear of the other specs' days.

test.describe.configure({ timeout: 150_000 });

const TEXT = {
  es: {
    ...BOOKING_TEXT.es,
    confirmBooking: 'Confirmar la reserva',
    payAtCounter: /^Pagar en el mostrador/,
    reservationNumber: 'Número de reserva',
    find: 'Buscar mi reserva',
    returnDate: 'Fecha de devolución',
    preview: 'Ver el nuevo precio',
    confirmChange: 'Confirmar el cambio',
    cancel: 'Cancelar la reserva',
    cancelConfirm: 'Sí, cancelar mi reserva',
    cancelled: 'Cancelada',
    changedTitle: 'Tu reserva fue modificada',
    cancelledTitle: 'Tu reserva fue cancelada',
    mailed: 'Te enviamos los detalles por correo',
    confirmationSubject: /^Confirmación de tu reserva /,
    changeSubject: / fue modificada · /,
    cancellationSubject: / fue cancelada · /,
  },
  en: {
    ...BOOKING_TEXT.en,
    confirmBooking: 'Confirm reservation',
    payAtCounter: /^Pay at the counter/,
    reservationNumber: 'Reservation number',
    find: 'Find my booking',
    returnDate: 'Return date',
    preview: 'See the new price',
    confirmChange: 'Confirm the change',
    cancel: 'Cancel reservation',
    cancelConfirm: 'Yes, cancel my reservation',
    cancelled: 'Cancelled',
    changedTitle: 'Your reservation was changed',
    cancelledTitle: 'Your reservation was cancelled',
    mailed: 'We have emailed you the details',
    confirmationSubject: /^Your reservation .* is confirmed/,
    changeSubject: / has been changed · /,
    cancellationSubject: / has been cancelled · /,
  },
} as const;

const FORMAT_LOCALE = { es: 'es-PA', en: 'en-US' } as const;

/**
 * A Panama wall-clock date-time as the pages and the e-mails both write it: the short weekday, the date, then the time
 * on the 24-hour clock ("dom, 6 de diciembre de 2026, 10:00", "Sun, December 6, 2026, 10:00"), plain spaces.
 */
function renterDate(local: string, language: Language): string {
  const instant = new Date(`${local}:00-05:00`);
  const zone = { timeZone: 'America/Panama' } as const;
  const date = new Intl.DateTimeFormat(FORMAT_LOCALE[language], { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', ...zone }).format(instant);
  const time = new Intl.DateTimeFormat(FORMAT_LOCALE[language], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', ...zone }).format(instant);
  return plain(`${date}, ${time}`);
}

/** Intl puts narrow no-break spaces in some dates and amounts: compared with plain spaces. */
const plain = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');

const sentTo = (mail: ParsedMail, address: string) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.value.some((entry) => entry.address === address));

/** The messages sent to `address` whose subject matches. */
async function mailsTo(address: string, subject: RegExp): Promise<ParsedMail[]> {
  return parsedOutbox((mail) => sentTo(mail, address) && subject.test(mail.subject ?? ''));
}

/** The one message sent to `address` with that subject (polled until written), and no second one. */
async function theOneMail(address: string, subject: RegExp): Promise<ParsedMail> {
  await expect.poll(async () => (await mailsTo(address, subject)).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const mails = await mailsTo(address, subject);
  expect(mails.map((mail) => mail.subject)).toHaveLength(1);
  const [mail] = mails;
  if (!mail) throw new Error('no mail');
  // Both parts, as every e-mail of the storefront has them.
  expect(mail.text?.length ?? 0).toBeGreaterThan(0);
  expect(typeof mail.html === 'string' && mail.html.includes('max-width:600px')).toBe(true);
  return mail;
}

/** The message's calendar attachment, read with an iCalendar parser, and the method its MIME type names. */
function calendarOf(mail: ParsedMail): ParsedIcs & { mimeMethod: string | undefined } {
  const attachments = mail.attachments.filter((attachment) => attachment.contentType === 'text/calendar');
  expect(attachments).toHaveLength(1);
  const [attachment] = attachments;
  const type = attachment?.headers.get('content-type') as { params?: Record<string, string> } | undefined;
  return { ...parseIcs(attachment?.content.toString('utf8') ?? ''), mimeMethod: type?.params?.method };
}

type Renter = { firstName: string; lastName: string; email: string; phone: string; birthday: string; license: string };

/** From the landing search to the checkout, Tocumen, `offset` days ahead for three days. */
async function toCheckout(page: Page, language: Language, offset: number, renter: Renter): Promise<void> {
  const text = TEXT[language];
  await page.goto(language === 'es' ? '/' : '/en');
  await page.getByLabel(text.pickupBranch).selectOption({ label: text.tocumen });
  await page.getByLabel(text.pickupDate).fill(panamaDate(offset));
  await page.getByLabel(text.returnDate).fill(panamaDate(offset + 3));
  await page.getByRole('button', { name: text.search }).click();
  await page.getByTestId('car-card').first().getByRole('button', { name: text.reserve }).click();
  await coverageToCheckout(page, language, renter, (step) => new RegExp(stepQuery(language, step)));
}

/** The thanks page's reservation number. */
async function reservationNumber(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/reserva\/thanks$/, { timeout: 20_000 });
  const number = (await page.getByTestId('reservation-number').textContent()) ?? '';
  expect(number).toMatch(/^FF-[2-9A-HJ-NP-Z]{6}$/);
  return number;
}

/** Opens manage booking by the confirmation e-mail's link (the number prefilled) and finds the booking with the e-mail. */
async function openFromEmail(page: Page, language: Language, confirmation: ParsedMail, renter: Renter, number: string): Promise<void> {
  const text = TEXT[language];
  const link = new URL(/https?:\/\/\S+mi-reserva\?numero=[A-Z0-9-]+/.exec(confirmation.text ?? '')?.[0] ?? 'http://missing.invalid/');
  expect(link.searchParams.get('numero')).toBe(number);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByLabel(text.reservationNumber)).toHaveValue(number);
  await page.getByLabel(text.email).fill(renter.email);
  await page.getByRole('button', { name: text.find }).click();
  await expect(page.getByTestId('reservation-number')).toHaveText(number);
}

/** Moves the return one day later; the amount the preview says moves (charged, or due), and the new total. */
async function changeReturnDay(page: Page, language: Language, returnDay: string): Promise<{ newTotal: string; difference: string | undefined }> {
  const text = TEXT[language];
  await page.getByLabel(text.returnDate).fill(returnDay);
  await page.getByRole('button', { name: text.preview }).click();
  const preview = page.getByTestId('change-preview');
  await expect(preview).toBeVisible();
  const newTotal = plain((await preview.getByTestId('new-total').textContent()) ?? '');
  const payment = preview.getByTestId('change-payment');
  const difference = (await payment.count()) > 0 ? /\$\d[\d,]*\.\d{2}/.exec((await payment.textContent()) ?? '')?.[0] : undefined;
  await preview.getByRole('button', { name: text.confirmChange }).click();
  return { newTotal, difference };
}

async function cancel(page: Page, language: Language): Promise<void> {
  const text = TEXT[language];
  await page.getByRole('button', { name: text.cancel, exact: true }).click();
  await page.getByRole('button', { name: text.cancelConfirm }).click();
  await expect(page.getByTestId('reservation-status')).toHaveText(text.cancelled);
}

/** The reservation's return as the API answers it, `YYYY-MM-DDTHH:mm`. */
async function returnAt(page: Page, number: string, email: string): Promise<string> {
  const answer = await page.request.get(`/api/reservations/${number}?email=${encodeURIComponent(email)}`);
  expect(answer.status()).toBe(200);
  return String(((await answer.json()) as { return_date: string }).return_date).slice(0, 16);
}

const RUN = Date.now().toString(36);

/** A booking paid at the counter, changed (the page, one e-mail, the calendar moved), then cancelled (nothing to refund). */
async function changeAndCancelAtCounter(page: Page, language: Language, offset: number, renter: Renter): Promise<void> {
  const text = TEXT[language];
  await toCheckout(page, language, offset, renter);
  // Nothing is preselected: paying at the counter is the renter's choice.
  await page.getByRole('radio', { name: text.payAtCounter }).check();
  await page.getByRole('button', { name: text.confirmBooking }).click();
  const number = await reservationNumber(page);
  const confirmation = await theOneMail(renter.email, text.confirmationSubject);
  const booked = calendarOf(confirmation);
  expect(booked).toMatchObject({ method: 'PUBLISH', status: 'CONFIRMED' });

  await openFromEmail(page, language, confirmation, renter, number);
  const { newTotal } = await changeReturnDay(page, language, panamaDate(offset + 4));
  const done = page.getByTestId('change-done');
  await expect(done).toContainText(text.changedTitle);
  await expect(done).toContainText(newTotal);
  await expect(done).toContainText(text.mailed);
  await expect(page.getByTestId('summary-days')).toContainText('4');
  const newReturn = await returnAt(page, number, renter.email);
  expect(newReturn.slice(0, 10)).toBe(panamaDate(offset + 4));
  // The page says the new return in the words the e-mail uses below.
  await expect(done).toContainText(renterDate(newReturn, language));

  const changed = await theOneMail(renter.email, text.changeSubject);
  for (const part of [plain(changed.text ?? ''), plain(typeof changed.html === 'string' ? changed.html : '')]) {
    expect(part).toContain(number);
    expect(part).toContain(renterDate(newReturn, language));
    expect(part).toContain(newTotal);
  }
  const moved = calendarOf(changed);
  expect(moved).toMatchObject({ method: 'PUBLISH', mimeMethod: 'PUBLISH', status: 'CONFIRMED', uid: booked.uid });
  expect(moved.sequence).toBeGreaterThan(booked.sequence);
  expect(moved.end).toBe(new Date(`${newReturn}:00-05:00`).toISOString());

  // The same change sent again (a retry): saved, and no second e-mail.
  const retried = await page.request.patch(`/api/reservations/${number}`, { data: { email: renter.email, return_date: newReturn } });
  expect(retried.status()).toBe(200);
  expect(await mailsTo(renter.email, text.changeSubject)).toHaveLength(1);

  await cancel(page, language);
  const refund = page.getByTestId('cancellation-refund');
  await expect(refund).toContainText(text.cancelledTitle);
  await expect(refund).toContainText(language === 'es' ? 'No se cobró nada en línea, así que no hay nada que reembolsar.' : 'Nothing was charged online, so there is nothing to refund.');
  const cancellation = await theOneMail(renter.email, text.cancellationSubject);
  expect(cancellation.text).toContain(language === 'es' ? 'No se cobró nada en línea' : 'Nothing was charged online');
  const removed = calendarOf(cancellation);
  expect(removed).toMatchObject({ method: 'CANCEL', mimeMethod: 'CANCEL', status: 'CANCELLED', uid: booked.uid });
  expect(removed.sequence).toBeGreaterThan(moved.sequence);
  // Nothing else was sent about this booking: a confirmation, a change, a cancellation.
  expect((await parsedOutbox((mail) => sentTo(mail, renter.email))).map((mail) => mail.subject)).toHaveLength(3);
}

test.describe('in Spanish on a desktop', () => {
  test.use(SPANISH);

  test('a booking paid at the counter: changed, then cancelled, each said on the page and e-mailed once with its calendar file', async ({ page }) => {
    const renter = { firstName: 'Rosa', lastName: 'Cambio', email: `rosa.cambio.${RUN}@example.com`, phone: '6123-4567', birthday: '1987-04-12', license: 'PA-CAMBIO-1' };
    await changeAndCancelAtCounter(page, 'es', 300, renter);
  });
});

test.describe('in English on a desktop', () => {
  test.use(ENGLISH);

  test('a booking paid by card: the extra of a longer rental charged, then cancelled with a refund to the card and its delay', async ({ page }) => {
    const text = TEXT.en;
    const offset = 310;
    const renter = { firstName: 'Gwen', lastName: 'Refund', email: `gwen.refund.${RUN}@example.com`, phone: '+1 212 555 0100', birthday: '1984-02-02', license: 'NY-REFUND-1' };
    await toCheckout(page, 'en', offset, renter);
    await page.getByLabel('Pay now by card').check();
    await expect(page.getByTestId('card-fields-frame')).toBeVisible();
    await page.getByLabel('Cardholder name').fill('Gwen Refund');
    const fields = page.frameLocator('[data-testid=card-fields-frame]');
    await fields.getByLabel('Card number').fill('4242 4242 4242 4242');
    await fields.getByLabel('Expiry (MM/YY)').fill('12/34');
    await fields.getByLabel('Security code (CVV)').fill('739');
    await page.getByTestId('pay-by-card').click();
    const number = await reservationNumber(page);
    const confirmation = await theOneMail(renter.email, text.confirmationSubject);
    const booked = calendarOf(confirmation);

    await openFromEmail(page, 'en', confirmation, renter, number);
    const { newTotal, difference } = await changeReturnDay(page, 'en', panamaDate(offset + 4));
    expect(difference).toMatch(/^\$\d/);
    const done = page.getByTestId('change-done');
    await expect(done).toContainText(text.changedTitle);
    await expect(done).toContainText(`New total: ${newTotal}`);
    await expect(done).toContainText(`We charged the difference, ${difference ?? ''}, to the card you paid with.`);

    const changed = await theOneMail(renter.email, text.changeSubject);
    for (const part of [plain(changed.text ?? ''), plain(typeof changed.html === 'string' ? changed.html : '')]) {
      expect(part).toContain(`We charged the difference, ${difference ?? ''}, to the card you paid with.`);
      expect(part).toContain(renterDate(await returnAt(page, number, renter.email), 'en'));
      expect(part).toContain(newTotal);
    }
    const moved = calendarOf(changed);
    expect(moved.uid).toBe(booked.uid);
    expect(moved.sequence).toBeGreaterThan(booked.sequence);

    await cancel(page, 'en');
    const refund = page.getByTestId('cancellation-refund');
    await expect(refund).toContainText(text.cancelledTitle);
    await expect(refund).toContainText(`We are refunding ${newTotal} to the card you paid with.`);
    await expect(refund).toContainText('It reaches your card within 15 business days.');
    const cancellation = await theOneMail(renter.email, text.cancellationSubject);
    expect(plain(cancellation.text ?? '')).toContain(`We are refunding ${newTotal} to the card you paid with. It reaches your card within 15 business days.`);
    const removed = calendarOf(cancellation);
    expect(removed).toMatchObject({ method: 'CANCEL', status: 'CANCELLED', uid: booked.uid });
    expect(removed.sequence).toBeGreaterThan(moved.sequence);
  });
});

test.describe('in Spanish on a 390x844 phone', () => {
  test.use({ ...SPANISH, viewport: { width: 390, height: 844 } });

  test('@phone-only a booking paid at the counter: changed, then cancelled, each said on the page and e-mailed once', async ({ page }) => {
    const renter = { firstName: 'Lucía', lastName: 'Teléfono', email: `lucia.telefono.${RUN}@example.com`, phone: '6123-4567', birthday: '1992-09-09', license: 'PA-FONO-1' };
    await changeAndCancelAtCounter(page, 'es', 320, renter);
    // The messages fit the phone's width: nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
