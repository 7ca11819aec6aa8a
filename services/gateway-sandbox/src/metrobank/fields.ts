// The hosted card fields: GET /metrobank/fields/v1/card.html?key=<publishable key>&origin=<parent origin>&locale=es|en
// and its script and stylesheet. The page is framed by the storefront's checkout; it talks to its parent only with
// postMessage to `origin` (docs/gateway-sandbox.md, "Hosted card fields"). The browser script is written in
// TypeScript (fields/frame.ts, fields/card-rules.ts) and served with its types stripped.
import { readFileSync } from 'node:fs';
import { stripTypeScriptTypes } from 'node:module';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { httpOrigin, type Reply, type Request } from '../http.ts';
import { escapeHtml, page } from '../pages.ts';

const FIELDS_DIR = join(import.meta.dirname, 'fields');

export type FieldsLocale = 'es' | 'en';

interface Texts {
  title: string;
  labels: { number: string; expiry: string; cvc: string };
  messages: { required: string; invalid_number: string; invalid_expiry: string; expired_card: string; invalid_cvc: string };
}

/** Texts shown until the parent sends its own with `configure`. */
export const FALLBACK_TEXTS: Record<FieldsLocale, Texts> = {
  en: {
    title: 'Card details',
    labels: { number: 'Card number', expiry: 'Expiry date (MM/YY)', cvc: 'Security code (CVV)' },
    messages: {
      required: 'This field is required.',
      invalid_number: 'The card number is not valid.',
      invalid_expiry: 'Enter the expiry date as MM/YY.',
      expired_card: 'The card has expired.',
      invalid_cvc: 'The security code must have 3 or 4 digits.',
    },
  },
  es: {
    title: 'Datos de la tarjeta',
    labels: { number: 'Número de tarjeta', expiry: 'Vencimiento (MM/AA)', cvc: 'Código de seguridad (CVV)' },
    messages: {
      required: 'Este campo es obligatorio.',
      invalid_number: 'El número de tarjeta no es válido.',
      invalid_expiry: 'Escribe el vencimiento como MM/AA.',
      expired_card: 'La tarjeta está vencida.',
      invalid_cvc: 'El código de seguridad debe tener 3 o 4 dígitos.',
    },
  },
};

function script(file: string): string {
  return stripTypeScriptTypes(readFileSync(join(FIELDS_DIR, file), 'utf8'));
}

// Read once at start: a missing or broken file stops the start rather than a checkout.
const ASSETS: Record<string, { type: string; body: string }> = {
  'frame.js': { type: 'text/javascript; charset=utf-8', body: script('frame.ts') },
  'card-rules.js': { type: 'text/javascript; charset=utf-8', body: script('card-rules.ts') },
  'card.css': { type: 'text/css; charset=utf-8', body: readFileSync(join(FIELDS_DIR, 'card.css'), 'utf8') },
};

export function fieldsAsset(name: string): Reply | undefined {
  const asset = ASSETS[name];
  if (!asset) return undefined;
  return {
    status: 200,
    headers: { 'content-type': asset.type, 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff', 'cross-origin-resource-policy': 'same-origin' },
    body: asset.body,
  };
}

/** JSON that is safe inside a <script type="application/json"> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

function fieldsError(status: number, message: string): Reply {
  // Framed by whoever asked: the developer sees why the card form is empty.
  const reply = page({ status, title: 'Card fields not available', body: `<div class="card"><h1>Card fields not available</h1><p>${escapeHtml(message)}</p></div>` });
  reply.headers['content-security-policy'] = (reply.headers['content-security-policy'] ?? '').replace("frame-ancestors 'none'", 'frame-ancestors *');
  return reply;
}

export function fieldsPage(request: Request, config: Config): Reply {
  const key = request.query.get('key') ?? '';
  const origin = request.query.get('origin') ?? '';
  const locale: FieldsLocale = request.query.get('locale') === 'es' ? 'es' : 'en';
  if (key !== config.metrobank.publishableKey) return fieldsError(400, 'Unknown publishable key: pass ?key=<METROBANK_PUBLISHABLE_KEY>.');
  if (httpOrigin(origin) !== origin) return fieldsError(400, 'Pass ?origin=<the origin of the page that frames the card fields>, e.g. http://127.0.0.1:3000.');

  const texts = FALLBACK_TEXTS[locale];
  const frameConfig = { origin, key, tokensUrl: '../../v1/tokens', messages: texts.messages };
  const field = (id: string, label: string, attributes: string) => `<div class="field" id="${id}-field">
<label for="${id}" id="${id}-label">${escapeHtml(label)}</label>
<input id="${id}" ${attributes} aria-describedby="${id}-error" aria-invalid="false" spellcheck="false" autocorrect="off" autocapitalize="off">
<p class="error" id="${id}-error" aria-live="polite"></p>
</div>`;
  const body = `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.title)}</title>
<link rel="stylesheet" href="card.css">
<script type="application/json" id="metrobank-config">${scriptJson(frameConfig)}</script>
<script type="module" src="frame.js"></script>
</head>
<body>
<form id="card-form" novalidate>
${field('card-number', texts.labels.number, 'name="cardnumber" type="text" inputmode="numeric" autocomplete="cc-number" maxlength="23"')}
<div class="row">
${field('card-expiry', texts.labels.expiry, `name="exp-date" type="text" inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="${locale === 'es' ? 'MM/AA' : 'MM/YY'}"`)}
${field('card-cvc', texts.labels.cvc, 'name="cvc" type="text" inputmode="numeric" autocomplete="cc-csc" maxlength="4"')}
</div>
</form>
</body>
</html>
`;
  const csp = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'none'",
    // The parent page's own fonts, when it sends them with `configure` (its `fonts`): from its origin only.
    `font-src ${origin}`,
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${origin}`,
  ].join('; ');
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    },
    body,
  };
}
