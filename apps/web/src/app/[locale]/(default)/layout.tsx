import type { ReactNode } from 'react';
import { loadAppData } from '@/features/content/app-data';
import { SiteHeader } from '@/features/layout/site-header';
import { SiteFooter } from '@/features/layout/site-footer';

/** The default layout: full header with navigation, page, footer with the four brands. */
export default async function DefaultLayout({ children }: { children: ReactNode }) {
  const { site } = await loadAppData();
  return (
    <>
      <SiteHeader site={site} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter site={site} />
    </>
  );
}
