import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { loadAppData } from '@/content';
import { enterLocale } from '@/i18n';
import { isLocale } from '@/i18n/routing';
import { bookAtBranchMetadata, BookAtBranchView } from '@/features/branches';
import { driverAgeOptions } from '@/features/fleet';

type Props = { params: Promise<{ locale: string; sucursal: string }> };

// Each branch's page is rendered on its first visit and cached (ISR) like every page; none at build time, which needs
// no content service.
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, sucursal } = await params;
  if (!isLocale(locale)) return {};
  return bookAtBranchMetadata(locale, sucursal);
}

/** A branch's "Book here": the search form with the pickup at that branch. */
export default async function BookAtBranchPage({ params }: Props) {
  const locale = await enterLocale(params);
  const [{ site }, t] = await Promise.all([loadAppData(), getTranslations('fleetSearch')]);
  const driverAge = { label: t('driverAge'), hint: t('driverAgeHint'), ...driverAgeOptions(site, t, locale) };
  return <BookAtBranchView locale={locale} segment={(await params).sucursal} driverAge={driverAge} />;
}
