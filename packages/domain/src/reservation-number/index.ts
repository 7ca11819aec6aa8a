import { RESERVATION_PREFIXES, brandFromReservationPrefix, reservationPrefix, type Brand } from '../brands';

/** Digits and capitals without 0/O, 1/I/L, which are misread when a number is read out over the phone. */
export const RESERVATION_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export const RESERVATION_CODE_LENGTH = 6;

export const RESERVATION_NUMBER_PATTERN = new RegExp(
  `^(${Object.values(RESERVATION_PREFIXES).join('|')})-[${RESERVATION_ALPHABET}]{${RESERVATION_CODE_LENGTH}}$`,
);

/** Fills a byte array with random values; `crypto.getRandomValues` by default. */
export type RandomBytes = (bytes: Uint8Array) => Uint8Array;

const defaultRandom: RandomBytes = (bytes) => globalThis.crypto.getRandomValues(bytes);

// Bytes at or above the largest multiple of the alphabet size are dropped so every character is equally likely.
const UNBIASED_LIMIT = 256 - (256 % RESERVATION_ALPHABET.length);

/**
 * A new reservation number such as `FF-7K3M9Q`: the brand prefix and six random characters from the unambiguous
 * alphabet (31^6 ≈ 887 million codes per brand). Uniqueness is still the database's job: retry on a clash.
 */
export function generateReservationNumber(brand: Brand, random: RandomBytes = defaultRandom): string {
  let code = '';
  let rounds = 0;
  while (code.length < RESERVATION_CODE_LENGTH) {
    rounds += 1;
    if (rounds > 100) {
      throw new Error('The random source keeps returning unusable bytes');
    }
    for (const byte of random(new Uint8Array(RESERVATION_CODE_LENGTH * 2))) {
      if (byte < UNBIASED_LIMIT && code.length < RESERVATION_CODE_LENGTH) {
        code += RESERVATION_ALPHABET.charAt(byte % RESERVATION_ALPHABET.length);
      }
    }
  }
  return `${reservationPrefix(brand)}-${code}`;
}

export function isReservationNumber(value: string): boolean {
  return RESERVATION_NUMBER_PATTERN.test(value);
}

/**
 * The canonical form of a reservation number a renter typed ("ff 7k3m9q", "FF7K3M9Q", " ff-7k3m9q "), or null when
 * it cannot be one.
 */
export function normalizeReservationNumber(input: string): string | null {
  const compact = input.toUpperCase().replace(/[\s-]/g, '');
  const candidate = `${compact.slice(0, 2)}-${compact.slice(2)}`;
  return isReservationNumber(candidate) ? candidate : null;
}

/** The brand a reservation number belongs to, from its prefix, or null when it is not a valid number. */
export function brandOfReservationNumber(input: string): Brand | null {
  const normalized = normalizeReservationNumber(input);
  return normalized === null ? null : brandFromReservationPrefix(normalized.slice(0, 2));
}
