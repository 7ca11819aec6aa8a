import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { requestPasswordEmail } from '../account-actions';
import { AccountForm } from '../components/account-form';
import { FormMessages, Frame } from './account-frame';

export async function PasswordRequestPage({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'accounts.passwordRequest' });
  return (
    <Frame title={t('title')} intro={t('intro')}>
      <FormMessages locale={locale}>
        <AccountForm
          kind="passwordRequest"
          action={requestPasswordEmail.bind(null, locale)}
          title={t('title')}
          submitLabel={t('submit')}
          doneMessage={t('done')}
          fields={[{ name: 'email', label: t('email'), type: 'email', autoComplete: 'email' }]}
        />
      </FormMessages>
    </Frame>
  );
}
