import { DEFAULT_LOCALE, isLocale, type Locale } from './routing';

/** Splits `/en/flota` into the locale prefix (if any) and the path without it. */
export function splitLocalePrefix(pathname: string): { prefix: Locale | undefined; path: string } {
  const match = /^\/(es|en)(?=\/|$)/.exec(pathname);
  const prefix = match?.[1];
  if (!isLocale(prefix)) return { prefix: undefined, path: pathname || '/' };
  return { prefix, path: pathname.slice(prefix.length + 1) || '/' };
}

/**
 * Best supported locale for an Accept-Language header (`en-US,en;q=0.9,es;q=0.8`), by quality then order;
 * undefined when nothing matches.
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

/** Path of `path` (without prefix) in `locale`: Spanish has no prefix. */
export function localizedPath(locale: Locale, path: string): string {
  const clean = path === '/' ? '' : path;
  return locale === DEFAULT_LOCALE ? clean || '/' : `/${locale}${clean}`;
}


/** The language of a request answered without a page (the API, an asset): its Accept-Language, else Spanish. */
export function acceptLanguageLocale(request: Request): Locale {
  return matchAcceptLanguage(request.headers.get('accept-language')) ?? DEFAULT_LOCALE;
}
