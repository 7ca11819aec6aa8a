import 'server-only';
import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { acceptAccountInvitation, resetForgottenPassword } from '../account-actions';
import { ACCOUNT_PATHS } from '../account-routes';
import { AccountForm } from '../components/account-form';
import { FormMessages, Frame, LINK_CLASS, Notice } from './account-frame';
import { getPathname } from '@/i18n/navigation';

/** The page a reset link or an invitation opens: choose a password; the token travels in the link. */
export async function ChoosePasswordPage({ locale, token, purpose }: { locale: Locale; token: string | undefined; purpose: 'passwordReset' | 'invitation' }) {
  const t = await getTranslations({ locale, namespace: `accounts.${purpose}` });
  const login = (
    <NextLink className={LINK_CLASS} href={getPathname({ href: ACCOUNT_PATHS.login, locale })}>
      {t('login')}
    </NextLink>
  );
  if (!token) {
    return (
      <Frame title={t('title')}>
        <Notice tone="error">{t('invalid')}</Notice>
        <p className="text-sm">{login}</p>
      </Frame>
    );
  }
  const action = (purpose === 'passwordReset' ? resetForgottenPassword : acceptAccountInvitation).bind(null, token);
  return (
    <Frame title={t('title')} intro={purpose === 'invitation' ? t('intro') : undefined}>
      <FormMessages locale={locale}>
        <AccountForm
          kind="newPassword"
          action={action}
          title={t('title')}
          submitLabel={t('submit')}
          doneMessage={t('done')}
          fields={[
            { name: 'password', label: t('password'), type: 'password', autoComplete: 'new-password' },
            { name: 'passwordConfirmation', label: t('passwordConfirmation'), type: 'password', autoComplete: 'new-password' },
          ]}
        />
      </FormMessages>
      <p className="text-sm">{login}</p>
    </Frame>
  );
}
