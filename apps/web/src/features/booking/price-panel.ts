import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/i18n/routing';
import { getPathname } from '@/i18n/navigation';
import { getBookingCatalog } from '@/content';
import { panelPriceOf, priceDraft, type DraftChoices, type PanelPrice } from '@/features/pricing';
import type { BookingDraft } from './booking-draft';
import { stepPath } from './booking-routes';
import { stepToFix } from './step-refusals';

/** The step that puts each issue of the priced draft right, as the price panel links it (its name and address). */
export async function stepFixes(locale: Locale): Promise<(field: string) => { href: string; label: string }> {
  const t = await getTranslations({ locale, namespace: 'booking.summary.fix' });
  return (field) => {
    const step = stepToFix(field);
    return { href: getPathname({ href: stepPath(step, locale), locale }), label: t(step) };
  };
}

/**
 * The price panel beside the steps for the draft with the open step's `choices`: the bill once a coverage is chosen,
 * the lowest total before, or why it does not price. Priced and formatted on the server, like every amount.
 */
export async function draftPanelPrice(draft: BookingDraft, locale: Locale, choices: DraftChoices = {}): Promise<PanelPrice> {
  const [priced, catalog, fix] = await Promise.all([priceDraft(draft, { basicCoverageUntilChosen: true, choices }), getBookingCatalog(), stepFixes(locale)]);
  const chosen = 'coverageId' in choices ? choices.coverageId : draft.data.coverageId;
  return panelPriceOf(priced, { coverageChosen: Boolean(chosen), catalog, locale, fix });
}
