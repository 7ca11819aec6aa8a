// zod/mini: the account forms' schemas also run in the browser.
import { z } from 'zod/mini';
import { requiredText } from '../validation/forms';

/** Long enough to resist guessing once failed logins are slowed down; no composition rules (NIST SP 800-63B). */
export const MINIMUM_PASSWORD_LENGTH = 10;
/** bcrypt/argon2 inputs beyond this gain nothing and cost the server time. */
const MAXIMUM_PASSWORD_LENGTH = 128;

const email = z.pipe(requiredText(254), z.email({ error: 'validation.email' }));

/** A password as typed: not trimmed (spaces count), at least MINIMUM_PASSWORD_LENGTH characters. */
const newPassword = z.string({ error: 'validation.required' }).check(
  z.superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: 'validation.required' });
    else if (value.length > MAXIMUM_PASSWORD_LENGTH) ctx.addIssue({ code: 'custom', message: 'validation.tooLong' });
    else if (value.length < MINIMUM_PASSWORD_LENGTH) {
      ctx.addIssue({ code: 'custom', message: 'validation.passwordTooShort', params: { minimum: MINIMUM_PASSWORD_LENGTH } });
    }
  }),
);

const currentPassword = z.string({ error: 'validation.required' }).check(
  z.superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: 'validation.required' });
    else if (value.length > MAXIMUM_PASSWORD_LENGTH) ctx.addIssue({ code: 'custom', message: 'validation.tooLong' });
  }),
);

/**
 * The confirmation must repeat the password; reported on `passwordConfirmation`. Checked as soon as both are text,
 * whatever the form's other fields say, so the renter sees every problem at once (zod skips an object's checks when
 * any field failed, unless told when to run them).
 */
const confirmationMatches = z.superRefine(
  (value: { password: string; passwordConfirmation: string }, ctx) => {
    if (value.passwordConfirmation !== value.password) {
      ctx.addIssue({ code: 'custom', message: 'validation.passwordsDiffer', path: ['passwordConfirmation'] });
    }
  },
  {
    when: ({ value }) =>
      typeof value === 'object' && value !== null && 'password' in value && 'passwordConfirmation' in value && typeof value.password === 'string' && typeof value.passwordConfirmation === 'string',
  },
);

export const loginSchema = z.object({ email, password: currentPassword });
export type LoginInput = z.output<typeof loginSchema>;

export const registrationSchema = z
  .object({
    firstName: requiredText(100),
    lastName: requiredText(100),
    email,
    password: newPassword,
    passwordConfirmation: z.string({ error: 'validation.required' }),
  })
  .check(confirmationMatches);
export type RegistrationInput = z.output<typeof registrationSchema>;

export const passwordRequestSchema = z.object({ email });
export type PasswordRequestInput = z.output<typeof passwordRequestSchema>;

/** Choosing a password: after a reset link or an invitation. */
export const newPasswordSchema = z
  .object({
    password: newPassword,
    passwordConfirmation: z.string({ error: 'validation.required' }),
  })
  .check(confirmationMatches);
export type NewPasswordInput = z.output<typeof newPasswordSchema>;

/**
 * Slowing down repeated failed logins: no pause for the first few, then a pause that doubles with each further failure
 * in the window, capped; past `lockAfter` failures the login is refused until the window ends.
 */
export const FAILED_LOGIN_POLICY = { freeFailures: 3, firstPauseMs: 500, maxPauseMs: 8_000, lockAfter: 10, windowSeconds: 15 * 60 } as const;

/** The pause before answering the `failures`-th failed login in the window (1-based). */
export function failedLoginPauseMs(failures: number, policy: typeof FAILED_LOGIN_POLICY = FAILED_LOGIN_POLICY): number {
  if (failures <= policy.freeFailures) return 0;
  return Math.min(policy.maxPauseMs, policy.firstPauseMs * 2 ** (failures - policy.freeFailures - 1));
}
