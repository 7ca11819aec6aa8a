import AxeBuilder from '@axe-core/playwright';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { adminHeaders, randomPlate } from '../test/content-admin';
import { client as clientAddress } from '../test/integration-clients';

/**
 * Context options for a visitor in one language. Every browser test comes from this machine, and the storefront counts
 * some things per client address (reservations, lookups, coupon attempts): `extraHTTPHeaders` is a getter, so each
 * `test.use`, `browser.newContext` or spread of these options gets an address of its own and is a renter of its own.
 */
function visitor<L extends string>(locale: L, acceptLanguage: string) {
  return {
    locale,
    get extraHTTPHeaders(): { 'Accept-Language': string; 'x-forwarded-for': string } {
      return { 'Accept-Language': acceptLanguage, 'x-forwarded-for': clientAddress() };
    },
  };
}

export const SPANISH = visitor('es-ES', 'es-ES,es;q=0.9');
export const ENGLISH = visitor('en-US', 'en-US,en;q=0.9');

export async function spanishContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext(SPANISH);
}

/** Every route of the spec's table that needs no guard, without prefix. */
export const OPEN_ROUTES = ['/', '/flota', '/info/terminos-y-condiciones', '/promos', '/jobs', '/sucursales', '/precheckin/preferences'];

/** The three forms of a route: Spanish unprefixed, /es and /en. */
export function threeForms(route: string): { path: string; lang: 'es' | 'en' }[] {
  const suffix = route === '/' ? '' : route;
  return [
    { path: route, lang: 'es' },
    { path: `/es${suffix}`, lang: 'es' },
    { path: `/en${suffix}`, lang: 'en' },
  ];
}

/** The booking flow's labels and buttons (the search, the steps, the renter's form), in each language. */
export const BOOKING_TEXT = {
  es: {
    pickupBranch: 'Sucursal de retiro',
    tocumen: 'Aeropuerto de Tocumen (PTY)',
    pickupDate: 'Fecha de retiro',
    returnDate: 'Fecha de devolución',
    search: 'Ver autos disponibles',
    reserve: /^Reservar/,
    continue: 'Continuar',
    firstName: 'Nombre',
    lastName: 'Apellido',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    birthday: 'Fecha de nacimiento',
    license: 'Número de licencia de conducir',
    acceptTerms: 'Acepto los términos y condiciones',
  },
  en: {
    pickupBranch: 'Pick-up branch',
    tocumen: 'Tocumen Airport (PTY)',
    pickupDate: 'Pick-up date',
    returnDate: 'Return date',
    search: 'See available cars',
    reserve: /^Reserve/,
    continue: 'Continue',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Phone',
    birthday: 'Date of birth',
    license: "Driver's licence number",
    acceptTerms: 'I accept the terms and conditions',
  },
} as const;
export type Language = keyof typeof BOOKING_TEXT;

export type StepName = 'location' | 'coverage' | 'extras' | 'client';

/** A booking step as its page's URL names it: `paso=cobertura` on a Spanish page, `step=coverage` on an English one. */
export function stepQuery(language: Language, step: StepName): string {
  const names = {
    es: { location: 'paso=fechas', coverage: 'paso=cobertura', extras: 'paso=extras', client: 'paso=datos' },
    en: { location: 'step=dates', coverage: 'step=coverage', extras: 'step=extras', client: 'step=details' },
  } as const;
  return names[language][step];
}

/** Today in Panama (UTC-5, no daylight saving) plus `offsetDays`, as YYYY-MM-DD. */
export function panamaDate(offsetDays: number): string {
  return new Date(Date.now() - 5 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
}

export interface Renter {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  birthday: string;
  license: string;
}

/**
 * From the coverage step to the checkout: the first coverage, no extras, `renter`'s details and the terms accepted.
 * Each step's address must match `stepUrl(step)` on the way, the checkout's `/\/reserva\/checkout$/`.
 */
export async function coverageToCheckout(page: Page, language: Language, renter: Renter, stepUrl: (step: 'coverage' | 'extras' | 'client') => RegExp): Promise<void> {
  const text = BOOKING_TEXT[language];
  await expect(page).toHaveURL(stepUrl('coverage'));
  await page.getByTestId('coverage-option').first().click();
  await page.getByRole('button', { name: text.continue }).click();
  await expect(page).toHaveURL(stepUrl('extras'));
  await page.getByRole('button', { name: text.continue }).click();
  await expect(page).toHaveURL(stepUrl('client'));
  await page.getByLabel(text.firstName, { exact: true }).fill(renter.firstName);
  await page.getByLabel(text.lastName).fill(renter.lastName);
  await page.getByLabel(text.email).fill(renter.email);
  await page.getByLabel(text.phone).fill(renter.phone);
  await page.getByLabel(text.birthday).fill(renter.birthday);
  await page.getByLabel(text.license).fill(renter.license);
  await page.getByLabel(text.acceptTerms).check();
  await page.getByRole('button', { name: text.continue }).click();
  await expect(page).toHaveURL(/\/reserva\/checkout$/);
}

/**
 * The harness's sent mail (no SMTP in tests: each message is an .eml file in MAIL_OUTBOX_DIR), decoded from
 * quoted-printable so that links and accented text read as sent; only the messages `keep` accepts.
 */
export async function outboxMessages(keep: (message: string) => boolean): Promise<string[]> {
  const outbox = process.env.MAIL_OUTBOX_DIR;
  if (!outbox) return [];
  const files = await readdir(outbox).catch(() => []);
  const texts = await Promise.all(files.map(async (file) => decodeQuotedPrintable(await readFile(join(outbox, file), 'latin1'))));
  return texts.filter(keep);
}

/** `message` read byte for byte (latin1): soft line breaks and =XX escapes undone, then read as UTF-8. */
function decodeQuotedPrintable(message: string): string {
  const bytes = message.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * The harness's sent mail read as a mail client reads it (mailparser: headers, the text and HTML parts, attachments),
 * only the messages `keep` accepts. Throws when the harness gave no outbox, so that a test of e-mails cannot pass
 * without reading any.
 */
export async function parsedOutbox(keep: (mail: ParsedMail) => boolean): Promise<ParsedMail[]> {
  const outbox = process.env.MAIL_OUTBOX_DIR;
  if (!outbox) throw new Error('MAIL_OUTBOX_DIR is not set: the harness writes the sent e-mails there');
  const files = await readdir(outbox).catch(() => []);
  const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(join(outbox, file)))));
  return mails.filter(keep);
}

/**
 * The page's serious and critical axe violations (WCAG 2.0 and 2.1, A and AA), each as its rule and the elements it
 * found; empty when there are none. The card fields' frame is left out: the gateway serves it, not the storefront.
 * Waits for the page's title first: after a client-side navigation Next streams the new page's metadata after its
 * content, and a check in between would count the title as missing.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  await expect(page).not.toHaveTitle('');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude('[data-testid=card-fields-frame]').analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

export type AdminRow = Record<string, unknown> & { id: number | string };

/**
 * The content service's REST API as its administrator, for a spec's own rows: `admin` answers a request's `data`
 * (throwing on an error status), `create` makes a row and remembers it, `removeCreated` deletes those rows, the newest
 * first (a row made later may point at an earlier one).
 */
export function adminRows(contentUrl: string) {
  const created: string[] = [];
  async function admin<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
    const response = await fetch(`${contentUrl}${path}`, { method: init.method ?? 'GET', headers: await adminHeaders(contentUrl), body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? (undefined as T) : ((await response.json()) as { data: T }).data;
  }
  async function create(path: string, body: Record<string, unknown>): Promise<AdminRow> {
    const row = await admin<AdminRow>(path, { method: 'POST', body });
    created.push(`${path}/${row.id}`);
    return row;
  }
  async function removeCreated(): Promise<void> {
    for (const path of created.splice(0).reverse()) await admin(path, { method: 'DELETE' }).catch(() => undefined);
  }
  /** `count` ready units (cars with a plate) of car model `car` at `branch`, each with `fields` on top; their rows. */
  async function createUnits(car: unknown, branch: unknown, count: number, fields: Record<string, unknown> = {}): Promise<AdminRow[]> {
    const units: AdminRow[] = [];
    for (let index = 0; index < count; index += 1) {
      units.push(await create('/items/vehicles', { plate: randomPlate(), car, home_branch: branch, current_branch: branch, status: 'ready', mileage: 10_000, fuel_eighths: 8, ...fields }));
    }
    return units;
  }
  return { admin, create, removeCreated, createUnits };
}
