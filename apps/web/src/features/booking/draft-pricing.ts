import 'server-only';
import type { ReservationType } from '@rentacar/domain/quote';
import { selectionOfDraft, type BookingDraft } from './booking-draft';
import { basicCoverage, cachedPricingContent, priceSelection, type PricingResult } from './pricing';

/**
 * The renter's draft priced, once per request: the page, its bill and the pay action take this result rather than
 * pricing again. A coupon that no longer applies is left out and handed back as `refusedCoupon` (shown beside the
 * coupon form); it never blocks the booking.
 * `basicCoverageUntilChosen`: the bill beside the steps shows the mandatory cover before a coverage is picked; a
 * booking never takes one the renter did not choose.
 */
export async function priceDraft(
  draft: BookingDraft,
  { reservationType, basicCoverageUntilChosen = false }: { reservationType?: ReservationType; basicCoverageUntilChosen?: boolean } = {},
): Promise<PricingResult> {
  const [selection, content] = await Promise.all([selectionOfDraft(draft.data), cachedPricingContent()]);
  const coverageId = selection.coverageId ?? (basicCoverageUntilChosen ? basicCoverage(content.catalog.coverages)?.id : undefined);
  return priceSelection({ ...selection, coverageId, ...(reservationType ? { reservationType } : {}) }, { content, unusableCoupon: 'drop' });
}
