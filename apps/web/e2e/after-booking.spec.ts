import { expect, test, type Page, type TestInfo } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { BOOKING_TEXT, coverageToCheckout, ENGLISH, type Language, panamaDate, parsedOutbox, type Renter, seriousViolations, SPANISH, stepQuery } from './helpers';

// After booking, as the renter lives it (issue 43, points 6 and 7): the thanks page and the confirmation e-mail say
// what comes next (the pre-check-in while it is to do, what to bring, the pickup branch's hours that day), the e-mail
// comes from the brand and a payment reads as settled; in manage booking the result of a change and of a cancellation
// takes the focus in place of the form, and a cancelled booking shows its refund, not its bill. Tagged @phone: every
// test runs on the desktop and on the phone, each project on days of its own.

test.describe.configure({ timeout: 180_000 });

const TEXT = {
  es: {
    ...BOOKING_TEXT.es,
    payAtCounter: /^Pagar en el mostrador/,
    confirmBooking: 'Confirmar la reserva',
    nextSteps: 'Próximos pasos',
    precheckinLink: 'Hacer el pre check-in',
    bring: ['Tu licencia de conducir vigente', 'Tu pasaporte o tu cédula de identidad', 'Una tarjeta de crédito a nombre del conductor principal'],
    reservationNumber: 'Número de reserva',
    find: 'Buscar mi reserva',
    preview: 'Ver el nuevo precio',
    confirmChange: 'Confirmar el cambio',
    changeAgain: 'Hacer otro cambio',
    changedTitle: 'Tu reserva fue modificada',
    cancel: 'Cancelar la reserva',
    cancelConfirm: 'Sí, cancelar mi reserva',
    cancelledTitle: 'Tu reserva fue cancelada',
    refund: 'No se cobró nada en línea, así que no hay nada que reembolsar.',
    confirmationSubject: /^Confirmación de tu reserva /,
    paid: undefined,
  },
  en: {
    ...BOOKING_TEXT.en,
    payAtCounter: /^Pay at the counter/,
    confirmBooking: 'Confirm the booking',
    nextSteps: 'Next steps',
    precheckinLink: 'Do the pre-check-in',
    bring: ['Your valid driving licence', 'Your passport or national ID card', "A credit card in the main driver's name"],
    reservationNumber: 'Reservation number',
    find: 'Find my booking',
    preview: 'See the new price',
    confirmChange: 'Confirm the change',
    changeAgain: 'Make another change',
    changedTitle: 'Your reservation was changed',
    cancel: 'Cancel reservation',
    cancelConfirm: 'Yes, cancel my reservation',
    cancelledTitle: 'Your reservation was cancelled',
    refund: /We are refunding \$[\d,]+\.\d{2} to the card you paid with\.\s*It reaches your card within \d+ business days\./,
    confirmationSubject: /^Your reservation .* is confirmed/,
    paid: 'Paid by card.',
  },
} as const;

/** Obarrio's hours (seed): 07:00–19:00 on weekdays, 08:00–16:00 on Saturdays, 09:00–13:00 on Sundays. */
function obarrioHours(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  return weekday === 0 ? '09:00–13:00' : weekday === 6 ? '08:00–16:00' : '07:00–19:00';
}

const RUN = Date.now().toString(36);
const plain = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');
const sentTo = (mail: ParsedMail, address: string) => (Array.isArray(mail.to) ? mail.to : [mail.to]).some((to) => to?.value.some((entry) => entry.address === address));

async function shoot(page: Page, language: Language, testInfo: TestInfo, what: string): Promise<void> {
  if (process.env.I43_SHOTS) await page.screenshot({ path: `/tmp/i43-shots/after-${what}-${language}-${testInfo.project.name}.png`, fullPage: true });
}

/** Books at Obarrio `offset` days ahead for three days: at the counter, or (English) paid by card. Returns its number. */
async function book(page: Page, language: Language, offset: number, renter: Renter): Promise<string> {
  const text = TEXT[language];
  await page.goto(language === 'es' ? '/' : '/en');
  await page.getByLabel(text.pickupBranch).selectOption({ label: 'Obarrio – Calle 50' });
  await page.getByLabel(text.pickupDate).fill(panamaDate(offset));
  await page.getByLabel(text.returnDate).fill(panamaDate(offset + 3));
  await page.getByRole('button', { name: text.search }).click();
  await page.getByTestId('car-card').first().getByRole('button', { name: text.reserve }).click();
  await coverageToCheckout(page, language, renter, (step) => new RegExp(stepQuery(language, step)));
  if (language === 'es') {
    await page.getByRole('radio', { name: text.payAtCounter }).check();
    await page.getByRole('button', { name: text.confirmBooking }).click();
  } else {
    await page.getByLabel('Pay now by card').check();
    await expect(page.getByTestId('card-fields-frame')).toBeVisible();
    await page.getByLabel('Cardholder name').fill(`${renter.firstName} ${renter.lastName}`);
    const fields = page.frameLocator('[data-testid=card-fields-frame]');
    await fields.getByLabel('Card number').fill('4242 4242 4242 4242');
    await fields.getByLabel('Expiry (MM/YY)').fill('12/34');
    await fields.getByLabel('Security code (CVV)').fill('739');
    await page.getByTestId('pay-by-card').click();
  }
  await expect(page).toHaveURL(/\/reserva\/thanks$/, { timeout: 30_000 });
  return (await page.getByTestId('reservation-number').textContent()) ?? '';
}

for (const [language, visitor] of [['es', SPANISH], ['en', ENGLISH]] as const) {
  test.describe(`after booking, in ${language === 'es' ? 'Spanish' : 'English'}`, () => {
    test.use(visitor);

    test(`@phone next steps on the thanks page and in the brand's e-mail; a change and a cancellation focused in manage booking (${language})`, async ({ page }, testInfo) => {
      const text = TEXT[language];
      const offset = 400 + (language === 'en' ? 20 : 0) + (testInfo.project.name === 'phone' ? 10 : 0);
      const renter = { firstName: 'Nadia', lastName: 'Pasos', email: `nadia.pasos.${language}.${testInfo.project.name}.${RUN}@example.com`, phone: '6123-4567', birthday: '1988-03-03', license: `PA-PASOS-${language}` };
      const number = await book(page, language, offset, renter);
      const hours = obarrioHours(panamaDate(offset));

      // The thanks page: the next steps, the pre-check-in (the seed's brand offers it) among them.
      const steps = page.getByRole('region', { name: text.nextSteps });
      await expect(steps).toBeVisible();
      await expect(steps.getByRole('link', { name: text.precheckinLink })).toHaveAttribute('href', language === 'es' ? '/precheckin' : '/en/precheckin');
      await expect(steps.getByTestId('next-steps-bring').getByRole('listitem')).toHaveText([...text.bring]);
      await expect(steps.getByTestId('next-steps-hours')).toContainText(`Obarrio – Calle 50, `);
      await expect(steps.getByTestId('next-steps-hours')).toContainText(hours);
      if (text.paid) await expect(page.getByTestId('payment-status')).toHaveText(text.paid);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, language, testInfo, 'thanks');

      // The confirmation e-mail: from the brand, with the same next steps.
      await expect.poll(async () => (await parsedOutbox((mail) => sentTo(mail, renter.email) && text.confirmationSubject.test(mail.subject ?? ''))).length, { timeout: 15_000 }).toBe(1);
      const [confirmation] = await parsedOutbox((mail) => sentTo(mail, renter.email) && text.confirmationSubject.test(mail.subject ?? ''));
      // The seed's brand (site_name "Firefly"), as the site's title names it.
      expect(confirmation?.from?.value.map((sender) => sender.name)).toEqual(['Firefly Rent a Car']);
      const body = plain(confirmation?.text ?? '');
      expect(body).toContain(text.nextSteps);
      for (const item of text.bring) expect(body).toContain(`- ${item}`);
      expect(body).toContain(hours);
      expect(body).toMatch(language === 'es' ? /https?:\/\/\S+\/precheckin\b/ : /https?:\/\/\S+\/en\/precheckin\b/);
      const html = typeof confirmation?.html === 'string' ? confirmation.html : '';
      if (text.paid) {
        // Settled, in green; not the yellow of money still due.
        expect(html).toContain('background:#dcfce7');
        expect(html).not.toContain('#fef3c7');
      }
      // The e-mail, read as a page: no serious accessibility fault (its colours' contrast among them).
      const email = await page.context().newPage();
      await email.setContent(html);
      expect(await seriousViolations(email)).toEqual([]);
      await shoot(email, language, testInfo, 'email');
      await email.close();

      // Manage booking: a change, its result focused, the form folded away.
      await page.goto(`${language === 'es' ? '' : '/en'}/mi-reserva?numero=${number}`);
      await page.getByLabel(text.email).fill(renter.email);
      await page.getByRole('button', { name: text.find }).click();
      await expect(page.getByTestId('reservation-number')).toHaveText(number);
      await page.getByLabel(text.returnDate).fill(panamaDate(offset + 4));
      await page.getByRole('button', { name: text.preview }).click();
      await page.getByTestId('change-preview').getByRole('button', { name: text.confirmChange }).click();
      const done = page.getByTestId('change-done');
      await expect(done).toContainText(text.changedTitle);
      await expect(page.locator(':focus')).toHaveText(text.changedTitle);
      await expect(page.locator(':focus')).toBeInViewport();
      await expect(page.getByRole('button', { name: text.preview })).toHaveCount(0);
      await expect(page.getByLabel(text.returnDate)).toHaveCount(0);
      await expect(page.getByRole('button', { name: text.changeAgain })).toBeVisible();
      await expect(page.getByTestId('summary-days')).toContainText('4');
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, language, testInfo, 'changed');

      // A cancellation: its refund focused, and no bill of a rental that will not happen.
      await page.getByRole('button', { name: text.cancel, exact: true }).click();
      await page.getByRole('button', { name: text.cancelConfirm }).click();
      const refund = page.getByTestId('cancellation-refund');
      await expect(refund).toContainText(text.cancelledTitle);
      await expect(refund).toContainText(text.refund);
      await expect(page.locator(':focus')).toHaveText(text.cancelledTitle);
      await expect(page.locator(':focus')).toBeInViewport();
      await expect(page.getByTestId('bill')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, language, testInfo, 'cancelled');

      // Opened again later, the cancelled booking still shows its refund and no bill, and leaves the focus alone.
      await page.reload();
      await expect(page.getByTestId('cancellation-refund')).toContainText(text.cancelledTitle);
      await expect(page.getByTestId('bill')).toHaveCount(0);
      await expect(page.locator('[data-testid=cancellation-refund] :focus')).toHaveCount(0);
    });
  });
}
