// zod/mini: the application form's schema also runs in the browser.
import { z } from 'zod/mini';
import { requiredText } from '../validation/forms';
import { normalizePhoneByShape } from '../validation/phone-format';

/** A CV: a PDF (told from its bytes on the server) of at most 5 MB. */
export const MAX_CV_BYTES = 5 * 1024 * 1024;
export const CV_TYPE = 'application/pdf';

/**
 * An application to a job offer: who, how to reach them, and an optional message; the CV travels beside it.
 * `normalizePhone` as in the renter's form (the server passes libphonenumber's check); the phone comes out E.164.
 */
export function createJobApplicationSchema(context: { normalizePhone?: (value: string) => string | null } = {}) {
  const normalizePhone = context.normalizePhone ?? normalizePhoneByShape;
  return z.object({
    name: requiredText(200),
    email: z.pipe(requiredText(254), z.email({ error: 'validation.email' })),
    phone: z.pipe(
      requiredText(32, (value) => (normalizePhone(value) === null ? 'validation.phone' : null)),
      z.transform((value: string) => normalizePhone(value) ?? value),
    ),
    message: z.pipe(
      z.optional(z.string()),
      z.transform((value: string | undefined) => (value ?? '').trim()),
    ).check(z.maxLength(2000, { error: 'validation.tooLong' })),
  });
}

export type JobApplicationInput = z.input<ReturnType<typeof createJobApplicationSchema>>;
export type JobApplication = z.output<ReturnType<typeof createJobApplicationSchema>>;
