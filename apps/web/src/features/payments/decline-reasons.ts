/**
 * Gateway decline codes the renter is told in their own language (under the processing error); any other code shows
 * the gateway's own words.
 */
const DECLINE_REASONS: Record<string, string> = {
  generic_decline: 'booking.payment.reasons.declined',
  card_declined: 'booking.payment.reasons.declined',
  insufficient_funds: 'booking.payment.reasons.insufficientFunds',
  authentication_failed: 'booking.payment.reasons.authenticationFailed',
  expired_card: 'booking.payment.reasons.expiredCard',
  incorrect_cvc: 'booking.payment.reasons.incorrectCvc',
  invalid_cvc: 'booking.payment.reasons.incorrectCvc',
  canceled_by_renter: 'booking.payment.reasons.canceledByRenter',
  token_already_used: 'booking.payment.reasons.retryCard',
};

export function declineReasonKey(code: string): string | undefined {
  return DECLINE_REASONS[code];
}
