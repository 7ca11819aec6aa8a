import 'server-only';
import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { loadAppData } from '@/content';
import { serverEnv } from '@/lib/env';
import { buttonClass } from '@/shared/forms';
import { logIn } from '../account-actions';
import { ACCOUNT_PATHS, safeNextPath } from '../account-routes';
import { AccountForm } from '../components/account-form';
import { currentAgent } from '../session';
import { FormMessages, Frame, LINK_CLASS, Notice } from './account-frame';
import { getPathname, redirect } from '@/i18n/navigation';

/** The address a provider login returns to: this site's own page, which the content service's allow-list names. */
function providerLoginUrl(provider: string, locale: Locale): string {
  const env = serverEnv();
  const url = new URL(`${env.directusPublicUrl}/auth/login/${encodeURIComponent(provider)}`);
  url.searchParams.set('redirect', `${env.siteUrl}${getPathname({ href: ACCOUNT_PATHS.providerReturn, locale })}`);
  return url.toString();
}

export async function LoginPage({ locale, next, reason }: { locale: Locale; next: string | undefined; reason: string | undefined }) {
  if (await currentAgent()) redirect({ href: safeNextPath(next), locale });
  const t = await getTranslations({ locale, namespace: 'accounts.login' });
  const providers = serverEnv().accounts.loginProviders;
  const { site } = await loadAppData();
  // Staff name each provider in each language (site config): the Spanish name where English is empty, else the id.
  const providerLabel = (provider: string) => site.loginProviderLabels[locale][provider] ?? site.loginProviderLabels.es[provider] ?? provider;
  const notices = {
    expired: t('expired'),
    logout: t('loggedOut'),
    'logout-everywhere': t('loggedOutEverywhere'),
    'logout-everywhere-failed': t('loggedOutEverywhereFailed'),
    provider: t('providerFailed'),
  };
  const notice = reason !== undefined && Object.hasOwn(notices, reason) ? notices[reason as keyof typeof notices] : undefined;
  const failure = reason === 'provider' || reason === 'logout-everywhere-failed';
  return (
    <Frame title={t('title')} intro={t('intro')}>
      {notice ? <Notice tone={failure ? 'error' : 'info'}>{notice}</Notice> : null}
      <FormMessages locale={locale}>
        <AccountForm
          kind="login"
          action={logIn.bind(null, locale, safeNextPath(next))}
          title={t('title')}
          submitLabel={t('submit')}
          fields={[
            { name: 'email', label: t('email'), type: 'email', autoComplete: 'username' },
            { name: 'password', label: t('password'), type: 'password', autoComplete: 'current-password' },
          ]}
        />
      </FormMessages>
      <p className="space-x-4 text-sm">
        <NextLink className={LINK_CLASS} href={getPathname({ href: ACCOUNT_PATHS.passwordRequest, locale })}>
          {t('forgot')}
        </NextLink>
      </p>
      <p className="text-sm">
        <NextLink className={LINK_CLASS} href={getPathname({ href: ACCOUNT_PATHS.register, locale })}>
          {t('register')}
        </NextLink>
      </p>
      {providers.length > 0 ? (
        <section aria-labelledby="providers-title" className="space-y-3 border-t border-slate-200 pt-6">
          <h2 id="providers-title" className="text-lg font-semibold text-slate-900">
            {t('providers')}
          </h2>
          <ul className="flex flex-wrap gap-3">
            {providers.map((provider) => (
              <li key={provider}>
                {/* A plain link: the content service takes over, then sends the browser back to /corporativo/sso. */}
                <a className={buttonClass('secondary')} href={providerLoginUrl(provider, locale)}>
                  {t('providerButton', { provider: providerLabel(provider) })}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Frame>
  );
}
