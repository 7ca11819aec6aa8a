/**
 * The booking flow: the steps (`/reserva?paso=...`, `/en/reserva?step=...`), the renter's draft kept on the server, the flow's rules and
 * paths, its server actions, the sidebar and steps nav the checkout shows too, and the thanks page. It prices through
 * features/pricing and books through features/reservations, like everyone else.
 * Other code uses this feature through this file only.
 */
export { startBooking } from './booking-actions';
export { readBookingDraft, readBookingDraftFrom, rereadBookingDraft, saveBookingDraft } from './booking-draft';
export type { BookingDraft, DraftData } from './booking-draft';
export { canOpenStep, firstIncompleteStep } from './booking-flow';
export { CHECKOUT_PATH, stepPath, THANKS_PATH } from './booking-routes';
export { BookingSidebar } from './booking-sidebar';
export { BookingStepsNav } from './booking-steps-nav';
export { locationFormProps } from './location-form-props';
export { ReservationDetails } from './reservation-details';
export { ReservationThanks } from './reservation-thanks';
export { ConfirmButton } from './steps/confirm-button';
export { CouponForm } from './steps/coupon-form';
export { LocationForm } from './steps/location-step';
export type { LocationFormProps } from './steps/location-step';
