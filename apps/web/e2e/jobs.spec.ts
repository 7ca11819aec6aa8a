import { expect, test, type Page } from '@playwright/test';
import { adminHeaders } from '../test/content-admin';
import { ENGLISH, SPANISH } from './helpers';

// Applying to a job offer with a CV: a 6 MB file, an image renamed .pdf and a good PDF; the CV stays private.
// The offer is made for the test by staff (so it never closes under the test) and removed after it.

const contentUrl = process.env.CONTENT_URL ?? '';
const storefrontToken = process.env.DIRECTUS_STOREFRONT_TOKEN ?? '';
const run = Date.now().toString(36);
const slug = `e2e-oferta-${run}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');
const MB = 1024 * 1024;

type Row = Record<string, unknown>;
let jobId = '';

async function staff(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${contentUrl}${path}`, { ...init, headers: { ...(await adminHeaders(contentUrl)), 'content-type': 'application/json', ...(init.headers as Record<string, string> | undefined) } });
}

test.beforeAll(async () => {
  const response = await staff('/items/jobs', {
    method: 'POST',
    body: JSON.stringify({
      status: 'published',
      slug,
      employment_type: 'full_time',
      translations: [
        { languages_code: 'es-ES', title: `Agente de prueba ${run}`, summary: 'Oferta de prueba.' },
        { languages_code: 'en-US', title: `Test agent ${run}`, summary: 'A test offer.' },
      ],
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  jobId = String(((await response.json()) as { data: { id: number } }).data.id);
});

test.afterAll(async () => {
  const applications = (await (await staff(`/items/job_applications?filter[job][_eq]=${jobId}&fields=id,cv`)).json()) as { data: { id: number; cv: string | null }[] };
  for (const row of applications.data) {
    await staff(`/items/job_applications/${row.id}`, { method: 'DELETE' });
    if (row.cv) await staff(`/files/${row.cv}`, { method: 'DELETE' });
  }
  await staff(`/items/jobs/${jobId}`, { method: 'DELETE' });
});

async function openForm(page: Page, path: string, title: RegExp) {
  // The page shows the new offer once the staff edit has reached it (the revalidation webhook).
  await expect(async () => {
    await page.goto(path);
    await expect(page.getByTestId(`apply-${slug}`)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await page.getByTestId(`apply-${slug}`).getByText(title).click();
}

test.describe('applying to a job, in Spanish', () => {
  // Its own client address (the language options give each use one): applications are limited per address.
  test.use(SPANISH);

  test('a 6 MB file and an image renamed .pdf are refused with the reason; a good PDF is received and stays private', async ({ page }) => {
    await openForm(page, '/jobs', /^Postularme a Agente de prueba/);
    const form = page.getByTestId(`apply-${slug}`);
    await form.getByLabel('Nombre completo').fill('Ana Ríos');
    await form.getByLabel('Correo electrónico').fill(`ana.${run}@example.com`);
    await form.getByLabel('Teléfono').fill('6123-4567');
    await form.getByRole('button', { name: 'Enviar postulación' }).click();
    await expect(form.getByText('Adjunta tu CV en PDF')).toBeVisible();

    const cv = form.getByTestId(`cv-${jobId}`);
    await cv.setInputFiles({ name: 'cv-grande.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF, Buffer.alloc(6 * MB)]) });
    await expect(form.getByText('El CV pesa más de 5 MB. Sube uno más liviano.')).toBeVisible();
    // The server refuses it by itself too, in the renter's language.
    const direct = await page.request.post('/api/jobs/applications?locale=es', {
      multipart: { job: jobId, name: 'Ana Ríos', email: `ana.${run}@example.com`, phone: '6123-4567', cv: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([PDF, Buffer.alloc(6 * MB)]) } },
    });
    expect(direct.status()).toBe(413);

    await cv.setInputFiles({ name: 'cv.pdf', mimeType: 'application/pdf', buffer: PNG });
    await form.getByRole('button', { name: 'Enviar postulación' }).click();
    await expect(form.getByText('El CV debe ser un archivo PDF. El archivo elegido no lo es.')).toBeVisible();
    await expect(form.getByLabel('Nombre completo')).toHaveValue('Ana Ríos');

    await cv.setInputFiles({ name: 'Ana Ríos CV.pdf', mimeType: 'application/pdf', buffer: PDF });
    await form.getByRole('button', { name: 'Enviar postulación' }).click();
    await expect(form.getByTestId('application-sent')).toContainText('Recibimos tu postulación');

    const applications = ((await (await staff(`/items/job_applications?filter[job][_eq]=${jobId}&fields=*`)).json()) as { data: Row[] }).data;
    expect(applications).toHaveLength(1);
    expect(applications[0]).toMatchObject({ name: 'Ana Ríos', email: `ana.${run}@example.com`, phone: '+50761234567' });
    const file = String(applications[0]?.cv);
    expect((await fetch(`${contentUrl}/assets/${file}`)).status).toBe(403);
    expect((await fetch(`${contentUrl}/assets/${file}`, { headers: { authorization: `Bearer ${storefrontToken}` } })).status).toBe(403);
    expect((await staff(`/assets/${file}`)).status).toBe(200);
  });
});

test.describe('applying to a job, in English', () => {
  test.use(ENGLISH);

  test('the reasons come in English, and a wrong phone is said on its field', async ({ page }) => {
    await openForm(page, '/en/jobs', /^Apply for Test agent/);
    const form = page.getByTestId(`apply-${slug}`);
    await form.getByLabel('Full name').fill('Sam Hill');
    await form.getByLabel('Email').fill(`sam.${run}@example.com`);
    await form.getByLabel('Phone').fill('12');
    await form.getByTestId(`cv-${jobId}`).setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('plain text, not a PDF\n') });
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(form.getByText(/Enter a valid phone/)).toBeVisible();
    await form.getByLabel('Phone').fill('+1 202 555 0142');
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(form.getByText('The CV must be a PDF file. The chosen file is not one.')).toBeVisible();
  });
});
