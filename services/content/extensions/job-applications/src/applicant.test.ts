import { JOB_APPLICATION_MAX_LENGTHS } from '@rentacar/domain/jobs';
import { describe, expect, it } from 'vitest';
import { checkApplicant, jobIdOf } from './applicant';

const applicant = { name: ' Ana Ríos ', email: 'ana@example.com', phone: '+507 6123-4567' };

describe('an application\'s text fields', () => {
  it('are trimmed, the message null when empty', () => {
    expect(checkApplicant({ ...applicant, message: '  ' })).toEqual({ values: { ...applicant, name: 'Ana Ríos', message: null } });
  });

  it('name the first field that is wrong', () => {
    expect(checkApplicant({ ...applicant, name: 'x'.repeat(JOB_APPLICATION_MAX_LENGTHS.name + 1) })).toEqual({ problem: { field: 'name', message: '"name" must be at most 200 characters' } });
    expect(checkApplicant({ ...applicant, email: '' })).toEqual({ problem: { field: 'email', message: '"email" is required' } });
    expect(checkApplicant({ ...applicant, email: 'ana@example' })).toEqual({ problem: { field: 'email', message: '"email" must be an email address' } });
    expect(checkApplicant({ ...applicant, phone: '12345' })).toEqual({ problem: { field: 'phone', message: '"phone" must be a phone number (6 to 15 digits, + and separators allowed)' } });
    expect(checkApplicant({ ...applicant, phone: 'call me' })).toMatchObject({ problem: { field: 'phone' } });
  });

  it('take the job offer as a decimal id', () => {
    expect(jobIdOf(' 12 ')).toBe(12);
    expect(jobIdOf('0')).toBeNull();
    expect(jobIdOf('12a')).toBeNull();
    expect(jobIdOf(undefined)).toBeNull();
  });
});
