// zod/mini: the application form's schema also runs in the browser.
import { z } from 'zod/mini';
import type { LocalDate } from '../dates';
import { requiredText } from '../validation/forms';
import { normalizePhoneByShape } from '../validation/phone-format';

/** A CV: a PDF (told from its bytes on the server) of at most 5 MB. */
export const MAX_CV_BYTES = 5 * 1024 * 1024;
export const CV_TYPE = 'application/pdf';

/** The longest answer each field of an application takes, in characters. */
export const JOB_APPLICATION_MAX_LENGTHS = { name: 200, email: 254, phone: 32, message: 2000 } as const;

/**
 * An offer takes applications until the end of its closing day in Panama (`today`, `YYYY-MM-DD`), or for as long as it
 * has none. `closingOn` may be a date or a date-time; its day counts.
 */
export function isJobOpenOn(closingOn: string | null | undefined, today: LocalDate): boolean {
  return !closingOn || closingOn.slice(0, 10) >= today;
}

/**
 * An application to a job offer: who, how to reach them, and an optional message; the CV travels beside it.
 * `normalizePhone` as in the renter's form (the server passes libphonenumber's check); the phone comes out E.164.
 */
export function createJobApplicationSchema(context: { normalizePhone?: (value: string) => string | null } = {}) {
  const normalizePhone = context.normalizePhone ?? normalizePhoneByShape;
  return z.object({
    name: requiredText(JOB_APPLICATION_MAX_LENGTHS.name),
    email: z.pipe(requiredText(JOB_APPLICATION_MAX_LENGTHS.email), z.email({ error: 'validation.email' })),
    phone: z.pipe(
      requiredText(JOB_APPLICATION_MAX_LENGTHS.phone, (value) => (normalizePhone(value) === null ? 'validation.phone' : null)),
      z.transform((value: string) => normalizePhone(value) ?? value),
    ),
    message: z.pipe(
      z.optional(z.string()),
      z.transform((value: string | undefined) => (value ?? '').trim()),
    ).check(z.maxLength(JOB_APPLICATION_MAX_LENGTHS.message, { error: 'validation.tooLong' })),
  });
}

export type JobApplicationInput = z.input<ReturnType<typeof createJobApplicationSchema>>;
export type JobApplication = z.output<ReturnType<typeof createJobApplicationSchema>>;
