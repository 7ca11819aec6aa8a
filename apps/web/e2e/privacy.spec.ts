import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { RESERVATION_ALPHABET } from '@rentacar/domain/reservation-number';
import { adminRows, ENGLISH } from './helpers';

// A renter's data rights from manage booking (docs/privacy.md), against the real stack: after finding the booking,
// "Request a copy of my data" mails a JSON file of what is kept about its e-mail to that address, and "Request erasure
// of my data" (asked twice) records a request staff see in the admin.

const contentUrl = process.env.CONTENT_URL ?? '';
const outbox = process.env.MAIL_OUTBOX_DIR ?? '';

const code = () => Array.from({ length: 6 }, () => RESERVATION_ALPHABET.charAt(Math.floor(Math.random() * RESERVATION_ALPHABET.length))).join('');

const { admin } = adminRows(contentUrl);

/** The raw .eml files of the harness's outbox sent to `to` whose subject starts with `subject`. */
async function mailsTo(to: string, subject: string): Promise<string[]> {
  const files = await readdir(outbox).catch(() => []);
  const texts = await Promise.all(files.map((file) => readFile(join(outbox, file), 'utf8')));
  return texts.filter((text) => text.includes(`To: ${to}`) && text.includes(`Subject: ${subject}`));
}

test.use(ENGLISH);

test('a renter gets a copy of their data by e-mail and asks for its erasure, from manage booking', async ({ page }) => {
  const [car] = await admin<{ id: number }[]>('/items/flota?filter[published][_eq]=true&limit=1&fields=id');
  const [branch] = await admin<{ id: number }[]>('/items/branches?filter[status][_eq]=published&limit=1&fields=id');
  const number = `FF-${code()}`;
  const email = `privacy-${code().toLowerCase()}@example.com`;
  const reservation = await admin<{ id: number }>('/items/reservations', {
    method: 'POST',
    body: {
      reservation_number: number, brand: 'firefly', status: 'cancelled', language: 'en-US', car: car?.id, pickup_branch: branch?.id, return_branch: branch?.id,
      pickup_date: '2025-03-01T10:00:00', return_date: '2025-03-04T10:00:00', days: 3, client_name: 'Paula', client_last_name: 'Privacy', client_email: email,
      client_phone: '+50761234567', client_license: 'PA-PRIV-1', subtotal: 9000, tax: 630, total: 9630,
    },
  });

  try {
    await page.goto('/en/mi-reserva');
    await page.getByLabel('Reservation number').fill(number);
    await page.getByLabel('Email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Find my booking' }).click();
    const rights = page.getByTestId('data-rights');
    await expect(rights.getByRole('heading', { name: 'Your data' })).toBeVisible();

    await rights.getByRole('button', { name: 'Request a copy of my data' }).click();
    await expect(rights.getByRole('status')).toHaveText('We have sent a copy of your data, as a JSON file, to the email of this booking.');
    const [mail, ...more] = await mailsTo(email, 'Your data at');
    expect(more).toEqual([]);
    expect(mail).toContain(`filename=my-data-${number}.json`);
    const attachment = /Content-Type: application\/json[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail ?? '');
    const copy = JSON.parse(Buffer.from(attachment?.[1] ?? '', 'base64').toString('utf8')) as { about: string; reservations: { reservation_number: string; client_license: string; total: number }[] };
    expect(copy.about).toBe(email);
    expect(copy.reservations).toEqual([expect.objectContaining({ reservation_number: number, client_license: 'PA-PRIV-1', total: 9630 })]);

    await rights.getByRole('button', { name: 'Request erasure of my data' }).click();
    await expect(rights.getByText('Totals, payments and invoices are kept')).toBeVisible();
    await rights.getByRole('button', { name: 'Yes, erase my data' }).click();
    await expect(rights.getByRole('status')).toHaveText('Your request is recorded. Our team will handle it and write to you.');
    const requests = await admin<{ kind: string; status: string; reservation_number: string }[]>(`/items/data_requests?filter[email][_eq]=${encodeURIComponent(email)}&sort=id`);
    expect(requests.map(({ kind, status, reservation_number }) => [kind, status, reservation_number])).toEqual([['access', 'done', number], ['erasure', 'pending', number]]);
  } finally {
    const requests = await admin<{ id: number }[]>(`/items/data_requests?filter[email][_eq]=${encodeURIComponent(email)}&fields=id`);
    for (const request of requests) await admin(`/items/data_requests/${request.id}`, { method: 'DELETE' }).catch(() => undefined);
    await admin(`/items/reservations/${reservation.id}`, { method: 'DELETE' }).catch(() => undefined);
  }
});
