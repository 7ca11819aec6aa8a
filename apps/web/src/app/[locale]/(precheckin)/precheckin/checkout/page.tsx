import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { isLocale } from '@/i18n/routing';
import { enforceGuards } from '@/features/guards/enforce-guards';
import { PrecheckinCheckout } from '@/features/precheckin/precheckin-checkout';

// Guards read the renter's cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'precheckin' });
  return { title: t('checkoutTitle'), robots: { index: false } };
}

export default async function Page({ params }: Props) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  await enforceGuards(['check-precheckin-data', 'prevent-direct-access'], 'precheckin-checkout');
  return <PrecheckinCheckout />;
}
