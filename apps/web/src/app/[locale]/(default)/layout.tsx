import type { ReactNode } from 'react';
import { enterLocale } from '@/i18n';
import { loadAppData } from '@/content';
import { SiteFooter, SiteHeader } from '@/features/layout';

/** The default layout: full header with navigation, page, footer with the four brands. */
export default async function DefaultLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await enterLocale(params);
  const { site } = await loadAppData();
  return (
    <>
      <SiteHeader site={site} locale={locale} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter site={site} locale={locale} />
    </>
  );
}
