import 'server-only';
import { getTranslations } from 'next-intl/server';
import { getPathname, redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { FocusHeading } from '../components/focus-on-mount';
import { LookupForm } from '../components/lookup-form';
import { ReservationView } from '../components/reservation-view';
import { COUNTER_PATH } from '../counter-routes';
import { loadCounterReservation } from '../loaders';
import { currentStaff } from '../staff';
import { CounterFrame } from './counter-frame';

/** `/mostrador/{number}`: one reservation at the counter, for signed-in staff (others go to the sign-in). */
export async function CounterReservationPage({ locale, number }: { locale: Locale; number: string }) {
  const outcome = await currentStaff();
  if (!outcome.ok) redirect({ href: COUNTER_PATH, locale });
  const { staff } = outcome;
  const lookup = await loadCounterReservation(number, staff);
  if (lookup.kind === 'refused') redirect({ href: COUNTER_PATH, locale });
  const t = await getTranslations({ locale, namespace: 'counter' });
  return (
    <CounterFrame locale={locale} staff={staff}>
      <p>
        <a href={getPathname({ href: COUNTER_PATH, locale })} className="font-semibold text-brand underline underline-offset-2 hover:no-underline">
          {t('reservation.back')}
        </a>
      </p>
      {lookup.kind === 'found' ? (
        <ReservationView locale={locale} reservation={lookup.reservation} />
      ) : (
        <>
          <FocusHeading className="text-2xl font-bold text-slate-900 focus:outline-none">{t('reservation.notShown')}</FocusHeading>
          <LookupForm locale={locale} typed={number.slice(0, 64)} problem={lookup.kind === 'invalid' ? 'invalid' : 'notFound'} />
        </>
      )}
    </CounterFrame>
  );
}
