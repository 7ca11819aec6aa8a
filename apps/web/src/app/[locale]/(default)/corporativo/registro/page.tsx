import { enterLocale } from '@/i18n';
import { accountMetadata, RegisterPage, type AccountPageProps } from '@/features/accounts';

// The corporate area reads the agent's session cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

export const generateMetadata = accountMetadata('accounts.register');

/** /corporativo/registro: a new agent account, confirmed by email. */
export default async function Page({ params }: Pick<AccountPageProps, 'params'>) {
  const locale = await enterLocale(params);
  return <RegisterPage locale={locale} />;
}
