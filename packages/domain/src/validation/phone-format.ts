// Phone rules that need no numbering metadata, so the browser can check them without downloading libphonenumber's
// (phone.ts adds that metadata check for international numbers on the server).

export const PANAMA_CALLING_CODE = '507';
// Landlines have 7 digits; a leading 6 was the old 7-digit mobile range, so it is refused to catch a mobile number
// missing a digit. Mobiles have 8 digits starting with 6.
const PANAMA_LANDLINE = /^[2-57-9]\d{6}$/;
const PANAMA_MOBILE = /^6\d{7}$/;

export function isPanamaNationalNumber(digits: string): boolean {
  return PANAMA_LANDLINE.test(digits) || PANAMA_MOBILE.test(digits);
}

/** E.164's shape: `+`, a country code that does not start with 0, 8 to 15 digits in all. */
export function hasInternationalShape(e164: string): boolean {
  return /^\+[1-9]\d{7,14}$/.test(e164);
}

/**
 * A renter's phone in E.164, or null when invalid. Numbers without a country code are Panamanian (7-digit landline or
 * 8-digit mobile starting with 6); numbers written with `+` (or `00`) are international and go to
 * `checkInternational`, which answers the E.164 form or null.
 */
export function normalizePhoneWith(value: string, checkInternational: (e164: string) => string | null): string | null {
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
  if (e164.startsWith(`+${PANAMA_CALLING_CODE}`)) {
    return isPanamaNationalNumber(e164.slice(PANAMA_CALLING_CODE.length + 1)) ? e164 : null;
  }
  return checkInternational(e164);
}

/** The browser's check: Panama's rule, and the E.164 shape for other countries (the server checks those fully). */
export function normalizePhoneByShape(value: string): string | null {
  return normalizePhoneWith(value, (e164) => (hasInternationalShape(e164) ? e164 : null));
}
