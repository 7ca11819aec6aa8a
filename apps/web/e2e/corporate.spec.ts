import { expect, test, type Page } from '@playwright/test';
import { adminHeaders } from '../test/content-admin';
import { ENGLISH, outboxMessages, SPANISH } from './helpers';

// The corporate form on the corporate info pages: a lead is stored, confirmed to the sender and announced to staff;
// a bot's lead (the hidden field filled) is answered the same way and kept nowhere.

const contentUrl = process.env.CONTENT_URL ?? '';
const outbox = process.env.MAIL_OUTBOX_DIR;

type Row = Record<string, unknown>;

async function leadsFrom(email: string): Promise<Row[]> {
  const response = await fetch(`${contentUrl}/items/corporate_leads?filter[email][_eq]=${encodeURIComponent(email)}&fields=*`, { headers: await adminHeaders(contentUrl) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: Row[] }).data;
}

async function mailsTo(address: string): Promise<string[]> {
  return outboxMessages((message) => message.includes(`To: ${address}`) || message.includes(address));
}

async function fill(page: Page, labels: Record<string, string>, values: Record<string, string>) {
  for (const [field, label] of Object.entries(labels)) await page.getByLabel(label, { exact: true }).fill(values[field] ?? '');
}

const run = Date.now().toString(36);
const SPANISH_LABELS = { company: 'Empresa', contactName: 'Persona de contacto', email: 'Correo electrónico', phone: 'Teléfono', fleetSize: 'Cantidad de autos', message: '¿Qué necesita tu empresa?' };

test.describe('the corporate form, in Spanish', () => {
  // Its own client address (the language options give each use one): the leads are limited per address.
  test.use(SPANISH);

  test('a lead is checked, stored, confirmed to the sender and announced to staff', async ({ page }) => {
    await page.goto('/info/planes-corporativos');
    const form = page.getByTestId('corporate-form');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(form.getByText('Este campo es obligatorio').first()).toBeVisible();

    const email = `laura.${run}@istmo.example`;
    await fill(page, SPANISH_LABELS, { company: 'Transportes Istmo', contactName: 'Laura Díaz', email, phone: '6123-4567', fleetSize: 'doce', message: 'Doce pickups por un año.' });
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(form.getByText('Indica cuántos autos necesitas, en números')).toBeVisible();
    await page.getByLabel('Cantidad de autos').fill('12');
    await form.getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByTestId('corporate-lead-sent')).toContainText('Recibimos tu solicitud');

    const [lead] = await leadsFrom(email);
    expect(lead).toMatchObject({ company: 'Transportes Istmo', contact_name: 'Laura Díaz', phone: '+50761234567', fleet_size: '12', brand: 'firefly', source_page: '/info/planes-corporativos' });
    if (outbox) {
      await expect.poll(async () => (await mailsTo(email)).length).toBeGreaterThanOrEqual(2);
      const mails = await mailsTo(email);
      // One to the sender; one to the brand's staff address, answering to the sender.
      expect(mails.some((mail) => /^Reply-To: .*laura\./m.test(mail))).toBe(true);
    }
  });

  test("a bot's lead gets the same answer and is kept nowhere", async ({ page }) => {
    await page.goto('/info/leasing-operativo');
    const email = `bot.${run}@spam.example`;
    await fill(page, SPANISH_LABELS, { company: 'Spam Inc', contactName: 'Bot', email, phone: '6123-4567', fleetSize: '3', message: 'Buy now' });
    // What a form-filling script does: every field, the hidden one too.
    await page.locator('#lead-website').fill('http://spam.example', { force: true });
    await page.getByTestId('corporate-form').getByRole('button', { name: 'Enviar solicitud' }).click();
    await expect(page.getByTestId('corporate-lead-sent')).toBeVisible();
    expect(await leadsFrom(email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });
});

test.describe('the corporate form, in English', () => {
  test.use(ENGLISH);

  test('after five leads an hour from one address, the next is refused with the reason', async ({ page }) => {
    const labels = { company: 'Company', contactName: 'Contact person', email: 'Email', phone: 'Phone', fleetSize: 'Number of cars', message: 'What does your company need?' };
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      await page.goto('/en/info/planes-corporativos');
      await fill(page, labels, { company: `Acme ${attempt}`, contactName: 'Ann Lee', email: `ann.${run}.${attempt}@acme.example`, phone: '+1 202 555 0142', fleetSize: '4', message: 'Four vans.' });
      await page.getByTestId('corporate-form').getByRole('button', { name: 'Send request' }).click();
      if (attempt <= 5) await expect(page.getByTestId('corporate-lead-sent')).toContainText('We received your request');
      else await expect(page.getByRole('alert').filter({ hasText: /Too many attempts|try again/i })).toBeVisible();
    }
    expect(await leadsFrom(`ann.${run}.6@acme.example`)).toEqual([]);
  });
});
