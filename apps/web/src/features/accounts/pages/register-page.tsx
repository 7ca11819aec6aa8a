import 'server-only';
import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { MINIMUM_PASSWORD_LENGTH } from '@rentacar/domain/accounts';
import type { Locale } from '@/i18n/routing';
import { registerAccount } from '../account-actions';
import { ACCOUNT_PATHS } from '../account-routes';
import { AccountForm } from '../components/account-form';
import { FormMessages, Frame, LINK_CLASS } from './account-frame';
import { getPathname } from '@/i18n/navigation';

export async function RegisterPage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'accounts.register' });
  return (
    <Frame title={t('title')} intro={t('intro')}>
      <FormMessages locale={locale}>
        <AccountForm
          kind="registration"
          action={registerAccount.bind(null, locale)}
          title={t('title')}
          submitLabel={t('submit')}
          doneMessage={t('done')}
          fields={[
            { name: 'firstName', label: t('firstName'), type: 'text', autoComplete: 'given-name' },
            { name: 'lastName', label: t('lastName'), type: 'text', autoComplete: 'family-name' },
            { name: 'email', label: t('email'), type: 'email', autoComplete: 'email' },
            { name: 'password', label: t('password'), type: 'password', autoComplete: 'new-password', hint: t('passwordHint', { minimum: MINIMUM_PASSWORD_LENGTH }) },
            { name: 'passwordConfirmation', label: t('passwordConfirmation'), type: 'password', autoComplete: 'new-password' },
          ]}
        />
      </FormMessages>
      <p className="text-sm">
        <NextLink className={LINK_CLASS} href={getPathname({ href: ACCOUNT_PATHS.login, locale })}>
          {t('login')}
        </NextLink>
      </p>
    </Frame>
  );
}
