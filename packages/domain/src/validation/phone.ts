import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { normalizePhoneWith } from './phone-format';

/**
 * A renter's phone in E.164 (`+50761234567`), or null when invalid. Numbers without a country code are Panamanian
 * (7-digit landline or 8-digit mobile starting with 6); foreign numbers must be written with `+` (or `00`) and are
 * checked with libphonenumber's metadata. Panama's rule is applied by hand because libphonenumber's small metadata
 * only checks lengths.
 */
export function normalizePhone(value: string): string | null {
  return normalizePhoneWith(value, (e164) => {
    const parsed = parsePhoneNumberFromString(e164);
    return parsed?.isValid() ? parsed.number : null;
  });
}

export function isValidPhone(value: string): boolean {
  return normalizePhone(value) !== null;
}
