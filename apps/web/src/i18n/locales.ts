/**
 * The storefront's languages and the cookie that remembers one, without next-intl: the browser's code of every page
 * (the locale recorder, page-view tracking, the language switcher) reads these, and importing them from ./routing,
 * which calls next-intl's defineRouting, brought next-intl's core into every page's first load (+3 KB gzip on `/`,
 * measured 2026-11-26). ./routing builds next-intl's routing from them and exports them again.
 */
export const LOCALES = ['es', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';

/**
 * The remembered language: next-intl's middleware reads it to choose the language of an unprefixed page, and it
 * lives a year. lib/cookies.ts gives it the rest of its attributes (readable by scripts, `secure` on https).
 */
export const LOCALE_COOKIE_SETTINGS = { name: 'i18n_redirected', maxAge: 365 * 24 * 60 * 60, path: '/', sameSite: 'lax' } as const;

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}
