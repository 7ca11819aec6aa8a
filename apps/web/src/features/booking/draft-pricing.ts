import 'server-only';
import type { ReservationType } from '@rentacar/domain/quote';
import type { Locale } from '@/i18n/routing';
import type { PanelPrice } from './bill-view';
import type { BookingSelection } from './booking-request';
import { selectionOfDraft, type BookingDraft } from './booking-draft';
import { panelPriceOf } from './panel-price';
import { basicCoverage, cachedPricingContent, priceSelection, type PricingResult } from './pricing';

/**
 * Choices on the open step not saved yet (the live price panel prices them). A key present replaces the draft's
 * choice, `undefined` included (no delivery); a key absent keeps it.
 */
export type DraftChoices = Partial<Pick<BookingSelection, 'coverageId' | 'era' | 'extras' | 'deliveryOptionId'>>;

/**
 * The renter's draft priced, once per request: the page, its bill and the pay action take this result rather than
 * pricing again. A coupon that no longer applies is left out and handed back as `refusedCoupon` (shown beside the
 * coupon form); it never blocks the booking.
 * `basicCoverageUntilChosen`: the panel beside the steps needs the quote's terms before a coverage is picked (it shows
 * the lowest total then, naming no coverage); a booking never takes one the renter did not choose.
 * `choices`: the open step's choices, over the saved ones.
 */
export async function priceDraft(
  draft: BookingDraft,
  { reservationType, basicCoverageUntilChosen = false, choices = {} }: { reservationType?: ReservationType; basicCoverageUntilChosen?: boolean; choices?: DraftChoices } = {},
): Promise<PricingResult> {
  const [saved, content] = await Promise.all([selectionOfDraft(draft.data), cachedPricingContent()]);
  const selection = { ...saved, ...choices };
  const coverageId = selection.coverageId ?? (basicCoverageUntilChosen ? basicCoverage(content.catalog.coverages)?.id : undefined);
  return priceSelection({ ...selection, coverageId, ...(reservationType ? { reservationType } : {}) }, { content, unusableCoupon: 'drop' });
}

/**
 * The price panel beside the steps for the draft with the open step's `choices`: the bill once a coverage is chosen,
 * the lowest total before, or why it does not price. Priced and formatted on the server, like every amount.
 */
export async function draftPanelPrice(draft: BookingDraft, locale: Locale, choices: DraftChoices = {}): Promise<PanelPrice> {
  const [priced, content] = await Promise.all([priceDraft(draft, { basicCoverageUntilChosen: true, choices }), cachedPricingContent()]);
  const chosen = 'coverageId' in choices ? choices.coverageId : draft.data.coverageId;
  return panelPriceOf(priced, { coverageChosen: Boolean(chosen), catalog: content.catalog, locale, editable: true });
}
