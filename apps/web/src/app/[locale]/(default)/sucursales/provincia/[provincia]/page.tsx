import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { enterLocale } from '@/i18n';
import { isLocale } from '@/i18n/routing';
import { branchesMetadata, BranchesView, provinceFromParam } from '@/features/branches';

type Props = { params: Promise<{ locale: string; provincia: string }> };

// Each province's page is rendered on its first visit and cached (ISR) like every page; none at build time, which
// needs no content service.
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, provincia } = await params;
  const province = provinceFromParam(provincia);
  if (!isLocale(locale) || !province) return {};
  return branchesMetadata(locale, { province });
}

export default async function ProvinceBranchesPage({ params }: Props) {
  const locale = await enterLocale(params);
  const province = provinceFromParam((await params).provincia);
  // A value no province name could slugify to (`%%`) is an unknown page; a well-formed one without branches is shown
  // by the view as every branch, with a note.
  if (!province) notFound();
  return <BranchesView locale={locale} filter={{ province }} />;
}
