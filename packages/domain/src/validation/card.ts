import { formatPanamaDate } from '../dates';

export const CARD_BRANDS = ['visa', 'mastercard', 'amex'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** Card numbers are shown grouped; spaces and hyphens are not part of the number. */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The card network from the number's prefix (IIN ranges): Visa 4, Mastercard 51–55 and 2221–2720, Amex 34/37. */
export function detectCardBrand(value: string): CardBrand | null {
  const digits = cardDigits(value);
  if (!/^\d+$/.test(digits)) {
    return null;
  }
  if (digits.startsWith('4')) {
    return 'visa';
  }
  if (/^3[47]/.test(digits)) {
    return 'amex';
  }
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((digits.length >= 2 && two >= 51 && two <= 55) || (digits.length >= 4 && four >= 2221 && four <= 2720)) {
    return 'mastercard';
  }
  return null;
}

const BRAND_LENGTHS: Record<CardBrand, readonly number[]> = {
  visa: [13, 16, 19],
  mastercard: [16],
  amex: [15],
};

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) {
    return false;
  }
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits.charAt(digits.length - 1 - index));
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) {
        digit -= 9;
      }
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** 12–19 digits passing the Luhn check, with the network's own length when the network is recognised. */
export function isValidCardNumber(value: string): boolean {
  const digits = cardDigits(value);
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    return false;
  }
  const brand = detectCardBrand(digits);
  return brand === null || BRAND_LENGTHS[brand].includes(digits.length);
}

/** The last four digits, the only part of a number our side may keep. */
export function cardLastFour(value: string): string {
  return cardDigits(value).slice(-4);
}

export interface CardExpiry {
  month: number;
  /** Four-digit year. */
  year: number;
}

/** Cards are not issued for longer than this, so a later date is a typo. */
const MAX_YEARS_AHEAD = 20;

/** Reads `MM/YY` (spaces around the slash allowed), or null when malformed. */
export function parseCardExpiry(value: string): CardExpiry | null {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(value.trim());
  if (match === null) {
    return null;
  }
  const month = Number(match[1]);
  if (month < 1 || month > 12) {
    return null;
  }
  return { month, year: 2000 + Number(match[2]) };
}

export type CardExpiryStatus = 'valid' | 'expired' | 'invalid';

/**
 * Whether `MM/YY` is usable at `now`: a card works through the last day of its month (month taken in Panama),
 * so only earlier months are expired; malformed or implausibly distant dates are invalid.
 */
export function cardExpiryStatus(value: string, now: Date = new Date()): CardExpiryStatus {
  const expiry = parseCardExpiry(value);
  if (expiry === null) {
    return 'invalid';
  }
  const [year = 0, month = 1] = formatPanamaDate(now).split('-').map(Number);
  const current = year * 12 + (month - 1);
  const target = expiry.year * 12 + (expiry.month - 1);
  if (target < current) {
    return 'expired';
  }
  return target - current > MAX_YEARS_AHEAD * 12 ? 'invalid' : 'valid';
}
