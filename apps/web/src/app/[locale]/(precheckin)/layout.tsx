import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import { enterLocale } from '@/i18n';
import { loadAppData } from '@/content';
import { SiteFooter, SiteHeader } from '@/features/layout';

/** The pre-check-in layout: compact header and a band naming the flow. */
export default async function PrecheckinLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await enterLocale(params);
  const { site } = await loadAppData();
  const [t, messages] = await Promise.all([getTranslations('precheckin'), getMessages()]);
  return (
    <>
      <SiteHeader site={site} locale={locale} variant="compact" />
      <div className="bg-brand-dark text-white">
        <p className="mx-auto max-w-4xl px-4 py-3 text-sm font-semibold">{t('title')}</p>
      </div>
      <main id="main" className="flex-1">
        {/* The forms' own words, and the booking's for the payment forms they share. */}
        <NextIntlClientProvider locale={locale} messages={{ precheckin: messages.precheckin, booking: messages.booking, validation: messages.validation }}>
          <div className="mx-auto max-w-4xl px-4 py-10">{children}</div>
        </NextIntlClientProvider>
      </main>
      <SiteFooter site={site} locale={locale} />
    </>
  );
}
