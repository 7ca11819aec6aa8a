import 'server-only';
import type { Metadata } from 'next';
import { serverEnv } from '@/lib/env';
import type { Locale } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';

/** Canonical and hreflang links of a page given its path without locale (Spanish unprefixed, English under /en). */
export function pageAlternates(locale: Locale, path: string): NonNullable<Metadata['alternates']> {
  const { siteUrl } = serverEnv();
  const url = (target: Locale) => `${siteUrl}${getPathname({ href: path, locale: target })}`;
  return {
    canonical: url(locale),
    languages: { 'es-ES': url('es'), 'en-US': url('en'), 'x-default': url('es') },
  };
}
