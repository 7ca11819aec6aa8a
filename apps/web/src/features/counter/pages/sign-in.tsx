import 'server-only';
import { getTranslations } from 'next-intl/server';
import { AccountForm } from '@/features/accounts';
import type { Locale } from '@/i18n/routing';
import { signInStaff } from '../staff-actions';

/**
 * The counter's sign-in (email and password of a Counter staff user). `notice`: why it is shown again (`notStaff`: the
 * browser holds a session of someone who is not counter staff, a corporate agent's; `signedOut`).
 */
export async function CounterSignIn({ locale, notice }: { locale: Locale; notice?: 'notStaff' | 'signedOut' }) {
  const t = await getTranslations({ locale, namespace: 'counter.signIn' });
  return (
    <div className="mx-auto max-w-lg space-y-6 px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{t('title')}</h1>
      <p className="text-slate-700">{t('intro')}</p>
      {notice ? (
        <p role={notice === 'notStaff' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm font-medium ${notice === 'notStaff' ? 'border-red-300 bg-red-50 text-red-800' : 'border-sky-300 bg-sky-50 text-sky-900'}`}>
          {t(`notices.${notice}`)}
        </p>
      ) : null}
      <AccountForm
        kind="login"
        action={signInStaff.bind(null, locale)}
        title={t('title')}
        submitLabel={t('submit')}
        fields={[
          { name: 'email', label: t('email'), type: 'email', autoComplete: 'username' },
          { name: 'password', label: t('password'), type: 'password', autoComplete: 'current-password' },
        ]}
      />
    </div>
  );
}
