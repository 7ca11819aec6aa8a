// Card-field rules shared by the hosted card fields (served to browsers as /metrobank/fields/v1/card-rules.js) and
// the token endpoint. Browser-safe: no imports, no Node APIs.

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';
export type FieldErrorCode = 'required' | 'invalid_number' | 'invalid_expiry' | 'expired_card' | 'invalid_cvc';

export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '');
}

/** The Luhn (mod 10) check of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = digits.charCodeAt(i) - 48;
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

/** The card network by the number's first digits (also for a partly typed number). */
export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^5[1-5]/.test(digits)) return 'mastercard';
  // 2221-2720: Mastercard's 2-series.
  if (/^2\d{3}/.test(digits)) {
    const prefix = Number(digits.slice(0, 4));
    if (prefix >= 2221 && prefix <= 2720) return 'mastercard';
  }
  return 'unknown';
}

/** A card number in groups of four digits, as typed in the card field. */
export function formatCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Digits only (spaces allowed between them), 13 to 19 of them, passing the Luhn check. */
export function numberError(raw: string): FieldErrorCode | undefined {
  const value = raw.trim();
  if (value === '') return 'required';
  if (!/^[\d ]+$/.test(value)) return 'invalid_number';
  const digits = digitsOnly(value);
  if (digits.length < 13 || digits.length > 19 || !luhnValid(digits)) return 'invalid_number';
  return undefined;
}

/** Month and full year of an expiry typed as MM/YY (also MM / YY, MMYY or MM/YYYY); undefined when malformed. */
export function parseExpiry(raw: string): { month: number; year: number } | undefined {
  const match = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(raw.trim());
  if (!match) return undefined;
  const month = Number(match[1]);
  const yearText = match[2] ?? '';
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return undefined;
  return { month, year };
}

/** True when the card's last valid month (in UTC) is before `now`'s month. */
export function isExpired(month: number, year: number, now: Date): boolean {
  return year * 12 + (month - 1) < now.getUTCFullYear() * 12 + now.getUTCMonth();
}

export function expiryError(raw: string, now: Date): FieldErrorCode | undefined {
  if (raw.trim() === '') return 'required';
  const parsed = parseExpiry(raw);
  if (!parsed) return 'invalid_expiry';
  return isExpired(parsed.month, parsed.year, now) ? 'expired_card' : undefined;
}

/** Three or four digits. */
export function cvcError(raw: string): FieldErrorCode | undefined {
  const value = raw.trim();
  if (value === '') return 'required';
  return /^\d{3,4}$/.test(value) ? undefined : 'invalid_cvc';
}
