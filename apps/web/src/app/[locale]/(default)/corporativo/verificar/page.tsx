import { enterLocale } from '@/i18n';
import { accountMetadata, queryText, VerifyPage, type AccountPageProps } from '@/features/accounts';

// The corporate area reads the agent's session cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

export const generateMetadata = accountMetadata('accounts.verify');

/** /corporativo/verificar?token=: the registration email's link. */
export default async function Page({ params, searchParams }: AccountPageProps) {
  const locale = await enterLocale(params);
  const query = await searchParams;
  return <VerifyPage locale={locale} token={queryText(query.token)} />;
}
