import 'server-only';
import NextLink from 'next/link';
import { getTranslations } from 'next-intl/server';
import { verifyRegistration } from '@/content';
import type { Locale } from '@/i18n/routing';
import { buttonClass } from '@/shared/forms';
import { ACCOUNT_PATHS } from '../account-routes';
import { Frame, Notice } from './account-frame';
import { getPathname } from '@/i18n/navigation';

export async function VerifyPage({ locale, token }: { locale: Locale; token: string | undefined }) {
  const t = await getTranslations({ locale, namespace: 'accounts.verify' });
  const verified = token ? await verifyRegistration(token).catch(() => false) : false;
  return (
    <Frame title={t('title')}>
      <Notice tone={verified ? 'success' : 'error'}>{verified ? t('ok') : t('failed')}</Notice>
      <NextLink className={buttonClass('primary')} href={getPathname({ href: ACCOUNT_PATHS.login, locale })}>
        {t('login')}
      </NextLink>
    </Frame>
  );
}
