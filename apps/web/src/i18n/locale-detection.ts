import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locales';

/**
 * Splits `/en/flota` into its locale prefix (if any) and the path without it. next-intl reads a prefix only inside its
 * middleware and its usePathname, which needs an intl provider; this serves the proxy's rules before the middleware,
 * Cache-Control, e-mail links, and the two client leaves of every page, which have no provider.
 */
export function splitLocalePrefix(pathname: string): { prefix: Locale | undefined; path: string } {
  const prefix = LOCALES.find((locale) => pathname === `/${locale}` || pathname.startsWith(`/${locale}/`));
  if (prefix === undefined) return { prefix: undefined, path: pathname || '/' };
  return { prefix, path: pathname.slice(prefix.length + 1) || '/' };
}

/**
 * Best supported locale for an Accept-Language header (`en-US,en;q=0.9,es;q=0.8`): the first by quality then order
 * whose language is supported, whatever its region; undefined when none is. next-intl's own matcher is not exported,
 * and it prefers an exact lower-ranked language to a regional form of the first (`es-PA,en;q=0.9` gives English).
 */
export function matchAcceptLanguage(header: string | null | undefined): Locale | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const qualityParam = params.find((param) => param.trim().startsWith('q='));
      const quality = qualityParam ? Number(qualityParam.trim().slice(2)) : 1;
      return { language: tag.trim().toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    if (isLocale(entry.language)) return entry.language;
  }
  return undefined;
}

/**
 * The language of an answer that is not a page (the API, an asset, a refusal): Accept-Language's best supported
 * locale, else Spanish. The edge reads it for every such request (lib/edge, requestLocale).
 */
export function localeOfAcceptLanguage(header: string | null | undefined): Locale {
  return matchAcceptLanguage(header) ?? DEFAULT_LOCALE;
}
