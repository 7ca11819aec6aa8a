import { parsePhoneNumberFromString } from 'libphonenumber-js';

const PANAMA_CALLING_CODE = '507';
// Landlines have 7 digits; a leading 6 was the old 7-digit mobile range, so it is refused to catch a mobile number
// missing a digit. Mobiles have 8 digits starting with 6.
const PANAMA_LANDLINE = /^[2-57-9]\d{6}$/;
const PANAMA_MOBILE = /^6\d{7}$/;

function isPanamaNationalNumber(digits: string): boolean {
  return PANAMA_LANDLINE.test(digits) || PANAMA_MOBILE.test(digits);
}

/**
 * A renter's phone in E.164 (`+50761234567`), or null when invalid. Numbers without a country code are Panamanian
 * (7-digit landline or 8-digit mobile starting with 6); foreign numbers must be written with `+` (or `00`) and are
 * checked with libphonenumber's metadata. Panama's rule is applied by hand because libphonenumber's small metadata
 * only checks lengths.
 */
export function normalizePhone(value: string): string | null {
  const trimmed = value.trim();
  if (!/^(\+|00)?[\d\s().-]+$/.test(trimmed)) {
    return null;
  }
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  const digits = trimmed.replace(/\D/g, '');
  if (!international) {
    return isPanamaNationalNumber(digits) ? `+${PANAMA_CALLING_CODE}${digits}` : null;
  }
  const e164 = `+${trimmed.startsWith('00') ? digits.slice(2) : digits}`;
  const parsed = parsePhoneNumberFromString(e164);
  if (parsed === undefined) {
    return null;
  }
  if (parsed.countryCallingCode === PANAMA_CALLING_CODE) {
    return isPanamaNationalNumber(parsed.nationalNumber) ? parsed.number : null;
  }
  return parsed.isValid() ? parsed.number : null;
}

export function isValidPhone(value: string): boolean {
  return normalizePhone(value) !== null;
}
