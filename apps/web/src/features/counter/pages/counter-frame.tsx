import 'server-only';
import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { buttonClass } from '@/shared/forms';
import type { Locale } from '@/i18n/routing';
import { signOutStaff } from '../staff-actions';
import type { CounterStaff } from '../staff';
import { counterBranchNames } from '../branch-names';
import { FleetLink } from '../components/fleet-link';

/** The counter's pages: who is signed in and at which branch, the sign-out, then the page. */
export async function CounterFrame({ locale, staff, children }: { locale: Locale; staff: CounterStaff; children: ReactNode }) {
  const t = await getTranslations({ locale, namespace: 'counter' });
  const branchName = await counterBranchNames(locale);
  const where = branchName(staff.branch) ?? (staff.admin ? t('header.admin') : t('header.noBranch'));
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-6">
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-slate-200 pb-4">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t('title')}</p>
          <p className="text-lg font-semibold text-slate-900" data-testid="counter-staff">
            {t('header.signedIn', { name: staff.name, branch: where })}
          </p>
          <FleetLink locale={locale} />
        </div>
        <form action={signOutStaff.bind(null, locale)}>
          <button type="submit" className={buttonClass('secondary')}>
            {t('header.signOut')}
          </button>
        </form>
      </header>
      {children}
    </div>
  );
}
