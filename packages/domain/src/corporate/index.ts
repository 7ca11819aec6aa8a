// zod/mini: the lead form's schema also runs in the browser.
import { z } from 'zod/mini';
import { requiredText } from '../validation/forms';
import { normalizePhoneByShape } from '../validation/phone-format';

/**
 * A company asking about corporate plans or operating leases: who, how to reach them, how many cars, and what they
 * need. `normalizePhone` as in the renter's form (the server passes libphonenumber's check); the phone comes out E.164.
 */
export function createCorporateLeadSchema(context: { normalizePhone?: (value: string) => string | null } = {}) {
  const normalizePhone = context.normalizePhone ?? normalizePhoneByShape;
  return z.object({
    company: requiredText(200),
    contactName: requiredText(200),
    email: z.pipe(requiredText(254), z.email({ error: 'validation.email' })),
    phone: z.pipe(
      requiredText(32, (value) => (normalizePhone(value) === null ? 'validation.phone' : null)),
      z.transform((value: string) => normalizePhone(value) ?? value),
    ),
    fleetSize: requiredText(10, (value) => (/^[1-9][0-9]{0,4}$/.test(value) ? null : 'validation.fleetSize')),
    message: requiredText(2000),
  });
}

export type CorporateLeadInput = z.input<ReturnType<typeof createCorporateLeadSchema>>;
export type CorporateLead = z.output<ReturnType<typeof createCorporateLeadSchema>>;
