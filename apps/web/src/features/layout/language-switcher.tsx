'use client';

import { usePathname } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { splitLocalePrefix } from '@/features/i18n/locale-detection';
import { publicFleetPath } from '@/features/fleet/fleet-filters';

/**
 * Links to the same page in the other language. Spanish is linked with its explicit /es prefix so the proxy
 * remembers the choice in the locale cookie.
 */
export function LanguageSwitcher() {
  const t = useTranslations('nav');
  const locale = useLocale();
  const pathname = usePathname();
  const path = publicFleetPath(splitLocalePrefix(pathname).path);
  const target = locale === 'en' ? 'es' : 'en';
  const href = `/${target}${path === '/' ? '' : path}`;
  return (
    <a
      href={href}
      hrefLang={target}
      lang={target}
      className="rounded-md px-3 py-2 text-sm font-semibold text-slate-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      onClick={(event) => {
        const query = window.location.search;
        if (query && !href.includes('?')) event.currentTarget.href = `${href}${query}`;
      }}
    >
      {t('switchTo')}
      <span className="sr-only"> ({t('switchToLabel')})</span>
    </a>
  );
}
