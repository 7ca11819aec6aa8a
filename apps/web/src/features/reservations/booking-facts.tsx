import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@rentacar/domain/money';
import type { Locale } from '@/i18n/routing';
import { formatPanamaDateTimeForRenter, Link } from '@/i18n';
import type { ReservationSummary } from './reservation-summary';
import type { LabelledLine } from '@rentacar/domain/quote';
import type { ReactNode } from 'react';
import { BillView } from '../pricing/bill-view';
import { stepPath } from '../booking/booking-routes';
import { billLinesOf } from '../pricing/bill-lines';

export type SummaryFacts = {
  carName: string;
  carImageUrl: string | undefined;
  pickupBranch: string;
  returnBranch: string;
  pickupAt: string;
  returnAt: string;
  days: number;
  coverageName: string | undefined;
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
  };
}

/** The bill: every line of the quote, the airport tax line among them, and the all-in total. */
export function BillDetails({ lines, total, locale, dueAtCounter = false }: { lines: readonly LabelledLine[]; total: number; locale: Locale; dueAtCounter?: boolean }) {
  return <BillView lines={billLinesOf(lines, locale)} total={formatMoney(total, locale)} dueAtCounter={dueAtCounter} />;
}

/** What the renter is booking, with a way back to change the dates. */
export async function BookingFacts({ facts, locale, editable = true, coverage }: { facts: SummaryFacts; locale: Locale; editable?: boolean; coverage?: ReactNode }) {
  const t = await getTranslations('booking.summary');
  const tb = await getTranslations('booking.bill');
  return (
    <section aria-labelledby="summary-title" className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 id="summary-title" className="text-lg font-bold text-slate-900">
          {t('title')}
        </h2>
        {editable ? (
          <Link href={stepPath('location')} className="text-sm font-semibold text-brand underline underline-offset-4">
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
      </dl>
      <p className="text-sm text-slate-700" data-testid="summary-days">{tb('days', { count: facts.days })}</p>
    </section>
  );
}
