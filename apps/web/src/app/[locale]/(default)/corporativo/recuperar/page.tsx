import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/i18n/routing';
import { enterLocale } from '@/features/i18n/request-locale';
import { PasswordRequestPage } from '@/features/accounts/account-pages';

type Props = { params: Promise<{ locale: string }> };

// The corporate area reads the agent's session cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'accounts.passwordRequest' });
  return { title: t('title'), robots: { index: false } };
}

/** /corporativo/recuperar: asks for a password reset email. */
export default async function Page({ params }: Props) {
  const locale = await enterLocale(params);
  return <PasswordRequestPage locale={locale} />;
}
