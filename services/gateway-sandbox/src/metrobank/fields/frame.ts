// The hosted card fields' browser script (served as /metrobank/fields/v1/frame.js with its types stripped). The card
// number, expiry and security code stay in this frame: the parent page only ever gets the validation state, and a
// single-use token made by POST /metrobank/v1/tokens. Messages go to the parent with postMessage targeted at the
// configured origin, and only messages from that origin (and from the parent window) are read.
import {
  cardBrand,
  cvcError,
  digitsOnly,
  expiryError,
  formatCardNumber,
  numberError,
  parseExpiry,
  type FieldErrorCode,
} from './card-rules.js';

type Field = 'number' | 'expiry' | 'cvc';
type Errors = Partial<Record<Field, FieldErrorCode>>;

interface FrameConfig {
  origin: string;
  key: string;
  tokensUrl: string;
  messages: Record<FieldErrorCode, string>;
}

const SOURCE = 'metrobank-fields';
const FIELDS: readonly Field[] = ['number', 'expiry', 'cvc'];
const CODES: readonly FieldErrorCode[] = ['required', 'invalid_number', 'invalid_expiry', 'expired_card', 'invalid_cvc'];
const MAX_TEXT = 300;
const TOKEN_TIMEOUT_MS = 15_000;
/** Which field a card error from the gateway belongs to, and what the field shows for it. */
const GATEWAY_CODES: Record<string, [Field, FieldErrorCode]> = {
  invalid_number: ['number', 'invalid_number'],
  invalid_expiry_month: ['expiry', 'invalid_expiry'],
  expired_card: ['expiry', 'expired_card'],
  invalid_cvc: ['cvc', 'invalid_cvc'],
};

function byId<T extends HTMLElement>(id: string, type: { new (): T; prototype: T }): T {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`card fields: #${id} is missing`);
  return found;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const config = JSON.parse(byId('metrobank-config', HTMLScriptElement).textContent ?? '{}') as FrameConfig;
const messages: Record<FieldErrorCode, string> = { ...config.messages };
const ids: Record<Field, string> = { number: 'card-number', expiry: 'card-expiry', cvc: 'card-cvc' };
const inputs = {} as Record<Field, HTMLInputElement>;
const labels = {} as Record<Field, HTMLLabelElement>;
const errorTexts = {} as Record<Field, HTMLElement>;
for (const field of FIELDS) {
  inputs[field] = byId(ids[field], HTMLInputElement);
  labels[field] = byId(`${ids[field]}-label`, HTMLLabelElement);
  errorTexts[field] = byId(`${ids[field]}-error`, HTMLElement);
}

/** Fields whose errors are shown: left (blurred) with something typed, or after a tokenize attempt. */
const touched: Record<Field, boolean> = { number: false, expiry: false, cvc: false };
/** A card error the gateway reported for a field, until the field changes. */
const gatewayErrors: Errors = {};

function errorOf(field: Field): FieldErrorCode | undefined {
  const value = inputs[field].value;
  if (field === 'number') return numberError(value);
  if (field === 'expiry') return expiryError(value, new Date());
  return cvcError(value);
}

function allErrors(): Errors {
  const errors: Errors = {};
  for (const field of FIELDS) {
    const code = errorOf(field) ?? gatewayErrors[field];
    if (code) errors[field] = code;
  }
  return errors;
}

function shownErrors(): Errors {
  const errors: Errors = {};
  for (const [field, code] of Object.entries(allErrors()) as Array<[Field, FieldErrorCode]>) if (touched[field]) errors[field] = code;
  return errors;
}

function post(message: Record<string, unknown>): void {
  window.parent.postMessage({ source: SOURCE, ...message }, config.origin);
}

let readySent = false;
let lastHeight = 0;

function height(): number {
  return Math.ceil(document.documentElement.getBoundingClientRect().height);
}

function reportHeight(): void {
  if (!readySent) return;
  const current = height();
  if (current === lastHeight) return;
  lastHeight = current;
  post({ type: 'resize', height: current });
}

function render(): void {
  const shown = shownErrors();
  for (const field of FIELDS) {
    const code = shown[field];
    const text = code ? messages[code] : '';
    if (errorTexts[field].textContent !== text) errorTexts[field].textContent = text;
    inputs[field].setAttribute('aria-invalid', code ? 'true' : 'false');
  }
  reportHeight();
}

function postChange(): void {
  const errors = allErrors();
  post({
    type: 'change',
    complete: Object.keys(errors).length === 0,
    brand: cardBrand(digitsOnly(inputs.number.value)),
    errors: shownErrors(),
  });
}

/** Rewrites a field's value, keeping the caret after the same number of digits. */
function rewrite(input: HTMLInputElement, value: string): void {
  if (input.value === value) return;
  const focused = document.activeElement === input;
  const caret = input.selectionStart ?? input.value.length;
  const atEnd = caret >= input.value.length;
  const digitsBefore = digitsOnly(input.value.slice(0, caret)).length;
  input.value = value;
  if (!focused) return;
  let position = value.length;
  if (!atEnd) {
    let seen = 0;
    position = 0;
    while (position < value.length && seen < digitsBefore) {
      if (/\d/.test(value.charAt(position))) seen += 1;
      position += 1;
    }
  }
  input.setSelectionRange(position, position);
}

/** MM/YY as it is typed: digits only, a slash after the month; "1/" becomes "01/", a pasted MM/YYYY becomes MM/YY. */
function formatExpiry(raw: string): string {
  const full = /^\s*(\d{1,2})\s*[/-]\s*(\d{4}|\d{2})\s*$/.exec(raw);
  if (full) return `${(full[1] ?? '').padStart(2, '0')}/${(full[2] ?? '').slice(-2)}`;
  const shortMonth = /^\s*(\d)\s*\/\s*(\d*)/.exec(raw);
  const digits = (shortMonth ? `0${shortMonth[1] ?? ''}${shortMonth[2] ?? ''}` : digitsOnly(raw)).slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return shortMonth ? `${digits}/` : digits;
}

function onInput(field: Field): void {
  const input = inputs[field];
  if (field === 'number') rewrite(input, formatCardNumber(digitsOnly(input.value).slice(0, 19)));
  else if (field === 'expiry') rewrite(input, formatExpiry(input.value));
  else rewrite(input, digitsOnly(input.value).slice(0, 4));
  delete gatewayErrors[field];
  render();
  postChange();
}

function onBlur(field: Field): void {
  if (inputs[field].value.trim() !== '') touched[field] = true;
  render();
  postChange();
}

for (const field of FIELDS) {
  inputs[field].addEventListener('input', () => onInput(field));
  inputs[field].addEventListener('blur', () => onBlur(field));
}
// Enter in a field submits nothing: the parent page owns the checkout's submit button.
byId('card-form', HTMLFormElement).addEventListener('submit', (event) => event.preventDefault());

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, MAX_TEXT) : undefined;
}

function configure(message: Record<string, unknown>): void {
  if (isRecord(message.labels)) {
    for (const field of FIELDS) {
      const label = text(message.labels[field]);
      if (label) labels[field].textContent = label;
    }
  }
  if (isRecord(message.messages)) {
    for (const code of CODES) {
      const value = text(message.messages[code]);
      if (value) messages[code] = value;
    }
  }
  const font = text(message.font);
  // Only fonts this machine has: nothing is loaded for it.
  if (font) document.body.style.fontFamily = font;
  applyStyle(message.style);
  loadFonts(message.fonts);
  render();
}

/** A CSS value the parent gave, when the browser takes it for `property` (anything else is left out). */
function cssValue(value: unknown, property: string): string | undefined {
  const written = text(value);
  return written !== undefined && CSS.supports(property, written) ? written : undefined;
}

/**
 * The parent page's text style, the way real gateways take a style object (`style.base`): the fields and their labels
 * are drawn in its font family, size and colour, so the card form reads as part of the page.
 */
function applyStyle(style: unknown): void {
  if (!isRecord(style) || !isRecord(style.base)) return;
  const base = style.base;
  const family = cssValue(base.fontFamily, 'font-family');
  const size = cssValue(base.fontSize, 'font-size');
  const color = cssValue(base.color, 'color');
  if (family) document.body.style.fontFamily = family;
  if (size) document.body.style.fontSize = size;
  if (color) document.body.style.color = color;
}

const MAX_FONTS = 8;
const FONT_WEIGHT = /^(normal|bold|[1-9]00|[1-9]\d{0,2}(\s+[1-9]\d{0,2})?)$/;
const FONT_STYLE = /^(normal|italic|oblique)$/;
const UNICODE_RANGE = /^[Uu+0-9A-Fa-f?,\s-]+$/;

/**
 * Font faces the parent page uses (`fonts: [{ family, src, weight?, style?, unicodeRange? }]`), loaded from the
 * parent's own origin only (its `src` is an absolute URL there; the page's Content-Security-Policy allows fonts from
 * that origin and nowhere else), so the style's `fontFamily` draws in the page's own font.
 */
function loadFonts(fonts: unknown): void {
  if (!Array.isArray(fonts)) return;
  for (const font of fonts.slice(0, MAX_FONTS)) {
    if (!isRecord(font)) continue;
    const family = text(font.family);
    const src = text(font.src);
    if (!family || !src) continue;
    let url: URL;
    try {
      url = new URL(src);
    } catch {
      continue;
    }
    if (url.origin !== config.origin) continue;
    const descriptors: FontFaceDescriptors = { display: 'swap' };
    const weight = text(font.weight);
    if (weight && FONT_WEIGHT.test(weight)) descriptors.weight = weight;
    const style = text(font.style);
    if (style && FONT_STYLE.test(style)) descriptors.style = style;
    const range = text(font.unicodeRange);
    if (range && UNICODE_RANGE.test(range)) descriptors.unicodeRange = range;
    const face = new FontFace(family, `url(${JSON.stringify(url.href)})`, descriptors);
    document.fonts.add(face);
    // A font that does not load leaves the fields in the next family of the list.
    face.load().catch(() => undefined);
  }
}

function focusField(value: unknown): void {
  const field = FIELDS.find((name) => name === value) ?? FIELDS.find((name) => shownErrors()[name]) ?? 'number';
  inputs[field].focus();
}

async function tokenize(requestId: unknown, holderName: unknown): Promise<void> {
  for (const field of FIELDS) touched[field] = true;
  render();
  postChange();
  const errors: Errors = {};
  for (const field of FIELDS) {
    const code = errorOf(field);
    if (code) errors[field] = code;
  }
  const expiry = parseExpiry(inputs.expiry.value);
  if (Object.keys(errors).length > 0 || !expiry) {
    post({ type: 'tokenize_error', requestId, errors });
    return;
  }
  const unavailable = () =>
    post({ type: 'tokenize_error', requestId, error: { code: 'gateway_unavailable', message: 'The card gateway could not be reached. Try again in a moment.' } });
  let response: Response;
  try {
    response = await fetch(new URL(config.tokensUrl, window.location.href), {
      method: 'POST',
      headers: { authorization: `Bearer ${config.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        card: {
          number: digitsOnly(inputs.number.value),
          exp_month: expiry.month,
          exp_year: expiry.year,
          cvc: inputs.cvc.value.trim(),
          name: typeof holderName === 'string' ? holderName.trim().slice(0, 200) : '',
        },
      }),
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
    });
  } catch {
    unavailable();
    return;
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  if (response.ok && isRecord(body) && typeof body.id === 'string' && isRecord(body.card)) {
    const { brand, last4, exp_month, exp_year } = body.card;
    post({ type: 'token', requestId, token: { id: body.id, card: { brand, last4, exp_month, exp_year } } });
    return;
  }
  const gatewayError = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  if (response.status === 402 && gatewayError && typeof gatewayError.code === 'string') {
    const mapped = GATEWAY_CODES[gatewayError.code];
    if (mapped) {
      gatewayErrors[mapped[0]] = mapped[1];
      render();
      postChange();
    }
    post({ type: 'tokenize_error', requestId, error: { code: gatewayError.code, message: typeof gatewayError.message === 'string' ? gatewayError.message : '' } });
    return;
  }
  unavailable();
}

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  if (event.origin !== config.origin || event.source !== window.parent) return;
  const message = event.data;
  if (!isRecord(message) || message.source !== SOURCE) return;
  if (message.type === 'configure') configure(message);
  else if (message.type === 'tokenize') void tokenize(message.requestId, message.holderName);
  else if (message.type === 'focus') focusField(message.field);
});

function ready(): void {
  readySent = true;
  lastHeight = height();
  post({ type: 'ready', height: lastHeight });
  new ResizeObserver(() => reportHeight()).observe(document.documentElement);
}

if (document.readyState === 'complete') ready();
else window.addEventListener('load', ready, { once: true });
