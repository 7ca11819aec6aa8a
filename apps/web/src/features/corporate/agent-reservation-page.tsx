import 'server-only';
import NextLink from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { bookingStanding } from '@rentacar/domain/rentals';
import type { Locale } from '@/i18n/routing';
import { ACCOUNT_PATHS, Frame, LINK_CLASS, requireAgent } from '@/features/accounts';
import { BillDetails } from '@/features/pricing';
import { BookingFacts, factsOfSummary, reservationSummary } from '@/features/reservations';
import { companyReservation } from './agent-reservations';
import { getPathname } from '@/i18n/navigation';

/** One of the company's reservations; any other (another company's, a retail one, an unknown number) is a 404. */
export async function AgentReservationPage({ locale, reference }: { locale: Locale; reference: string }) {
  const agent = await requireAgent(locale, `${ACCOUNT_PATHS.reservations}/${reference}`);
  const reservation = agent.company ? await companyReservation(reference) : undefined;
  if (!reservation) notFound();
  const [t, status, summary] = await Promise.all([
    getTranslations({ locale, namespace: 'accounts.reservation' }),
    getTranslations({ locale, namespace: 'accounts.status' }),
    reservationSummary(reservation, locale),
  ]);
  return (
    <Frame title={t('title', { number: reservation.number })}>
      <p>
        <NextLink className={LINK_CLASS} href={getPathname({ href: ACCOUNT_PATHS.home, locale })}>
          {t('back')}
        </NextLink>
      </p>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">{t('renter')}</dt>
          <dd className="font-semibold text-slate-900">{`${reservation.client.firstName} ${reservation.client.lastName}`}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{t('status')}</dt>
          <dd className="font-semibold text-slate-900" data-testid="reservation-status">
            {status(bookingStanding(reservation))}
          </dd>
        </div>
      </dl>
      <div className="grid gap-8 md:grid-cols-2">
        <BookingFacts facts={factsOfSummary(summary)} locale={locale} />
        <BillDetails lines={summary.lines} total={summary.total} locale={locale} />
      </div>
    </Frame>
  );
}
