import type { ReactNode } from 'react';
import { enterLocale } from '@/i18n';
import { loadAppData } from '@/content';
import { SiteHeader } from '@/features/layout';

/** The thanks layout: a calm confirmation page with only the brand header. */
export default async function ThanksLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await enterLocale(params);
  const { site } = await loadAppData();
  return (
    <>
      <SiteHeader site={site} locale={locale} variant="compact" />
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-16">
        <div className="w-full max-w-2xl rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">{children}</div>
      </main>
    </>
  );
}
