import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createJobApplicationSchema, isJobOpenOn, JOB_APPLICATION_MAX_LENGTHS } from './index';

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

describe('job offers', () => {
  it('take applications until the end of their closing day, or always without one', () => {
    expect(isJobOpenOn('2030-05-01', '2030-05-01')).toBe(true);
    expect(isJobOpenOn('2030-05-01T00:00:00', '2030-05-01')).toBe(true);
    expect(isJobOpenOn('2030-04-30', '2030-05-01')).toBe(false);
    expect(isJobOpenOn(null, '2030-05-01')).toBe(true);
    expect(isJobOpenOn(undefined, '2030-05-01')).toBe(true);
  });

  it('cap each answer at the form\'s lengths', () => {
    const result = z.safeParse(createJobApplicationSchema(), { name: 'x'.repeat(JOB_APPLICATION_MAX_LENGTHS.name + 1), email: 'ana@example.com', phone: '6123 4567' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['name', 'validation.tooLong']]);
  });
});
