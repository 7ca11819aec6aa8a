import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/i18n/routing';

/** The counter's pages: their title, and never in a search engine. */
export async function counterMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return { robots: { index: false, follow: false } };
  const t = await getTranslations({ locale, namespace: 'counter' });
  return { title: t('title'), robots: { index: false, follow: false } };
}
