export { LookupForm } from './lookup-form';
export { ManageBookingPage } from './manage-booking-page';
export { lookUpReservation } from './reservation-lookup';
