import { enterLocale } from '@/i18n';
import { accountMetadata, LoginPage, queryText, type AccountPageProps } from '@/features/accounts';

// The corporate area reads the agent's session cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

export const generateMetadata = accountMetadata('accounts.login');

/** /corporativo/ingresar: password login and the configured provider logins. */
export default async function Page({ params, searchParams }: AccountPageProps) {
  const locale = await enterLocale(params);
  const query = await searchParams;
  return <LoginPage locale={locale} next={queryText(query.next)} reason={queryText(query.motivo)} />;
}
