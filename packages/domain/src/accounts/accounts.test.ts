import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { failedLoginPauseMs, loginSchema, MINIMUM_PASSWORD_LENGTH, newPasswordSchema, passwordRequestSchema, registrationSchema } from './index';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('account forms', () => {
  it('asks for an email and a password to log in, and trims the email only', () => {
    expect(messages(z.safeParse(loginSchema, { email: '', password: '' }))).toEqual({ email: 'validation.required', password: 'validation.required' });
    expect(messages(z.safeParse(loginSchema, { email: 'nope', password: 'x' }))).toEqual({ email: 'validation.email' });
    expect(z.parse(loginSchema, { email: ' ana@example.com ', password: ' secret ' })).toEqual({ email: 'ana@example.com', password: ' secret ' });
  });

  it('wants a long enough new password, repeated the same', () => {
    const short = z.safeParse(newPasswordSchema, { password: 'short', passwordConfirmation: 'short' });
    expect(short.error?.issues[0]).toMatchObject({ path: ['password'], message: 'validation.passwordTooShort', params: { minimum: MINIMUM_PASSWORD_LENGTH } });
    expect(messages(z.safeParse(newPasswordSchema, { password: 'long enough pass', passwordConfirmation: 'long enough pas' }))).toEqual({
      passwordConfirmation: 'validation.passwordsDiffer',
    });
    expect(z.safeParse(newPasswordSchema, { password: 'long enough pass', passwordConfirmation: 'long enough pass' }).success).toBe(true);
  });

  it('registers with names, email and password', () => {
    expect(messages(z.safeParse(registrationSchema, { firstName: '', lastName: 'Pérez', email: 'ana@example.com', password: 'long enough pass', passwordConfirmation: 'long enough pass' }))).toEqual({
      firstName: 'validation.required',
    });
    expect(z.safeParse(passwordRequestSchema, { email: 'ana@example.com' }).success).toBe(true);
  });

  it('says the passwords differ together with the other fields’ problems, not only once they are fixed', () => {
    expect(messages(z.safeParse(registrationSchema, { firstName: '', lastName: '', email: 'not-an-email', password: 'long enough pass', passwordConfirmation: 'long enough pas' }))).toEqual({
      firstName: 'validation.required',
      lastName: 'validation.required',
      email: 'validation.email',
      passwordConfirmation: 'validation.passwordsDiffer',
    });
    // A password too short and a different confirmation: both said at once.
    expect(messages(z.safeParse(newPasswordSchema, { password: 'short', passwordConfirmation: 'shorter' }))).toEqual({
      password: 'validation.passwordTooShort',
      passwordConfirmation: 'validation.passwordsDiffer',
    });
  });
});

describe('failed logins', () => {
  it('answers the first three at once, then doubles the pause up to eight seconds', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((failures) => failedLoginPauseMs(failures))).toEqual([0, 0, 0, 500, 1000, 2000, 4000, 8000, 8000]);
  });
});
