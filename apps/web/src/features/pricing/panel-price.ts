import 'server-only';
import { formatMoney } from '@rentacar/domain/money';
import { quote, QuoteError } from '@rentacar/domain/quote';
import type { Locale } from '@/i18n/routing';
import { translateIssues, type BookingIssue } from '@/lib/issues';
import type { BookingCatalog } from '@/content';
import type { DraftIssueItem, PanelPrice } from './bill-view';
import { billLinesOf, labelledLines } from './bill-lines';
import { coverageTerms, type PricedBooking, type PricingResult } from './pricing';
import { extraCodeOf } from './quote-request';

/** Where the renter puts an issue right, by the issue's field (the booking flow links each to its step). */
export type IssueFix = (field: string) => { href: string; label: string };

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
 * The draft's issues as the panel lists them: what each is about (an extra's name), its message, and a link to where
 * it is put right (`fix`; none on pages where the steps cannot be reopened).
 */
export function draftIssueItems(issues: readonly BookingIssue[], catalog: BookingCatalog, locale: Locale, fix: IssueFix | undefined): DraftIssueItem[] {
  const extraName = (field: string) => {
    const code = extraCodeOf(field);
    return code === undefined ? undefined : catalog.extras.find((extra) => extra.code === code)?.text[locale].name;
  };
  return translateIssues(issues, locale).map((entry) => ({
    key: `${entry.field}-${entry.code}`,
    about: extraName(entry.field),
    message: entry.message,
    fix: fix?.(entry.field),
  }));
}

/**
 * What the price panel shows for a priced draft: its bill once a coverage is chosen, before that the lowest total with
 * no coverage named (`coverageChosen` false: the draft was priced with the basic coverage only to have the terms), or
 * why it does not price. Every amount is computed and formatted here, on the server.
 */
export function panelPriceOf(
  priced: PricingResult,
  { coverageChosen, catalog, locale, fix }: { coverageChosen: boolean; catalog: BookingCatalog; locale: Locale; fix: IssueFix | undefined },
): PanelPrice {
  if (!priced.ok) return { kind: 'unpriced', issues: draftIssueItems(priced.issues, catalog, locale, fix) };
  const { booking } = priced;
  if (!coverageChosen) return { kind: 'from', total: formatMoney(lowestTotal(booking), locale) };
  return { kind: 'bill', lines: billLinesOf(labelledLines(booking, locale), locale), total: formatMoney(booking.quote.total, locale), coverageName: booking.coverage.text[locale].name };
}
