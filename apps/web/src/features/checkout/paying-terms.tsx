import 'server-only';
import { getTranslations } from 'next-intl/server';
import { formatPanamaDateTime, parsePanamaDateTime } from '@rentacar/domain/dates';
import { formatMoney, type Cents } from '@rentacar/domain/money';
import { cancellationTerms, carDailyRateOf } from '@rentacar/domain/payments';
import { coverageDeposit } from '@rentacar/domain/quote';
import type { PricedBooking } from '@/features/pricing';
import { formatPanamaDateTimeForRenter } from '@/i18n/format-date';
import type { Locale } from '@/i18n/routing';

export type PaidHow = 'now' | 'atCounter';

/** What the renter agrees to by paying or confirming: the cancellation terms of the way chosen and the deposit. */
type Terms = {
  total: string;
  /** Prepaid: free until a moment in Panama (undefined: it has passed), then the fee; at the counter: free until pickup. */
  cancellation: { paidHow: 'atCounter' } | { paidHow: 'now'; freeUntil: string | undefined; lateFee: string; lateFeeCents: Cents; fullRefundHours: number };
  /** Undefined when the coverage asks for none. */
  deposit: string | undefined;
};

/**
 * The terms of the priced booking paid `paidHow`, at `now`: the brand's cancellation rule and the coverage's deposit
 * for the car's body type, each from the domain (the rule manage booking refunds by), formatted for the renter.
 */
function termsOf(booking: PricedBooking, paidHow: PaidHow, locale: Locale, now: Date): Terms {
  const { quote, coverage, car, site, selection } = booking;
  const deposit = coverageDeposit(coverage, car.type);
  const pickup = parsePanamaDateTime(selection.pickupAt) ?? now;
  const base = { total: formatMoney(quote.total, locale), deposit: deposit > 0 ? formatMoney(deposit, locale) : undefined };
  if (paidHow === 'atCounter') return { ...base, cancellation: { paidHow } };
  const terms = cancellationTerms(quote.total, pickup, now, site.cancellationRule, carDailyRateOf(quote.carTotal, quote.days));
  return {
    ...base,
    cancellation: {
      paidHow,
      freeUntil: terms.freeUntil ? formatPanamaDateTimeForRenter(formatPanamaDateTime(terms.freeUntil), locale) : undefined,
      lateFee: formatMoney(terms.lateFee, locale),
      lateFeeCents: terms.lateFee,
      fullRefundHours: site.cancellationRule.fullRefundHours,
    },
  };
}

/** The cancellation terms in words: whole beside the button and in the bill, short in the glance above the page. */
async function cancellationText(terms: Terms, locale: Locale, length: 'whole' | 'short' = 'whole'): Promise<string> {
  const t = await getTranslations({ locale, namespace: 'payingTerms' });
  const cancellation = terms.cancellation;
  const short = length === 'short';
  if (cancellation.paidHow === 'atCounter') return t(short ? 'glanceAtCounter' : 'cancelAtCounter');
  if (cancellation.lateFeeCents === 0) return t('cancelFreeUntilPickup');
  if (cancellation.freeUntil) return short ? t('glanceFreeUntil', { date: cancellation.freeUntil }) : t('cancelPrepaid', { date: cancellation.freeUntil, fee: cancellation.lateFee });
  return short ? t('glanceLateFee', { fee: cancellation.lateFee }) : t('cancelPrepaidLate', { fee: cancellation.lateFee, hours: cancellation.fullRefundHours });
}

/**
 * Beside the pay (or confirm) button: the total, the cancellation terms of the way chosen, the deposit and the card it
 * needs, short enough to sit with the button on one phone screen.
 */
export async function PayingTerms({ booking, paidHow, locale, now = new Date() }: { booking: PricedBooking; paidHow: PaidHow; locale: Locale; now?: Date }) {
  const t = await getTranslations({ locale, namespace: 'payingTerms' });
  const terms = termsOf(booking, paidHow, locale, now);
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800" data-testid="paying-terms">
      <p className="flex items-baseline justify-between gap-4 text-base text-slate-900" data-testid="paying-terms-total">
        <span className="font-bold">{paidHow === 'now' ? t('payNow') : t('payAtPickup')}</span>
        <span className="text-lg font-bold tabular-nums">{terms.total}</span>
      </p>
      <ul className="list-disc space-y-1 pl-5">
        <li data-testid="paying-terms-cancellation">{await cancellationText(terms, locale)}</li>
        {terms.deposit ? <li data-testid="paying-terms-deposit">{t('deposit', { amount: terms.deposit })}</li> : null}
        <li data-testid="paying-terms-card">{t('creditCard')}</li>
      </ul>
    </div>
  );
}

/** In the bill on the checkout: the deposit and until when cancelling is free, the two facts a renter compares. */
export async function BillTerms({ booking, paidHow, locale, now = new Date() }: { booking: PricedBooking; paidHow: PaidHow; locale: Locale; now?: Date }) {
  const t = await getTranslations({ locale, namespace: 'payingTerms' });
  const terms = termsOf(booking, paidHow, locale, now);
  return (
    <dl className="space-y-2 border-t border-slate-200 pt-4 text-sm" data-testid="bill-terms">
      {terms.deposit ? (
        <div className="flex justify-between gap-4">
          <dt className="text-slate-700">{t('billDeposit')}</dt>
          <dd className="font-semibold tabular-nums text-slate-900">{terms.deposit}</dd>
        </div>
      ) : null}
      <div>
        <dt className="text-slate-700">{t('billCancellation')}</dt>
        <dd className="font-semibold text-slate-900">{await cancellationText(terms, locale)}</dd>
      </div>
    </dl>
  );
}

/** One way of paying the glance lists: its priced booking (the bill at that way's price) and how it is paid. */
export type GlanceWay = { booking: PricedBooking; paidHow: PaidHow };

/**
 * At the top of the checkout on a phone or a tablet, where the bill and the button are screens apart: each way's total
 * and until when cancelling is free (only the way chosen, once chosen), and the deposit with the card it needs. From
 * 1024 px the bill beside the form says the same, so it is not shown there.
 */
export async function PayingGlance({ ways, locale, now = new Date() }: { ways: GlanceWay[]; locale: Locale; now?: Date }) {
  if (ways.length === 0) return null;
  const t = await getTranslations({ locale, namespace: 'payingTerms' });
  const rows = await Promise.all(
    ways.map(async (way) => {
      const terms = termsOf(way.booking, way.paidHow, locale, now);
      return { paidHow: way.paidHow, total: terms.total, deposit: terms.deposit, cancellation: await cancellationText(terms, locale, 'short') };
    }),
  );
  // The deposit is the coverage's for the car, whichever way the renter pays.
  const deposit = rows[0]?.deposit;
  return (
    <section aria-label={t('glanceTitle')} className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-800 lg:hidden" data-testid="paying-glance">
      <dl className="space-y-3">
        {rows.map((row) => (
          <div key={row.paidHow} className="flex flex-wrap items-baseline justify-between gap-x-4" data-testid={`paying-glance-${row.paidHow}`}>
            <dt className="font-semibold text-slate-900">{row.paidHow === 'now' ? t('payNow') : t('payAtPickup')}</dt>
            <dd className="text-base font-bold tabular-nums text-slate-900">{row.total}</dd>
            <dd className="basis-full">{row.cancellation}</dd>
          </div>
        ))}
        {deposit ? (
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-t border-slate-200 pt-3" data-testid="paying-glance-deposit">
            <dt className="font-semibold text-slate-900">{t('glanceDepositTitle')}</dt>
            <dd className="font-bold tabular-nums text-slate-900">{deposit}</dd>
            <dd className="basis-full">{t('glanceDeposit')}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
