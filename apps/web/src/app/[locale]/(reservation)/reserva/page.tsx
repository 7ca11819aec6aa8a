import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { isLocale } from '@/i18n/routing';
import { enforceGuards } from '@/features/guards/enforce-guards';
import { ReservationDetails } from '@/features/booking/reservation-details';

// Guards read the renter's cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'reservation' });
  return { title: t('title'), robots: { index: false } };
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  await enforceGuards(['check-reservation-details'], 'reservation-details');
  return <ReservationDetails />;
}
