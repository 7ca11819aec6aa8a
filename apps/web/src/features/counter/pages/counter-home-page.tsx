import 'server-only';
import { getTranslations } from 'next-intl/server';
import { redirect } from '@/i18n/navigation';
import type { Locale } from '@/i18n/routing';
import { DayList } from '../components/day-list';
import { LookupForm } from '../components/lookup-form';
import { QrScanner } from '../components/qr-scanner';
import { counterReservationPath } from '../counter-routes';
import { counterNumber, loadCounterDay } from '../loaders';
import { currentStaff } from '../staff';
import { CounterFrame } from './counter-frame';
import { CounterSignIn } from './sign-in';

/**
 * `/mostrador`: the sign-in, or (signed in as counter staff) the lookup by number or QR code and the day at the staff
 * member's branch. `numero`: a number typed in the lookup form, whose page it opens.
 */
export async function CounterHomePage({ locale, numero, motivo }: { locale: Locale; numero: string | undefined; motivo: string | undefined }) {
  const outcome = await currentStaff();
  if (!outcome.ok) return <CounterSignIn locale={locale} notice={outcome.status === 403 ? 'notStaff' : motivo === 'salida' ? 'signedOut' : undefined} />;
  const { staff } = outcome;
  const typed = numero?.trim().slice(0, 64);
  const number = typed ? counterNumber(typed) : null;
  if (number !== null) redirect({ href: counterReservationPath(number), locale });
  const [t, day] = await Promise.all([getTranslations({ locale, namespace: 'counter' }), loadCounterDay(staff)]);
  return (
    <CounterFrame locale={locale} staff={staff}>
      <h1 className="sr-only">{t('title')}</h1>
      <div className="grid gap-8 md:grid-cols-2">
        <LookupForm locale={locale} typed={typed || undefined} problem={typed ? 'invalid' : undefined} />
        <QrScanner />
      </div>
      {day === undefined ? (
        <p className="text-slate-700">{t(staff.admin ? 'day.adminNoBranch' : 'day.noBranch')}</p>
      ) : 'refused' in day ? (
        <p role="alert" className="text-red-800">{t('day.refused')}</p>
      ) : (
        <DayList locale={locale} day={day} />
      )}
    </CounterFrame>
  );
}
