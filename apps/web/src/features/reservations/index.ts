/**
 * Reservations: booking one (stock, coupon and the limit per client checked by the content service), finding it by
 * number and e-mail, changing and cancelling it, what the renter is told (the confirmation and notice e-mails, the
 * page's messages, the calendar file), its summary and facts, the API's reservation bodies and requests.
 * Other code uses this feature through this file only.
 */
export { calendarDownload } from './api/calendar-download';
export { answerNewReservation } from './api/reservation-endpoint';
export { reservationBody } from './api/reservation-body';
export { BookingFacts, factsOfSummary } from './booking-facts';
export type { SummaryFacts } from './booking-facts';
export { sendReservationConfirmation } from './confirmation-email';
export { LOOKUP_LIMIT } from './limits';
export { describeCancellation, describeChange, sendReservationNotice } from './reservation-notices';
export type { CancellationMoney, ChangeMoney, NoticeDelivery, NoticeMessage, ReservationNotice } from './reservation-notices';
export { reservationChangeSchema, reservationLookupSchema } from './reservation-request';
export type { ReservationSummary } from './reservation-summary';
export { applyChange, bookReservation, cancelReservation, changeRefusal, findReservation, MANAGE_BOOKING_PATH, manageBookingUrl, priceChange, RENTER_LOCK_MESSAGES, reservationSummary } from './reservations';
export type { BookingOutcome } from './reservations';
