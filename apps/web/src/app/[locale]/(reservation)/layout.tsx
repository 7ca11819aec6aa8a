import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { enterLocale } from '@/i18n';
import { loadAppData } from '@/content';
import { SiteFooter, SiteHeader } from '@/features/layout';

/**
 * The reservation layout: compact header, the brand's reservation background, no distractions. Sends the
 * browser only the booking forms' own translations (`booking`, `validation`), like the pre-check-in layout.
 */
export default async function ReservationLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const locale = await enterLocale(params);
  const [{ site }, messages] = await Promise.all([loadAppData(), getMessages()]);
  return (
    <NextIntlClientProvider locale={locale} messages={{ booking: messages.booking, validation: messages.validation, deliveryFlight: messages.deliveryFlight }}>
      <SiteHeader site={site} locale={locale} variant="compact" />
      <main id="main" className="flex-1" style={{ backgroundColor: site.reservationBackgroundColor }}>
        <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">{children}</div>
      </main>
      <SiteFooter site={site} locale={locale} />
    </NextIntlClientProvider>
  );
}
