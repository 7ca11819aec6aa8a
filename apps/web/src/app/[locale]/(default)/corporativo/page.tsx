import { enterLocale } from '@/i18n';
import { AgentHomePage } from '@/features/corporate';
import { accountMetadata, type AccountPageProps } from '@/features/accounts';

// The corporate area reads the agent's session cookies: rendered per request, never cached.
export const dynamic = 'force-dynamic';

export const generateMetadata = accountMetadata('accounts.home');

/** /corporativo: the signed-in agent, their company and its reservations. */
export default async function Page({ params }: Pick<AccountPageProps, 'params'>) {
  const locale = await enterLocale(params);
  return <AgentHomePage locale={locale} />;
}
