import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/i18n/routing';
import { pageAlternates } from './alternates';

/** Title and description from a catalogue namespace's `title` and `intro`, with canonical and hreflang links. */
export async function catalogueMetadata(
  params: Promise<{ locale: string }>,
  namespace: 'fleet' | 'promos' | 'jobs' | 'branches',
  path: string,
): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace });
  return { title: t('title'), description: t('intro'), alternates: pageAlternates(locale, path) };
}
