import type { FormIssue } from '@/features/forms/form-issues';
import type { BookingIssue } from './booking-issues';
import { SELECTION_FIELDS } from './booking-request';

const EXTRA_FIELD_PREFIX = `${SELECTION_FIELDS.extras}.`;

/**
 * The extras step's refusal from the pricing's issues: an extra's issue (no longer offered, more than its maximum) on
 * that extra's quantity (`quantities.<code>`), the delivery's on the delivery, and anything else (the car sold out for
 * the dates since the last step) above the form.
 */
export function extrasStepRefusal(issues: readonly BookingIssue[]): { errors: Record<string, FormIssue>; formError: FormIssue | undefined } {
  const errors: Record<string, FormIssue> = {};
  let formError: FormIssue | undefined;
  for (const entry of issues) {
    const issue: FormIssue = { message: entry.message, ...(entry.params ? { params: entry.params } : {}) };
    const field = entry.field.startsWith(EXTRA_FIELD_PREFIX)
      ? `quantities.${entry.field.slice(EXTRA_FIELD_PREFIX.length)}`
      : entry.field === SELECTION_FIELDS.deliveryOptionId
        ? 'deliveryOptionId'
        : undefined;
    if (field) errors[field] ??= issue;
    else formError ??= issue;
  }
  return { errors, formError };
}
