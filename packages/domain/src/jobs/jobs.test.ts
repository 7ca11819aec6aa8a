import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createJobApplicationSchema } from './index';

describe('job application', () => {
  it('accepts a complete application; the message is optional', () => {
    expect(createJobApplicationSchema().parse({ name: ' Ana Ríos ', email: 'ana@example.com', phone: '6123 4567' })).toEqual({ name: 'Ana Ríos', email: 'ana@example.com', phone: '+50761234567', message: '' });
  });

  it('says what is missing or wrong', () => {
    const result = z.safeParse(createJobApplicationSchema(), { name: '', email: 'ana', phone: '12', message: 'x'.repeat(2001) });
    const byField = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(byField).toEqual({ name: 'validation.required', email: 'validation.email', phone: 'validation.phone', message: 'validation.tooLong' });
  });
});
