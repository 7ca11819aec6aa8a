import type { ReactNode } from 'react';
import { enterLocale } from '@/features/i18n/request-locale';
import { loadAppData } from '@/features/content/app-data';
import { SiteHeader } from '@/features/layout/site-header';
import { SiteFooter } from '@/features/layout/site-footer';

/** The reservation layout: compact header, the brand's reservation background, no distractions. */
export default async function ReservationLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await enterLocale(params);
  const { site } = await loadAppData();
  return (
    <>
      <SiteHeader site={site} locale={locale} variant="compact" />
      <main id="main" className="flex-1" style={{ backgroundColor: site.reservationBackgroundColor }}>
        <div className="mx-auto max-w-5xl px-4 py-10">{children}</div>
      </main>
      <SiteFooter site={site} locale={locale} />
    </>
  );
}
