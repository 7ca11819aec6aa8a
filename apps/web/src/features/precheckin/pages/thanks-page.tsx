import 'server-only';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { loadAppData } from '@/content';
import { Link } from '@/i18n';
import { buttonClass } from '@/shared/forms';
import { MANAGE_BOOKING_PATH, reservationSummary } from '@/features/reservations';
import { counterCodeSvg } from '../counter-code';
import { precheckinState } from '../precheckin-flow';
import { PRECHECKIN_PATHS } from '../precheckin-paths';
import { pageLocale, PrecheckinProgress, ReservationFacts, sessionReservationOrNotFound } from './precheckin-parts';
import { redirect } from '@/i18n/navigation';

export async function PrecheckinThanks() {
  const [locale, t, { site }] = await Promise.all([pageLocale(), getTranslations('precheckin'), loadAppData()]);
  if (!site.precheckinEnabled) notFound();
  const reservation = await sessionReservationOrNotFound();
  const state = await precheckinState(reservation);
  if (state.precheckin?.status !== 'paid') redirect({ href: state.precheckin?.details ? PRECHECKIN_PATHS.checkout : PRECHECKIN_PATHS.verify, locale });
  const [summary, code] = await Promise.all([reservationSummary(reservation, locale), counterCodeSvg(reservation.number)]);
  const email = state.precheckin.preferences.email ?? reservation.client.email;
  return (
    <div className="space-y-8">
      <PrecheckinProgress current={3} />
      <header className="space-y-3 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{t('thanksTitle')}</h1>
        <p className="text-slate-700">{t('thanks.intro', { name: summary.client.firstName })}</p>
      </header>
      <figure className="mx-auto flex max-w-xs flex-col items-center gap-3 rounded-2xl border-2 border-slate-900 bg-white p-5">
        {/* The code is drawn on the server from the reservation number alone (no markup of the renter's). */}
        <div className="w-56" role="img" aria-label={t('thanks.codeLabel', { number: reservation.number })} data-testid="counter-code" dangerouslySetInnerHTML={{ __html: code }} />
        <figcaption className="text-center">
          <span className="block text-sm font-semibold tracking-wide text-slate-600 uppercase">{t('thanks.number')}</span>
          <span className="font-mono text-3xl font-bold text-slate-900" data-testid="reservation-number">
            {reservation.number}
          </span>
        </figcaption>
      </figure>
      <p className="text-center text-slate-700">{t('thanks.counter')}</p>
      <p className="text-center text-sm text-slate-700">{t('thanks.emailSent', { email })}</p>
      <ReservationFacts reservation={reservation} locale={locale} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <Link href={PRECHECKIN_PATHS.preferences} className={buttonClass('secondary')}>
          {t('preferencesLink')}
        </Link>
        <Link href={`${MANAGE_BOOKING_PATH}?numero=${encodeURIComponent(reservation.number)}`} className={buttonClass('secondary')}>
          {t('thanks.manage')}
        </Link>
      </div>
    </div>
  );
}

/** /precheckin/preferences: contact and language preferences of the reservation in the session (found first). */
