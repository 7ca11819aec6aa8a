// The storefront's corporate-account pages, as the content service needs to know them (plain ESM, no dependencies:
// imported by scripts/lib/content-service.mjs to build Directus' URL allow lists, and by the account-emails
// extension to recognise a link to one of these pages).
//
// Every storefront origin (STOREFRONT_ORIGINS, else SITE_URL's origin) serves each page in Spanish (no prefix) and in
// English (`/en`). Directus appends `?token=...` to the reset, invitation and verification links.
import { callbackPath } from './callbacks.mjs';

export const ACCOUNT_PAGES = {
  /** password reset: Directus' `reset_url` (POST /auth/password/request) */
  reset: '/corporativo/restablecer',
  /** accept an invitation: Directus' `invite_url` (POST /users/invite) */
  invite: '/corporativo/invitacion',
  /** verify a registration's e-mail address: Directus' `verification_url` (POST /users/register) */
  verify: '/corporativo/verificar',
  /** where a login through an SSO provider returns (AUTH_<PROVIDER>_REDIRECT_ALLOW_LIST) */
  sso: '/corporativo/sso',
};

/** Language prefixes of the storefront's paths: Spanish has none. */
export const LANGUAGE_PREFIXES = ['', '/en'];

/** Where the storefront takes the account e-mails it sends: its account-emails callback (schema/callbacks.mjs). */
export const ACCOUNT_EMAILS_PATH = callbackPath('account-emails');

/**
 * The origins of a comma-separated list of URLs (`https://a.example, https://b.example/x` -> two origins), in order,
 * without repeats. Throws an Error naming `name` for a value that is no http(s) URL.
 */
export function parseOrigins(list, name = 'STOREFRONT_ORIGINS') {
  const origins = [];
  for (const raw of String(list ?? '').split(',')) {
    const value = raw.trim();
    if (!value) continue;
    let url;
    try {
      url = new URL(value);
    } catch {
      throw new Error(`content: ${name} must be a comma-separated list of http(s) origins (got "${value}")`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`content: ${name} must list http(s) origins (got "${value}")`);
    if (!origins.includes(url.origin)) origins.push(url.origin);
  }
  return origins;
}

/** Every URL of one page (a key of ACCOUNT_PAGES) on every origin, in both languages. */
export function accountPageUrls(origins, page) {
  const path = ACCOUNT_PAGES[page];
  if (!path) throw new Error(`unknown account page "${page}"`);
  return origins.flatMap((origin) => LANGUAGE_PREFIXES.map((prefix) => `${origin}${prefix}${path}`));
}

/**
 * Is `url` (any query) one of the page's URLs on one of the origins? Compared as Directus compares its allow lists:
 * origin + pathname, exactly. Returns { origin, language: 'es' | 'en' } or null.
 */
export function matchAccountPage(url, origins, page) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!origins.includes(parsed.origin)) return null;
  for (const prefix of LANGUAGE_PREFIXES) {
    if (parsed.pathname === `${prefix}${ACCOUNT_PAGES[page]}`) return { origin: parsed.origin, language: prefix === '/en' ? 'en' : 'es' };
  }
  return null;
}
