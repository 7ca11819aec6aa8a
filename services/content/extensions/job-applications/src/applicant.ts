// The applicant's text fields of POST /job-applications, trimmed and checked. The lengths are the storefront form's
// (the domain's); the address and phone checks are deliberately looser than the form's (which also normalizes the phone
// to E.164): they only keep out what cannot be an address or a number, whoever calls.
import { JOB_APPLICATION_MAX_LENGTHS } from '@rentacar/domain/jobs';
import { positiveInt, type Problem } from '../../shared/endpoint';

export interface Applicant {
  name: string;
  email: string;
  phone: string;
  message: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
// Digits with an optional leading +, and the usual separators; 6 to 15 digits (E.164 has at most 15).
const PHONE = /^\+?[0-9 ()./-]+$/;

/** The job offer's id as the form sent it: the number, or null. */
export function jobIdOf(value: string | undefined): number | null {
  return positiveInt(value?.trim());
}

/** The text fields trimmed and checked: { values } or { problem: { field, message } }. */
export function checkApplicant(fields: Record<string, string | undefined>): { values: Applicant } | { problem: Problem } {
  const values = { name: '', email: '', phone: '', message: '' };
  for (const name of ['name', 'email', 'phone', 'message'] as const) {
    const value = fields[name]?.trim() ?? '';
    const max = JOB_APPLICATION_MAX_LENGTHS[name];
    if (value.length > max) return { problem: { field: name, message: `"${name}" must be at most ${max} characters` } };
    values[name] = value;
  }
  for (const name of ['name', 'email', 'phone'] as const) {
    if (!values[name]) return { problem: { field: name, message: `"${name}" is required` } };
  }
  if (!EMAIL.test(values.email)) return { problem: { field: 'email', message: '"email" must be an email address' } };
  const digits = values.phone.replace(/[^0-9]/g, '').length;
  if (!PHONE.test(values.phone) || digits < 6 || digits > 15) {
    return { problem: { field: 'phone', message: '"phone" must be a phone number (6 to 15 digits, + and separators allowed)' } };
  }
  return { values: { ...values, message: values.message || null } };
}
