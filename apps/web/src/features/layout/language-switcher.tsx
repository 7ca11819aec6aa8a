'use client';

import { usePathname } from 'next/navigation';
import { splitLocalePrefix } from '@/i18n/locale-detection';
import { publicFleetPath } from '@/features/fleet';
import type { Locale } from '@/i18n/routing';
import { rememberLocaleInBrowser } from '@/i18n/locale-cookie';

/**
 * Links to the same page in the other language, with its explicit prefix (Spanish too). The choice is remembered as the
 * link is followed, so an unprefixed address opened next is already in that language.
 */
export function LanguageSwitcher({ target, label, description }: { target: Locale; label: string; description: string }) {
  const pathname = usePathname();
  const path = publicFleetPath(splitLocalePrefix(pathname).path);
  const href = `/${target}${path === '/' ? '' : path}`;
  return (
    <a
      href={href}
      hrefLang={target}
      className="rounded-md px-3 py-2 text-sm font-semibold text-slate-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      onClick={(event) => {
        rememberLocaleInBrowser(target);
        const query = window.location.search;
        if (query && !href.includes('?')) event.currentTarget.href = `${href}${query}`;
      }}
    >
      {/* The language's own name in that language; the description in the page's. */}
      <span lang={target}>{label}</span>
      <span className="sr-only"> ({description})</span>
    </a>
  );
}
