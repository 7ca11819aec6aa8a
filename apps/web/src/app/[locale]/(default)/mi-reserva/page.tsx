import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/i18n/routing';
import { enterLocale } from '@/i18n';
import { ManageBookingPage } from '@/features/manage-booking';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Reads the renter's cookie and shows their reservation: rendered per request, never cached.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'booking.manage' });
  return { title: t('title'), robots: { index: false } };
}

/** /mi-reserva (manage booking); `?numero=` prefills the number, as the confirmation email's link does. */
export default async function Page({ params, searchParams }: Props) {
  const locale = await enterLocale(params);
  const { numero } = await searchParams;
  return <ManageBookingPage locale={locale} number={typeof numero === 'string' ? numero.slice(0, 20) : ''} />;
}
