import { expect, test, type Page } from '@playwright/test';
import { RESERVATION_ALPHABET } from '@rentacar/domain/reservation-number';
import { adminRows, ENGLISH, type Language, panamaDate, SPANISH } from './helpers';

// Manage booking once the counter has handed the car over (docs/counter.md, "After the pickup, the booking is the
// counter's"), against the real stack: a booking weeks ahead offers its change and cancel forms; once staff hand the car
// over early (the content service's counter endpoint, as the admin), the same page offers neither and says why, in the
// renter's language; the status above follows the rental (out, back, a no-show), not only its payment.

const contentUrl = process.env.CONTENT_URL ?? '';

const code = () => Array.from({ length: 6 }, () => RESERVATION_ALPHABET.charAt(Math.floor(Math.random() * RESERVATION_ALPHABET.length))).join('');

const { admin } = adminRows(contentUrl);

const TEXT = {
  es: {
    path: '/mi-reserva', number: 'Número de reserva', email: 'Correo electrónico', find: 'Buscar mi reserva', cancel: 'Cancelar la reserva', change: 'Cambiar fechas o sucursales',
    locked: 'Cambios y cancelación', why: 'El auto ya fue entregado: para cambios, habla con el mostrador.',
    payAtCounter: 'Confirmada, a pagar en el mostrador', pickedUp: 'En curso: el auto fue entregado', returned: 'Finalizada: el auto fue devuelto',
    noShow: 'No presentado: el auto no fue retirado',
  },
  en: {
    path: '/en/mi-reserva', number: 'Reservation number', email: 'Email', find: 'Find my booking', cancel: 'Cancel the reservation', change: 'Change dates or branches',
    locked: 'Changes and cancellation', why: 'The car has already been handed over: for changes, talk to the counter.',
    payAtCounter: 'Confirmed, to pay at the counter', pickedUp: 'In progress: the car was picked up', returned: 'Completed: the car was returned',
    noShow: 'No-show: the car was not picked up',
  },
} as const;

/** A pay-at-the-counter booking at Tocumen, three days from `offset` days from today, made as the admin. */
async function payAtCounterBooking(language: Language, offset: number): Promise<{ number: string; email: string; id: number }> {
  const [car] = await admin<{ id: number }[]>('/items/flota?filter[published][_eq]=true&limit=1&fields=id');
  const [branch] = await admin<{ id: number }[]>('/items/branches?filter[status][_eq]=published&filter[code][_eq]=PTY&limit=1&fields=id');
  const number = `FF-${code()}`;
  const email = `lock-${code().toLowerCase()}@example.com`;
  const reservation = await admin<{ id: number }>('/items/reservations', {
    method: 'POST',
    body: {
      reservation_number: number, brand: 'firefly', status: 'unpaid', reservation_type: 'postpaid', language: language === 'es' ? 'es-ES' : 'en-US',
      car: car?.id, pickup_branch: branch?.id, return_branch: branch?.id,
      pickup_date: `${panamaDate(offset)}T10:00:00`, return_date: `${panamaDate(offset + 3)}T10:00:00`, days: 3,
      client_name: 'Lola', client_last_name: 'Mostrador', client_email: email, client_phone: '+50761234567', client_license: 'PA-LOCK-1', subtotal: 9000, tax: 630, total: 9630,
    },
  });
  return { number, email, id: reservation.id };
}

async function lookUp(page: Page, language: Language, number: string, email: string): Promise<void> {
  const text = TEXT[language];
  await page.goto(text.path);
  await page.getByLabel(text.number).fill(number);
  await page.getByLabel(text.email).fill(email);
  await page.getByRole('button', { name: text.find }).click();
  await expect(page.getByTestId('reservation-number')).toHaveText(number);
}

for (const [language, visitor, offset] of [['es', SPANISH, 420], ['en', ENGLISH, 424]] as const) {
  test.describe(`in ${language === 'es' ? 'Spanish' : 'English'}`, () => {
    test.use(visitor);

    test('manage booking stops offering change and cancel once the car is handed over, and says why', async ({ page }) => {
      const text = TEXT[language];
      const { number, email, id } = await payAtCounterBooking(language, offset);
      let handedOver = false;
      try {
        await lookUp(page, language, number, email);
        await expect(page.getByTestId('reservation-status')).toHaveText(text.payAtCounter);
        await expect(page.getByRole('heading', { name: text.cancel })).toBeVisible();
        await expect(page.getByRole('heading', { name: text.change })).toBeVisible();
        await expect(page.getByTestId('rental-lock')).toHaveCount(0);

        // Handed over at the counter weeks before the booked pickup: the renter's own deadline has not come.
        await admin(`/counter/reservations/${number}/pickup`, { method: 'POST', body: { mileage: 3000, fuel_eighths: 8 } });
        handedOver = true;
        await page.reload();
        const lock = page.getByRole('region', { name: text.locked });
        await expect(lock).toContainText(text.why);
        await expect(page.getByRole('heading', { name: text.cancel })).toHaveCount(0);
        await expect(page.getByRole('heading', { name: text.change })).toHaveCount(0);
        await expect(page.getByTestId('reservation-status')).toHaveText(text.pickedUp);

        // Back at once, so the unit it took from now on is free for the other tests.
        await admin(`/counter/reservations/${number}/return`, { method: 'POST', body: { mileage: 3001, fuel_eighths: 8 } });
        handedOver = false;
        await page.reload();
        await expect(page.getByTestId('reservation-status')).toHaveText(text.returned);
      } finally {
        if (handedOver) await admin(`/counter/reservations/${number}/return`, { method: 'POST', body: { mileage: 3001, fuel_eighths: 8 } });
        await admin(`/items/reservations/${id}`, { method: 'DELETE' });
      }
    });

    test('a renter marked a no-show reads so, not "confirmed, to pay at the counter"', async ({ page }) => {
      const text = TEXT[language];
      // Its pickup was yesterday morning: staff may mark the no-show.
      const { number, email, id } = await payAtCounterBooking(language, -1);
      try {
        await admin(`/counter/reservations/${number}/no-show`, { method: 'POST', body: {} });
        await lookUp(page, language, number, email);
        await expect(page.getByTestId('reservation-status')).toHaveText(text.noShow);
        await expect(page.getByText(text.payAtCounter)).toHaveCount(0);
        await expect(page.getByTestId('rental-lock')).toBeVisible();
      } finally {
        await admin(`/items/reservations/${id}`, { method: 'DELETE' });
      }
    });
  });
}
