import 'server-only';
import { getTranslations } from 'next-intl/server';
import { formatMoney } from '@rentacar/domain/money';
import { quote, QuoteError } from '@rentacar/domain/quote';
import type { Locale } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { translateIssues, type BookingIssue } from '@/lib/issues';
import type { BookingCatalog } from '@/content';
import type { DraftIssueItem, PanelPrice } from './bill-view';
import { billLinesOf } from './bill-lines';
import { stepPath } from '../booking/booking-routes';
import { coverageTerms, type PricedBooking, type PricingResult } from './pricing';
import { labelledLines } from '../reservations/reservations';
import { extraCodeOf, stepToFix } from '../booking/step-refusals';

/**
 * The lowest all-in total any coverage gives for the same choices: the quote's terms already resolved (coupon, company
 * rate), each coverage in turn. What the panel shows before a coverage is chosen, without naming one.
 */
function lowestTotal(booking: PricedBooking): number {
  const totals = booking.catalog.coverages.flatMap((coverage) => {
    try {
      return [quote({ ...booking.input, coverage: coverageTerms(coverage) }).total];
    } catch (error) {
      if (error instanceof QuoteError) return [];
      throw error;
    }
  });
  return Math.min(booking.quote.total, ...totals);
}

/**
 * The draft's issues as the panel lists them: what each is about (an extra's name), its message, and a link to the step
 * that puts it right (`editable`: not on pages where the steps cannot be reopened).
 */
export async function draftIssueItems(issues: readonly BookingIssue[], catalog: BookingCatalog, locale: Locale, editable: boolean): Promise<DraftIssueItem[]> {
  const t = await getTranslations({ locale, namespace: 'booking.summary.fix' });
  const extraName = (field: string) => {
    const code = extraCodeOf(field);
    return code === undefined ? undefined : catalog.extras.find((extra) => extra.code === code)?.text[locale].name;
  };
  return translateIssues(issues, locale).map((entry) => {
    const step = stepToFix(entry.field);
    return {
      key: `${entry.field}-${entry.code}`,
      about: extraName(entry.field),
      message: entry.message,
      fix: editable ? { href: getPathname({ href: stepPath(step), locale }), label: t(step) } : undefined,
    };
  });
}

/**
 * What the price panel shows for a priced draft: its bill once a coverage is chosen, before that the lowest total with
 * no coverage named (`coverageChosen` false: the draft was priced with the basic coverage only to have the terms), or
 * why it does not price. Every amount is computed and formatted here, on the server.
 */
export async function panelPriceOf(
  priced: PricingResult,
  { coverageChosen, catalog, locale, editable }: { coverageChosen: boolean; catalog: BookingCatalog; locale: Locale; editable: boolean },
): Promise<PanelPrice> {
  if (!priced.ok) return { kind: 'unpriced', issues: await draftIssueItems(priced.issues, catalog, locale, editable) };
  const { booking } = priced;
  if (!coverageChosen) return { kind: 'from', total: formatMoney(lowestTotal(booking), locale) };
  return { kind: 'bill', lines: billLinesOf(labelledLines(booking, locale), locale), total: formatMoney(booking.quote.total, locale), coverageName: booking.coverage.text[locale].name };
}
