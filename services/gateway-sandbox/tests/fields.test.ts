// The hosted card fields without a browser: the page's markup and headers, its scripts (valid JavaScript once the
// types are stripped), and the validation rules the frame and the token endpoint share. The browser behaviour
// (postMessage, errors after blur, tokenize) is left to the storefront's Playwright tests.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardBrand, cvcError, expiryError, formatCardNumber, luhnValid, numberError, parseExpiry } from '../src/metrobank/fields/card-rules.ts';
import { KEYS, call, startTestSandbox, type TestSandbox } from './helpers.ts';

let sandbox: TestSandbox;
const PARENT = 'http://127.0.0.1:3999';
const fieldsUrl = (query: Record<string, string>) => `${sandbox.url}/metrobank/fields/v1/card.html?${new URLSearchParams(query).toString()}`;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});

afterAll(async () => {
  await sandbox.stop();
  sandbox.remove();
});

describe('GET /metrobank/fields/v1/card.html', () => {
  it('has three labelled inputs with autocomplete, numeric keyboards and linked error texts', async () => {
    const page = await call(fieldsUrl({ key: KEYS.publishable, origin: PARENT, locale: 'en' }));
    expect(page.status).toBe(200);
    const html = page.text;
    expect(html).toContain('<html lang="en">');
    for (const [id, autocomplete, label] of [
      ['card-number', 'cc-number', 'Card number'],
      ['card-expiry', 'cc-exp', 'Expiry date (MM/YY)'],
      ['card-cvc', 'cc-csc', 'Security code (CVV)'],
    ] as const) {
      expect(html).toContain(`<label for="${id}" id="${id}-label">${label}</label>`);
      const input = new RegExp(`<input id="${id}"[^>]*>`).exec(html)?.[0] ?? '';
      expect(input, id).toContain(`autocomplete="${autocomplete}"`);
      expect(input, id).toContain(`aria-describedby="${id}-error"`);
      expect(input, id).toContain('aria-invalid="false"');
      if (id !== 'card-expiry') expect(input, id).toContain('inputmode="numeric"');
      expect(html).toContain(`<p class="error" id="${id}-error"`);
    }
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    // No outside resources, no inline script: the config is data, the script is the sandbox's own.
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(html).toContain('<script type="module" src="frame.js"></script>');
    expect(html).toContain(`"origin":"${PARENT}"`);
  });

  it('is served with a CSP that only lets the parent origin frame it and lend its fonts, and the sandbox serve its script', async () => {
    const page = await call(fieldsUrl({ key: KEYS.publishable, origin: PARENT }));
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toContain(`frame-ancestors ${PARENT}`);
    // Fonts only from the parent page's origin (the page's own font, sent with `configure`), none from elsewhere.
    expect(csp).toContain(`font-src ${PARENT}`);
    expect(csp).not.toMatch(/font-src[^;]*(\*|https?:\/\/(?!127\.0\.0\.1:3999))/);
    expect(page.headers.get('x-frame-options')).toBeNull();
    expect(page.headers.get('cache-control')).toBe('no-store');
  });

  it('speaks Spanish with locale=es until the parent sends its texts', async () => {
    const page = await call(fieldsUrl({ key: KEYS.publishable, origin: PARENT, locale: 'es' }));
    expect(page.text).toContain('<html lang="es">');
    expect(page.text).toContain('>Número de tarjeta</label>');
    expect(page.text).toContain('placeholder="MM/AA"');
  });

  it('refuses an unknown key or a parent that is not an origin', async () => {
    expect((await call(fieldsUrl({ key: 'pk_wrong', origin: PARENT }))).status).toBe(400);
    expect((await call(fieldsUrl({ key: KEYS.publishable, origin: `${PARENT}/checkout` }))).status).toBe(400);
    expect((await call(fieldsUrl({ key: KEYS.publishable, origin: '*' }))).status).toBe(400);
    expect((await call(fieldsUrl({ key: KEYS.publishable }))).status).toBe(400);
  });

  it('serves its script as valid JavaScript modules and its stylesheet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fields-script-'));
    try {
      for (const name of ['frame.js', 'card-rules.js']) {
        const asset = await call(`${sandbox.url}/metrobank/fields/v1/${name}`);
        expect(asset.status, name).toBe(200);
        expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
        const file = join(dir, name.replace('.js', '.mjs'));
        writeFileSync(file, asset.text);
        const check = spawnSync(process.execPath, ['--check', file], { encoding: 'utf8' });
        expect(check.status, check.stderr).toBe(0);
      }
      const frame = await call(`${sandbox.url}/metrobank/fields/v1/frame.js`);
      expect(frame.text).toContain("from './card-rules.js'");
      expect(frame.text).toContain('postMessage');
      const css = await call(`${sandbox.url}/metrobank/fields/v1/card.css`);
      expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
      expect(css.text).toContain('focus-visible');
      expect((await call(`${sandbox.url}/metrobank/fields/v1/frame.ts`)).status).toBe(404);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('card rules shared by the frame and the token endpoint', () => {
  const now = new Date('2026-06-15T12:00:00Z');

  it('checks the number by Luhn and length 13-19', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(numberError('4242 4242 4242 4242')).toBeUndefined();
    expect(numberError('')).toBe('required');
    expect(numberError('4242 4242 4242 4241')).toBe('invalid_number');
    expect(numberError('4222222222222')).toBeUndefined();
    expect(numberError('42')).toBe('invalid_number');
    expect(numberError('4242-4242-4242-4242')).toBe('invalid_number');
    expect(numberError('4'.padEnd(20, '0'))).toBe('invalid_number');
  });

  it('tells the brand from the first digits', () => {
    expect(cardBrand('4')).toBe('visa');
    expect(cardBrand('5555')).toBe('mastercard');
    expect(cardBrand('2221000000000009')).toBe('mastercard');
    expect(cardBrand('3782')).toBe('amex');
    expect(cardBrand('6011')).toBe('unknown');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
  });

  it('tells a malformed expiry from a past one', () => {
    expect(parseExpiry('07/29')).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry('0729')).toEqual({ month: 7, year: 2029 });
    expect(expiryError('06/26', now)).toBeUndefined();
    expect(expiryError('05/26', now)).toBe('expired_card');
    expect(expiryError('13/27', now)).toBe('invalid_expiry');
    expect(expiryError('00/27', now)).toBe('invalid_expiry');
    expect(expiryError('1/27', now)).toBe('invalid_expiry');
    expect(expiryError('ab/cd', now)).toBe('invalid_expiry');
    expect(expiryError(' ', now)).toBe('required');
  });

  it('wants 3 or 4 digits of security code', () => {
    expect(cvcError('123')).toBeUndefined();
    expect(cvcError('1234')).toBeUndefined();
    expect(cvcError('12')).toBe('invalid_cvc');
    expect(cvcError('12345')).toBe('invalid_cvc');
    expect(cvcError('1a3')).toBe('invalid_cvc');
    expect(cvcError('')).toBe('required');
  });
});
