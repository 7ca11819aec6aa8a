import { issue, type BookingIssue } from '@/lib/issues';

/** Decline codes the API names with their own message; any other is a plain processing error. */
const DECLINE_MESSAGES = {
  generic_decline: 'booking.errors.cardDeclined',
  card_declined: 'booking.errors.cardDeclined',
  insufficient_funds: 'booking.errors.insufficientFunds',
  authentication_failed: 'booking.errors.authenticationFailed',
} as const;

/** A declined payment as an API issue: the processing error, with the gateway's reason where it has one. */
export function paymentIssue(code: string | undefined): BookingIssue {
  const message = code && code in DECLINE_MESSAGES ? DECLINE_MESSAGES[code as keyof typeof DECLINE_MESSAGES] : 'booking.errors.processingError';
  return issue('payment', message, undefined, code ?? 'processing_error');
}
