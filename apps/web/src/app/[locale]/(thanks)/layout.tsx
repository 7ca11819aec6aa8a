import type { ReactNode } from 'react';
import { setRequestLocale } from 'next-intl/server';
import { DEFAULT_LOCALE, isLocale } from '@/i18n/routing';
import { loadAppData } from '@/features/content/app-data';
import { SiteHeader } from '@/features/layout/site-header';

/** The thanks layout: a calm confirmation page with only the brand header. */
export default async function ThanksLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale: requested } = await params;
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  // Layouts render alongside pages: each sets the locale, or next-intl would read headers and the page turn dynamic.
  setRequestLocale(locale);
  const { site } = await loadAppData();
  return (
    <>
      <SiteHeader site={site} variant="compact" />
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-16">
        <div className="w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">{children}</div>
      </main>
    </>
  );
}
