import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { formatPanamaDateTimeForRenter, Link } from '@/i18n';
import type { ReservationSummary } from './reservation-summary';
import type { ReactNode } from 'react';

export type SummaryFacts = {
  carName: string;
  carImageUrl: string | undefined;
  pickupBranch: string;
  returnBranch: string;
  pickupAt: string;
  returnAt: string;
  days: number;
  coverageName: string | undefined;
  /** The arrival flight a meet & greet waits for, once booked with one. */
  flightNumber?: string | undefined;
};

/** The facts of a saved reservation's summary (thanks pages, pre-check-in). */
export function factsOfSummary(summary: ReservationSummary): SummaryFacts {
  return {
    carName: summary.car.name,
    carImageUrl: undefined,
    pickupBranch: summary.pickup.branchName,
    returnBranch: summary.return.branchName,
    pickupAt: summary.pickup.at,
    returnAt: summary.return.at,
    days: summary.days,
    coverageName: summary.coverageName,
    flightNumber: summary.flightNumber,
  };
}

/**
 * What the renter is booking or booked: car, branches and dates, coverage, days. `changeHref`: a way back to change
 * the dates (the booking flow's first step), none on a saved reservation's pages.
 */
export async function BookingFacts({ facts, locale, changeHref, coverage }: { facts: SummaryFacts; locale: Locale; changeHref?: string | undefined; coverage?: ReactNode }) {
  const t = await getTranslations('booking.summary');
  const tb = await getTranslations('booking.bill');
  const flight = await getTranslations('deliveryFlight');
  return (
    <section aria-labelledby="summary-title" className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 id="summary-title" className="text-lg font-bold text-slate-900">
          {t('title')}
        </h2>
        {changeHref ? (
          <Link href={changeHref} className="text-sm font-semibold text-brand underline underline-offset-4">
            {t('change')}
          </Link>
        ) : null}
      </div>
      {facts.carImageUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- small SVG illustration served by the content service
        <img src={facts.carImageUrl} alt="" width={320} height={180} className="mx-auto aspect-[16/9] w-full max-w-[14rem] object-contain" />
      ) : null}
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="font-semibold text-slate-600">{t('car')}</dt>
          <dd className="text-slate-900" data-testid="summary-car">{facts.carName}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">{t('pickup')}</dt>
          <dd className="text-slate-900">{t('atBranch', { date: formatPanamaDateTimeForRenter(facts.pickupAt, locale), branch: facts.pickupBranch })}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">{t('return')}</dt>
          <dd className="text-slate-900">{t('atBranch', { date: formatPanamaDateTimeForRenter(facts.returnAt, locale), branch: facts.returnBranch })}</dd>
        </div>
        {coverage ?? (facts.coverageName ? (
          <div>
            <dt className="font-semibold text-slate-600">{t('coverage')}</dt>
            <dd className="text-slate-900" data-testid="summary-coverage">{facts.coverageName}</dd>
          </div>
        ) : null)}
        {facts.flightNumber ? (
          <div>
            <dt className="font-semibold text-slate-600">{flight('arrivalFlight')}</dt>
            <dd className="text-slate-900" data-testid="summary-flight">{facts.flightNumber}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-sm text-slate-700" data-testid="summary-days">{tb('days', { count: facts.days })}</p>
    </section>
  );
}
