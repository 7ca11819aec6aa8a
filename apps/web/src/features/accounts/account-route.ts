import 'server-only';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/i18n/routing';

/** The corporate area's pages whose title is their namespace's `title`. */
type TitledNamespace = 'accounts.home' | 'accounts.login' | 'accounts.register' | 'accounts.verify' | 'accounts.passwordRequest' | 'accounts.passwordReset' | 'accounts.invitation';

export type AccountPageProps = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** A page's `generateMetadata`: its translated title, kept out of search engines (a personal area). */
export function accountMetadata(namespace: TitledNamespace) {
  return async ({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> => {
    const { locale } = await params;
    if (!isLocale(locale)) return {};
    const t = await getTranslations({ locale, namespace });
    return { title: t('title'), robots: { index: false } };
  };
}

/** One query parameter as text (links from emails carry a token), bounded; undefined when absent or repeated. */
export function queryText(value: string | string[] | undefined): string | undefined {
  return typeof value === 'string' ? value.slice(0, 2000) : undefined;
}
