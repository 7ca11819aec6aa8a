/**
 * Pricing: the one place content becomes a quote (every rule checked, the coupon, company rates, rate plans), a
 * renter's draft priced (and held at the checkout), the fleet priced for dates, the bill's lines and views, the quote
 * request and the quote API with its fast path. It knows nothing of the booking flow or of saved reservations.
 * Other code uses this feature through this file only.
 */
export { answerQuote } from './api/quote-endpoint';
export { installQuoteFastPath, renewQuoteContent } from './api/quote-fast-path';
export { quoteBody } from './api/quote-body';
export { BillDetails } from './bill-details';
export { labelledLines, ratePlanLabels } from './bill-lines';
export { PanelPriceView } from './bill-view';
export type { PanelPrice } from './bill-view';
export { priceDraft, priceDraftForCheckout, selectionOfDraft } from './draft-pricing';
export type { DraftChoices } from './draft-pricing';
export { COUPON_LIMIT } from './limits';
export { panelPriceOf } from './panel-price';
export { findBranch, locationIssues, priceFleetForDates, priceSelection, quoteAs } from './pricing';
export type { FleetCarOffer, PricedBooking, PricingResult } from './pricing';
export { couponValidationSchema, extraCodeOf, extraSelectionSchema, quoteRequestSchema, SELECTION_FIELDS, selectionFromQuoteRequest } from './quote-request';
export type { BookingSelection } from './quote-request';
