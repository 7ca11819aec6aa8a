/**
 * The reservation flow: pricing, the server-side draft, the steps, reservations and their changes, the quote API.
 * Other code uses this feature through this file only.
 */
export { quoteBody, reservationBody } from '../pricing/api/quote-body';
export { answerQuote } from '../pricing/api/quote-endpoint';
export { installQuoteFastPath, renewQuoteContent } from '../pricing/api/quote-fast-path';
export { startBooking } from './booking-actions';
export { readBookingDraft, readBookingDraftFrom, rereadBookingDraft, saveBookingDraft, selectionOfDraft } from './booking-draft';
export type { BookingDraft, DraftData } from './booking-draft';
export { canOpenStep, firstIncompleteStep } from './booking-flow';
export { couponValidationSchema, reservationChangeSchema, reservationLookupSchema, reservationRequestSchema, selectionFromQuoteRequest } from '../pricing/quote-request';
export { CHECKOUT_PATH, MANAGE_BOOKING_PATH, stepPath, THANKS_PATH } from './booking-routes';
export { ratePlanLabels } from '../pricing/bill-lines';
export { BookingSidebar } from './booking-sidebar';
export { BookingStepsNav } from './booking-steps-nav';
export { BillDetails, BookingFacts, factsOfSummary } from '../reservations/booking-facts';
export { validateClient } from '../reservations/client-details';
export { sendReservationConfirmation } from '../reservations/confirmation-email';
export { priceDraft, priceDraftForCheckout } from '../pricing/draft-pricing';
export { COUPON_LIMIT, LOOKUP_LIMIT } from '../reservations/limits';
export { locationFormProps } from './location-form-props';
export { cachedPricingContent, priceFleetForDates, priceSelection, quoteAs } from '../pricing/pricing';
export type { FleetCarOffer, PricedBooking } from '../pricing/pricing';
export { reservationIcs, reservationIcsFileName } from '../reservations/reservation-calendar';
export { describeCancellation, describeChange, sendReservationNotice } from '../reservations/reservation-notices';
export type { CancellationMoney, ChangeMoney, NoticeDelivery, NoticeMessage, ReservationNotice } from '../reservations/reservation-notices';
export { ReservationDetails } from './reservation-details';
export type { ReservationSummary } from '../reservations/reservation-summary';
export { ReservationThanks } from './reservation-thanks';
export { applyChange, bookReservation, cancelReservation, changeRefusal, findReservation, isChangeable, labelledLines, manageBookingUrl, priceChange, RENTER_LOCK_MESSAGES, reservationSummary } from '../reservations/reservations';
export type { BookingOutcome } from '../reservations/reservations';
export { ConfirmButton } from './steps/confirm-button';
export { CouponForm } from './steps/coupon-form';
export { LocationForm } from './steps/location-step';
export type { LocationFormProps } from './steps/location-step';
