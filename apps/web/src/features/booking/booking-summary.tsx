import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@rentacar/domain/money';
import type { Locale } from '@/i18n/routing';
import { formatPanamaDateTimeForRenter, Link } from '@/features/i18n';
import type { ReservationSummary } from './reservation-summary';
import type { LabelledLine } from '@rentacar/domain/quote';
import { stepPath } from './booking-routes';

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
export async function BillDetails({ lines, total, locale, dueAtCounter = false }: { lines: readonly LabelledLine[]; total: number; locale: Locale; dueAtCounter?: boolean }) {
  const t = await getTranslations('booking.bill');
  return (
    <section aria-labelledby="bill-title" className="space-y-3" data-testid="bill">
      <h2 id="bill-title" className="text-lg font-bold text-slate-900">
        {t('title')}
      </h2>
      <dl className="space-y-1.5 text-sm">
        {lines.map((line) => (
          <div key={line.code} className="flex justify-between gap-4" data-line={line.code}>
            <dt className="text-slate-700">{line.label}</dt>
            <dd className={`shrink-0 tabular-nums ${line.amount < 0 ? 'font-semibold text-emerald-800' : 'text-slate-900'}`}>{formatMoney(line.amount, locale)}</dd>
          </div>
        ))}
      </dl>
      <div className="flex items-baseline justify-between border-t border-slate-200 pt-3">
        <span className="font-bold text-slate-900">{dueAtCounter ? t('dueAtCounter') : t('total')}</span>
        <span className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="bill-total">
          {formatMoney(total, locale)}
        </span>
      </div>
      <p className="text-xs text-slate-600">{t('totalNote')}</p>
    </section>
  );
}

/** What the renter is booking, with a way back to change the dates. */
export async function BookingFacts({ facts, locale, editable = true }: { facts: SummaryFacts; locale: Locale; editable?: boolean }) {
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
        {facts.coverageName ? (
          <div>
            <dt className="font-semibold text-slate-600">{t('coverage')}</dt>
            <dd className="text-slate-900">{facts.coverageName}</dd>
          </div>
        ) : null}
      </dl>
      <p className="text-sm text-slate-700" data-testid="summary-days">{tb('days', { count: facts.days })}</p>
    </section>
  );
}
