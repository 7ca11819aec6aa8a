import type { Metadata } from 'next';
import { enterLocale } from '@/features/i18n/request-locale';
import { isLocale } from '@/i18n/routing';
import { BranchesView, branchesMetadata } from '@/features/branches/branches-view';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  return branchesMetadata(locale, {});
}

/** Every branch; `/sucursales/provincia/<province>` (provincia/[provincia]) shows one province's. */
export default async function BranchesPage({ params }: Props) {
  const locale = await enterLocale(params);
  return <BranchesView locale={locale} filter={{}} />;
}
