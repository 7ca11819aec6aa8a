/**
 * Card and PayPal payments: gateways, exactly-once records, refunds, webhooks, reconciliation, their forms. Other code
 * uses this feature through this file only.
 */
export { CardPaymentForm } from './components/card-payment-form';
export { PaymentError } from './components/payment-feedback';
export { PaymentVerificationResult } from './components/payment-verification-result';
export { PayPalPayButton } from './components/paypal-pay-button';
export { cardFieldsSettings, paymentGateway } from './gateways';
export { cancellationMoney, cancellationTerms, changeTerms, chargeSavedCard, savedCardOf } from './money-back';
export { cancelWithRefund, changeWithPayment } from './paid-changes';
export { cardTokenSchema, failed, PROCESSING_ERROR, unsuccessful } from './payment-answers';
export type { PaymentActionResult } from './payment-answers';
export { paymentIssue } from './payment-issues';
export { abandonPayment, closeAttempt, handleWebhook, payByCard, payWithPayPal, settlePayment, settlePaymentByKey } from './payments';
export type { PaymentFlow, PaymentOutcome } from './payments';
export { scheduleReconciliation } from './reconciliation-schedule';
export { PAYMENT_RETURN_NOTICES } from './return-notices';
