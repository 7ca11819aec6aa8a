import { parsePanamaDateTime, formatPanamaDate } from '@rentacar/domain/dates';
import { createClientFormSchema, normalizePhone } from '@rentacar/domain/validation';
import { zodIssueParams } from '@/shared/forms';
import { issue, type BookingIssue, type IssueMessage } from '@/lib/issues';
import type { ReservationClient } from '@/content';

/** The client form's fields, and where the API carries each. */
const API_FIELDS = {
  firstName: 'client.name',
  lastName: 'client.last_name',
  email: 'client.email',
  phone: 'client.phone_number',
  birthday: 'client.birthday',
  license: 'client.license',
  termsAccepted: 'terms_accepted',
} as const;

export type ClientInput = { name: string; last_name: string; email: string; license: string; birthday: string; phone_number: string };

export type ClientValidation = { ok: true; value: ReservationClient } | { ok: false; issues: BookingIssue[] };

/**
 * The renter's details by the client form's own rules (required fields, valid email and phone, age on the pickup date);
 * the phone comes out in E.164. An unreadable pickup date leaves the age to the location rules, which report it.
 */
export function validateClient(input: ClientInput, pickupAt: string, minimumAge: number | undefined): ClientValidation {
  const pickup = parsePanamaDateTime(pickupAt);
  const schema = createClientFormSchema({ pickupDate: pickup ? formatPanamaDate(pickup) : new Date(), normalizePhone, ...(minimumAge === undefined ? {} : { minimumAge }) });
  const parsed = schema.safeParse({
    firstName: input.name,
    lastName: input.last_name,
    email: input.email,
    phone: input.phone_number,
    birthday: input.birthday,
    license: input.license,
    termsAccepted: true,
  });
  if (parsed.success) {
    const { termsAccepted: _accepted, ...client } = parsed.data;
    return { ok: true, value: client };
  }
  return {
    ok: false,
    issues: parsed.error.issues.map((entry) => {
      const key = entry.path[0];
      const field = typeof key === 'string' && key in API_FIELDS ? API_FIELDS[key as keyof typeof API_FIELDS] : 'client';
      const params = zodIssueParams(entry);
      return issue(field, entry.message as IssueMessage, params);
    }),
  };
}
