/**
 * The reservation's checkout: its page, the payment choice, the pay actions and every flow's gateway returns. Other
 * code uses this feature through this file only.
 */
export { choosePaymentMethod } from './checkout-actions';
export { carriesAttemptMarker, endCheckoutAttemptOf, unmarkAttempt } from './checkout-attempt';
export { CheckoutAttemptWatcher } from './checkout-attempt-watcher-after-hydration';
export { keepsCheckoutAttempt, leavesCheckout } from './checkout-exit';
export { ReservationCheckout } from './checkout-page';
export { handlePaymentCancel, handlePaymentReturn } from './payment-returns';
