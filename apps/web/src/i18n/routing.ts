import { defineRouting } from 'next-intl/routing';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE_SETTINGS, LOCALES, type Locale } from './locales';

// The languages themselves live in ./locales (no next-intl there, for the browser's code); the rest of the app reads
// them from here.
export { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE_SETTINGS, LOCALES, type Locale };

/**
 * The storefront's languages and their paths, for next-intl's middleware (composed in src/proxy.ts) and navigation
 * (./navigation.ts). Spanish is the default and has no prefix; English is under /en. `/es/...` is served too: the
 * proxy hands next-intl only unprefixed paths, since 'as-needed' would redirect `/es/...` to `/...`.
 */
export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
  localeCookie: LOCALE_COOKIE_SETTINGS,
  // Pages name their alternates themselves (shared/seo): no `Link` header.
  alternateLinks: false,
});

/** BCP 47 tags of the content service's `languages` collection, per URL locale. */
export const CONTENT_LANGUAGE: Record<Locale, string> = { es: 'es-ES', en: 'en-US' };
/** Locale used for number, money and date formatting. */
export const FORMAT_LOCALE: Record<Locale, string> = { es: 'es-PA', en: 'en-US' };

/** The locale named by a value from outside (a URL, a cookie, a server action's argument), else the default. */
export function localeOrDefault(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
