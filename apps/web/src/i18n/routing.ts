import { hasLocale } from 'next-intl';
import { defineRouting } from 'next-intl/routing';

/**
 * The remembered language: next-intl's middleware reads it to choose the language of an unprefixed page, and it
 * lives a year. lib/cookies.ts gives it the rest of its attributes (readable by scripts, `secure` on https).
 */
export const LOCALE_COOKIE_SETTINGS = { name: 'i18n_redirected', maxAge: 365 * 24 * 60 * 60, path: '/', sameSite: 'lax' } as const;

/**
 * The storefront's languages and their paths, for next-intl's middleware (composed in src/proxy.ts) and navigation
 * (./navigation.ts). Spanish is the default and has no prefix; English is under /en. `/es/...` is served too: the
 * proxy hands next-intl only unprefixed paths, since 'as-needed' would redirect `/es/...` to `/...`.
 */
export const routing = defineRouting({
  locales: ['es', 'en'],
  defaultLocale: 'es',
  localePrefix: 'as-needed',
  localeCookie: LOCALE_COOKIE_SETTINGS,
  // Pages name their alternates themselves (features/seo): no `Link` header.
  alternateLinks: false,
});

export const LOCALES = routing.locales;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = routing.defaultLocale;

/** BCP 47 tags of the content service's `languages` collection, per URL locale. */
export const CONTENT_LANGUAGE: Record<Locale, string> = { es: 'es-ES', en: 'en-US' };
/** Locale used for number, money and date formatting. */
export const FORMAT_LOCALE: Record<Locale, string> = { es: 'es-PA', en: 'en-US' };

export function isLocale(value: unknown): value is Locale {
  return hasLocale(LOCALES, value);
}

/** The locale named by a value from outside (a URL, a cookie, a server action's argument), else the default. */
export function localeOrDefault(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
