import 'server-only';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { getBranches, loadAppData } from '@/content';
import { PageHeader } from '@/components/page-header';
import { locationFormProps } from '@/features/booking';
import { BillDetails } from '@/features/pricing';
import { BookingFacts, changeRefusal, describeCancellation, reservationSummary } from '@/features/reservations';
import { formatMoney } from '@rentacar/domain/money';
import { bookingStanding, renterLockOf, type BookingStanding } from '@rentacar/domain/rentals';
import { cancellationMoney, cancellationTerms } from '@/features/payments';
import { LookupForm } from './lookup-form';
import { lookupReservation } from './manage-actions';
import { readManagedReservation } from './managed-reservation';
import { CancelReservation, ForgetReservation, ManageChange } from './manage-change';
import { DataRights } from './data-rights';
import { ReservationNoticePanel } from './reservation-notice';
import { RentalLockNotice } from './rental-lock';
import { RenterActedScope } from './manage-focus';

/**
 * What the page says of the reservation: its payment until the counter acts (a pay-at-counter one is confirmed, to pay
 * at the counter), then the rental (out, back, or a no-show).
 */
const STATUS_TEXT = {
  payAtPickup: 'status.unpaid',
  awaitingPayment: 'status.awaitingPayment',
  paid: 'status.paid',
  cancelled: 'status.cancelled',
  pickedUp: 'status.pickedUp',
  returned: 'status.returned',
  noShow: 'status.noShow',
} as const satisfies Record<BookingStanding, string>;

/** Manage booking: the lookup form, or the found reservation with its change and cancel forms and the renter's data rights. */
export async function ManageBookingPage({ locale, number }: { locale: Locale; number: string }) {
  const [t, messages, reservation] = await Promise.all([getTranslations('booking.manage'), getMessages(), readManagedReservation()]);
  const body = reservation ? (
    await ManagedReservation({ locale, reservation })
  ) : (
    <LookupForm find={lookupReservation} initialNumber={number} labels={{ title: t('title'), number: t('number'), email: t('email'), submit: t('find') }} />
  );
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <PageHeader title={t('title')} intro={t('intro')} />
      <NextIntlClientProvider locale={locale} messages={{ booking: messages.booking, validation: messages.validation }}>
        <RenterActedScope>{body}</RenterActedScope>
      </NextIntlClientProvider>
    </div>
  );
}

async function ManagedReservation({ locale, reservation }: { locale: Locale; reservation: NonNullable<Awaited<ReturnType<typeof readManagedReservation>>> }) {
  const [t, summary, { site, fleet }, branches] = await Promise.all([getTranslations('booking.manage'), reservationSummary(reservation, locale), loadAppData(), getBranches(locale)]);
  const car = fleet.cars.find((candidate) => candidate.id === reservation.carId);
  const changeable = changeRefusal(reservation) === undefined;
  // Once the counter has acted on it, the page says why there is nothing to change rather than leaving it out.
  const lock = renterLockOf(reservation.rentalStatus);
  const cancelled = reservation.status === 'cancelled';
  const [terms, refund] = await Promise.all([cancellationTerms(reservation), cancelled ? cancellationMoney(reservation) : undefined]);
  return (
    <div className="space-y-8" data-testid="managed-reservation">
      <div className="space-y-1">
        <p className="font-mono text-2xl font-bold text-slate-900" data-testid="reservation-number">{reservation.number}</p>
        <p className="font-semibold text-slate-800" data-testid="reservation-status">{t(STATUS_TEXT[bookingStanding(reservation)])}</p>
      </div>
      {refund ? (
        <ReservationNoticePanel
          notice={describeCancellation(refund, locale, site.refundBusinessDays, reservation.notifiedRevision !== undefined && reservation.notifiedRevision >= reservation.revision)}
          testId="cancellation-refund"
        />
      ) : null}
      <div className="grid gap-8 md:grid-cols-2">
        <BookingFacts
          facts={{ carName: summary.car.name, carImageUrl: car?.imageUrl, pickupBranch: summary.pickup.branchName, returnBranch: summary.return.branchName, pickupAt: summary.pickup.at, returnAt: summary.return.at, days: summary.days, coverageName: summary.coverageName }}
          locale={locale}
        />
        {/* A cancelled booking is owed nothing: its refund, above, replaces the bill of a rental that will not happen. */}
        {cancelled ? null : (
          <BillDetails lines={summary.lines} total={summary.total} locale={locale} dueAtCounter={reservation.reservationType === 'postpaid' && reservation.status === 'unpaid'} />
        )}
      </div>
      {changeable ? (
        <>
          <section className="rounded-2xl border border-slate-200 bg-white p-5">
            <ManageChange
              locale={locale}
              {...(await locationFormProps(site, car, branches, locale, { pickupBranch: reservation.pickupBranchId, returnBranch: reservation.returnBranchId, pickupAt: reservation.pickupAt, returnAt: reservation.returnAt }))}
            />
          </section>
          <section aria-labelledby="cancel-title" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
            <h2 id="cancel-title" className="text-xl font-bold text-slate-900">{t('cancelTitle')}</h2>
            {terms.held === 0 ? (
              <p className="text-sm text-slate-700">{t('cancelNote')}</p>
            ) : (
              <div className="space-y-1 text-sm text-slate-700" data-testid="cancel-refund">
                <p className="font-semibold text-slate-900">
                  {t(terms.refund.kind === 'full' ? 'refundFull' : terms.refund.kind === 'partial' ? 'refundPartial' : 'refundNone', { amount: formatMoney(terms.refund.amount, locale), paid: formatMoney(terms.held, locale) })}
                </p>
                <p>{t('refundRule', { hours: site.cancellationRule.fullRefundHours, days: site.cancellationRule.lateFeeDays })}</p>
              </div>
            )}
            <CancelReservation />
          </section>
        </>
      ) : lock ? (
        <RentalLockNotice lock={lock} />
      ) : null}
      <DataRights locale={locale} />
      <ForgetReservation />
    </div>
  );
}
