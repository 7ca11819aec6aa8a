import 'server-only';
import { z } from 'zod';
import type { FormIssue } from '@/shared/forms';
import { declineReasonKey } from './decline-reasons';
import type { PaymentOutcome } from './payments';

/**
 * What a payment action answers the browser, shared by the booking checkout and the pre-check-in: paid, a 3-D Secure
 * check to open, a gateway page to go to, still waiting, or an error with the gateway's reason in the renter's words.
 */
export type PaymentActionResult =
  | { status: 'paid' }
  | { status: 'verify'; url: string }
  | { status: 'redirect'; url: string }
  | { status: 'pending' }
  | { status: 'error'; error: FormIssue; reason?: FormIssue };

export const PROCESSING_ERROR: FormIssue = { message: 'booking.payment.processingError' };

export const failed = (error: FormIssue, reason?: FormIssue): PaymentActionResult => ({ status: 'error', error, ...(reason ? { reason } : {}) });

/** The single-use token the gateway's own card fields gave the browser, and what the card looked like. */
export const cardTokenSchema = z.object({
  token: z.string().trim().min(4).max(255),
  card: z.object({
    brand: z.string().trim().min(1).max(32),
    last4: z.string().regex(/^\d{4}$/),
    expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/),
  }),
});

/** An outcome that took no money, as the renter is told: the processing error and, when known, why. */
export function unsuccessful(outcome: Extract<PaymentOutcome, { kind: 'declined' | 'refused' | 'unavailable' }>): PaymentActionResult {
  switch (outcome.kind) {
    case 'declined': {
      const reasonKey = outcome.code ? declineReasonKey(outcome.code) : undefined;
      return failed(PROCESSING_ERROR, reasonKey ? { message: reasonKey } : outcome.reason ? { message: 'booking.payment.gatewayReason', params: { reason: outcome.reason } } : undefined);
    }
    case 'refused':
      return failed(PROCESSING_ERROR, { message: 'booking.payment.refunded' });
    case 'unavailable':
      return failed(PROCESSING_ERROR, { message: 'booking.payment.gatewayUnavailable' });
  }
}
