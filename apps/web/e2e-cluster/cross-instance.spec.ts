import { expect, test } from '@playwright/test';
import { BOOKING_TEXT, coverageToCheckout, panamaDate, SPANISH, stepQuery } from '../e2e/helpers';

// A renter whose requests land on one storefront instance, then the other: the draft lives in the content service and
// the signed cookie is valid on every instance, so the booking finishes wherever it goes on.
const [first, second] = (process.env.CLUSTER_INSTANCE_URLS ?? '').split(',');
if (!first || !second) throw new Error('CLUSTER_INSTANCE_URLS is not set: run the cluster tests with `npm run test:cluster`');

test.use(SPANISH);

test('a booking started on one instance is finished on the other', async ({ page }) => {
  const text = BOOKING_TEXT.es;
  const servedBy: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'document' || response.request().method() === 'POST') servedBy.push(response.headers()['x-served-by'] ?? '');
  });

  // Search and choose a car on web-1.
  await page.goto(`${first}/`);
  await page.getByLabel(text.pickupBranch).selectOption({ index: 1 });
  await page.getByLabel(text.pickupDate).fill(panamaDate(120));
  await page.getByLabel(text.returnDate).fill(panamaDate(123));
  await page.getByRole('button', { name: text.search }).click();
  await page.getByTestId('car-card').first().getByRole('button', { name: text.reserve }).click();
  await expect(page).toHaveURL(new RegExp(stepQuery('es', 'coverage')));
  expect(new Set(servedBy)).toEqual(new Set(['web-1']));

  // The same step on web-2 (same host, so the same cookies): the draft is there, and the flow goes on to the end.
  const step = new URL(page.url());
  await page.goto(`${second}${step.pathname}${step.search}`);
  const renter = { firstName: 'Inés', lastName: 'Instancias', email: `ines.${Date.now()}@example.com`, phone: '6123-4567', birthday: '1987-09-09', license: 'PA-909090' };
  await coverageToCheckout(page, 'es', renter, (name) => new RegExp(stepQuery('es', name)));
  // Nothing is chosen for the renter: paying at the counter is their choice.
  await page.getByRole('radio', { name: /^Pagar en el mostrador/ }).check();
  await page.getByRole('button', { name: 'Confirmar la reserva' }).click();
  await expect(page).toHaveURL(/\/reserva\/thanks$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Inés');
  await expect(page.getByTestId('reservation-number')).toHaveText(/^[A-Z]{2}-/);
  expect(page.url().startsWith(second)).toBe(true);
  expect(servedBy).toContain('web-2');
});
