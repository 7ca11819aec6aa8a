import { LOCALE_COOKIE_SETTINGS, type Locale } from './locales';

/** The two names the remembered language is kept under: next-intl's, and `language` with the same attributes. */
export const LOCALE_COOKIE_NAMES = [LOCALE_COOKIE_SETTINGS.name, 'language'] as const;

/**
 * The remembered language as the browser writes it. A page under /es or /en is the same cached copy for every
 * visitor (a shared cache keeps no answer that sets a cookie), so the page's own script records its language when the
 * visitor's cookie names another; the server writes it only on an unprefixed address (src/proxy.ts). Same names and
 * attributes as the server's (src/lib/cookies.ts), `secure` when the page is served over https.
 */
export function rememberLocaleInBrowser(locale: Locale): void {
  if (rememberedLocaleInBrowser() === locale) return;
  const { maxAge, path, sameSite } = LOCALE_COOKIE_SETTINGS;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  for (const name of LOCALE_COOKIE_NAMES) {
    document.cookie = `${name}=${locale}; Max-Age=${maxAge}; Path=${path}; SameSite=${sameSite}${secure}`;
  }
}

/** The language the visitor's browser remembers (both cookies must agree), if any. */
export function rememberedLocaleInBrowser(): string | undefined {
  const values = LOCALE_COOKIE_NAMES.map((name) => {
    const entry = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
    return entry?.slice(name.length + 1);
  });
  return values[0] === values[1] ? values[0] : undefined;
}
