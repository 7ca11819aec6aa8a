import type { Metadata } from 'next';
import { enterLocale } from '@/i18n';
import { isLocale } from '@/i18n/routing';
import { branchesMetadata, BranchesView } from '@/features/branches';

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
