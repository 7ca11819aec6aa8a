import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/i18n/routing';
import { enterLocale } from '@/features/i18n/request-locale';
import { ChoosePasswordPage } from '@/features/accounts/account-pages';

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// The corporate area reads the agent's session cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'accounts.invitation' });
  return { title: t('title'), robots: { index: false } };
}

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value.slice(0, 2000) : undefined);

/** /corporativo/invitacion?token=: an invitation's link. */
export default async function Page({ params, searchParams }: Props) {
  const locale = await enterLocale(params);
  const query = await searchParams;
  return <ChoosePasswordPage locale={locale} token={text(query.token)} purpose="invitation" />;
}
