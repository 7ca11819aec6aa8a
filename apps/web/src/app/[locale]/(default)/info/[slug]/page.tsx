import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { enterLocale } from '@/i18n';
import { isLocale } from '@/i18n/routing';
import { getInfoPage, InfoPageView } from '@/features/info';
import { pageAlternates } from '@/shared/seo';

type Props = { params: Promise<{ locale: string; slug: string }> };

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, slug } = await params;
  if (!isLocale(locale)) return {};
  const page = await getInfoPage(slug);
  if (!page) return {};
  return { title: page.text[locale].title, alternates: pageAlternates(locale, `/info/${page.slug}`) };
}

export default async function InfoPageRoute({ params }: Props) {
  const locale = await enterLocale(params);
  const { slug } = await params;
  const page = await getInfoPage(slug);
  // A missing slug is a fatal 404; this segment's not-found screen says 'Pagina no encontrada'.
  if (!page) notFound();
  return <InfoPageView page={page} locale={locale} />;
}
