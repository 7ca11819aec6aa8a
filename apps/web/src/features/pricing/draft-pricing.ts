import 'server-only';
import type { Cents } from '@rentacar/domain/money';
import type { ReservationType } from '@rentacar/domain/quote';
import { holdApplies, priceChange, termsToPrice, type PriceHold } from '@rentacar/domain/rates';
import { currentAgent } from '@/features/accounts';
import type { BookingSelection } from './quote-request';
import { basicCoverage, cachedPricingContent, pricedWithTerms, priceSelection, ratePlanTermsOf, type PricingResult } from './pricing';

/**
 * What pricing reads of a booking draft (features/booking's BookingDraft): the renter's choices so far, the corporate
 * agent who started it, and the checkout's price hold.
 */
export type DraftToPrice = {
  data: Pick<BookingSelection, 'carId' | 'pickupBranch' | 'returnBranch' | 'pickupAt' | 'returnAt' | 'era' | 'extras' | 'reservationType'> &
    Partial<Pick<BookingSelection, 'coverageId' | 'deliveryOptionId' | 'flightNumber' | 'couponCode' | 'corporate' | 'driverAge'>> & {
      client?: { birthday: string } | undefined;
      priceHold?: PriceHold | undefined;
    };
};

/**
 * The draft as the pricing function takes it. A corporate draft keeps its company's rate only while the agent who
 * started it is still the one signed in (not after a logout, nor for someone else on the same browser).
 */
export async function selectionOfDraft(data: DraftToPrice['data']): Promise<BookingSelection> {
  const corporate = data.corporate && (await currentAgent())?.id === data.corporate.agentId ? data.corporate : undefined;
  return { ...selectionOfDraftData(data), corporate };
}

function selectionOfDraftData(data: DraftToPrice['data']): BookingSelection {
  return {
    carId: data.carId,
    pickupBranch: data.pickupBranch,
    returnBranch: data.returnBranch,
    pickupAt: data.pickupAt,
    returnAt: data.returnAt,
    coverageId: data.coverageId,
    era: data.era,
    extras: data.extras,
    deliveryOptionId: data.deliveryOptionId,
    flightNumber: data.flightNumber,
    reservationType: data.reservationType,
    couponCode: data.couponCode,
    birthday: data.client?.birthday,
    driverAge: data.driverAge,
  };
}

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
 * While the draft's price hold applies (`now` within its 30 minutes) the draft is priced with the rate plans it keeps.
 */
export async function priceDraft(
  draft: DraftToPrice,
  {
    reservationType,
    basicCoverageUntilChosen = false,
    choices = {},
    now = new Date(),
  }: { reservationType?: ReservationType; basicCoverageUntilChosen?: boolean; choices?: DraftChoices; now?: Date } = {},
): Promise<PricingResult> {
  const [saved, content] = await Promise.all([selectionOfDraft(draft.data), cachedPricingContent()]);
  const selection = { ...saved, ...choices };
  const coverageId = selection.coverageId ?? (basicCoverageUntilChosen ? basicCoverage(content.catalog.coverages)?.id : undefined);
  const priced = await priceSelection({ ...selection, coverageId, ...(reservationType ? { reservationType } : {}) }, { content, unusableCoupon: 'drop', now });
  const hold = draft.data.priceHold;
  if (!priced.ok || !hold || !holdApplies(hold, now)) return priced;
  return { ...priced, booking: pricedWithTerms(priced.booking, hold.terms) };
}

/** What the checkout shows: the draft priced, the hold to keep in the draft, and a total moved since it was shown. */
export type HeldDraftPrice = { priced: PricingResult; hold: PriceHold | undefined; change: { before: Cents; after: Cents } | null };

/**
 * The draft priced for the checkout, where the renter sees the total they confirm: the hold's price while it applies;
 * else the price of the moment, held from `now` (the caller saves `hold` in the draft), with the total the ended
 * hold priced the same booking at when the two differ (`change`, told to the renter before they confirm).
 */
export async function priceDraftForCheckout(draft: DraftToPrice, now: Date = new Date()): Promise<HeldDraftPrice> {
  const priced = await priceDraft(draft, { now });
  const previous = draft.data.priceHold;
  if (!priced.ok) return { priced, hold: previous, change: null };
  const decided = termsToPrice(previous, ratePlanTermsOf(priced.booking), now);
  if (decided.held || !previous) return { priced, hold: decided.hold, change: null };
  const before = pricedWithTerms(priced.booking, previous.terms).quote.total;
  return { priced, hold: decided.hold, change: priceChange(before, priced.booking.quote.total) };
}
