/**
 * /mi-reserva: find a reservation by number and e-mail, change it, cancel it. Other code uses this feature through
 * this file only.
 */
export { LookupForm } from './lookup-form';
export { ManageBookingPage } from './manage-booking-page';
export { lookUpReservation } from './reservation-lookup';
