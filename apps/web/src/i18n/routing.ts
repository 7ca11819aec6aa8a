export const LOCALES = ['es', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'es';

/** BCP 47 tags of the content service's `languages` collection, per URL locale. */
export const CONTENT_LANGUAGE: Record<Locale, string> = { es: 'es-ES', en: 'en-US' };
/** Locale used for number, money and date formatting. */
export const FORMAT_LOCALE: Record<Locale, string> = { es: 'es-PA', en: 'en-US' };

export function isLocale(value: unknown): value is Locale {
  return value === 'es' || value === 'en';
}

/** The locale named by a value from outside (a URL, a cookie, a server action's argument), else the default. */
export function localeOrDefault(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}
