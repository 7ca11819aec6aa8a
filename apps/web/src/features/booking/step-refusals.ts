import type { FormIssue } from '@/shared/forms';
import type { BookingStep } from './booking-draft';
import type { BookingIssue } from '@/lib/issues';
import { extraCodeOf, SELECTION_FIELDS } from '@/features/pricing';

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
    const extraCode = extraCodeOf(entry.field);
    const field = extraCode !== undefined
      ? `quantities.${extraCode}`
      : entry.field === SELECTION_FIELDS.deliveryOptionId
        ? 'deliveryOptionId'
        : undefined;
    if (field) errors[field] ??= issue;
    else formError ??= issue;
  }
  return { errors, formError };
}

/**
 * The step where the renter can put an issue of the priced draft right (the bill beside the steps links to it): an
 * extra or the delivery on the extras step, the coverage on its step, the age on the client step, and the car, the
 * branches and the dates on the first step (a sold-out car may be free on other dates).
 */
export function stepToFix(field: string): BookingStep {
  if (extraCodeOf(field) !== undefined || field === SELECTION_FIELDS.deliveryOptionId) return 'extras';
  if (field === SELECTION_FIELDS.coverageId) return 'coverage';
  if (field === SELECTION_FIELDS.birthday) return 'client';
  return 'location';
}
