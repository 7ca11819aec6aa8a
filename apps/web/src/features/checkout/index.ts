export { choosePaymentMethod } from './checkout-actions';
export { ReservationCheckout } from './checkout-page';
export { handlePaymentCancel, handlePaymentReturn } from './payment-returns';
