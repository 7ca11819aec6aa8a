import 'server-only';
import { notFound } from 'next/navigation';
import { getLocale, getTranslations } from 'next-intl/server';
import { localeOrDefault } from '@/i18n/routing';
import { buttonClass } from '@/shared/forms';
import { Link } from '@/i18n';
import { readBookingDraft } from './booking-draft';
import { BillDetails } from '@/features/pricing';
import { BookingFacts, factsOfSummary, MANAGE_BOOKING_PATH, reservationSummary } from '@/features/reservations';
import { readReservationById } from '@/content';
import { CircleCheck } from 'lucide-react';
import { NextSteps } from './next-steps';

export const CALENDAR_DOWNLOAD_PATH = '/api/booking/calendar';

/** /reserva/thanks: greets the renter by name with the reservation number, the next steps, the summary and the calendar file. */
export async function ReservationThanks() {
  const requested = await getLocale();
  const locale = localeOrDefault(requested);
  const draft = await readBookingDraft();
  const saved = draft?.data.reservation ? await readReservationById(draft.data.reservation.id) : undefined;
  if (!saved) notFound();
  const [summary, t] = await Promise.all([reservationSummary(saved, locale), getTranslations('booking.thanks')]);
  return (
    <div className="space-y-8">
      <header className="space-y-2 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{t('greeting', { name: summary.client.firstName })}</h1>
        <p className="text-slate-700">{t('intro')}</p>
        <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{t('number')}</p>
        <p className="font-mono text-3xl font-bold text-slate-900" data-testid="reservation-number">
          {summary.reservationNumber}
        </p>
        {saved.status === 'paid' ? (
          <p className="inline-flex items-center gap-2 rounded-full border border-emerald-300 bg-emerald-50 px-3 py-1 font-semibold text-emerald-900" data-testid="payment-status">
            <CircleCheck aria-hidden="true" className="size-5 text-emerald-700" />
            {saved.paymentType === 'paypal' ? t('paidPayPal') : t('paidCard')}
          </p>
        ) : null}
        <p className="text-sm text-slate-700">{t('emailSent', { email: summary.client.email })}</p>
      </header>
      <NextSteps summary={summary} />
      <BookingFacts facts={factsOfSummary(summary)} locale={locale} />
      <BillDetails lines={summary.lines} total={summary.total} locale={locale} dueAtCounter={saved.reservationType === 'postpaid' && saved.status === 'unpaid'} />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <a href={CALENDAR_DOWNLOAD_PATH} download className={buttonClass('primary')} data-testid="calendar-download">
          {t('calendar')}
        </a>
        <Link href={MANAGE_BOOKING_PATH} className={buttonClass('secondary')}>
          {t('manage')}
        </Link>
        <Link href="/flota" className={buttonClass('ghost')}>
          {t('newBooking')}
        </Link>
      </div>
    </div>
  );
}
