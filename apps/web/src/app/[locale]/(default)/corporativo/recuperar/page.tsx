import { enterLocale } from '@/i18n';
import { accountMetadata, PasswordRequestPage, type AccountPageProps } from '@/features/accounts';

// The corporate area reads the agent's session cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

export const generateMetadata = accountMetadata('accounts.passwordRequest');

/** /corporativo/recuperar: asks for a password reset email. */
export default async function Page({ params }: Pick<AccountPageProps, 'params'>) {
  const locale = await enterLocale(params);
  return <PasswordRequestPage locale={locale} />;
}
