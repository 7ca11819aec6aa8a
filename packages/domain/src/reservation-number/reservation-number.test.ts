import { describe, expect, it } from 'vitest';
import type { Brand } from '../brands';
import {
  RESERVATION_ALPHABET,
  brandOfReservationNumber,
  generateReservationNumber,
  isReservationNumber,
  normalizeReservationNumber,
  type RandomBytes,
} from './index';

/** A fake random source returning the given bytes in order, cycling. */
const bytesFrom = (values: number[]): RandomBytes => {
  let index = 0;
  return (bytes) => {
    for (let i = 0; i < bytes.length; i += 1) {
      bytes[i] = values[index % values.length] ?? 0;
      index += 1;
    }
    return bytes;
  };
};

describe('generateReservationNumber', () => {
  it('uses an alphabet without 0, O, 1, I or L', () => {
    expect(RESERVATION_ALPHABET).toHaveLength(31);
    expect(RESERVATION_ALPHABET).not.toMatch(/[01OIL]/);
    expect(new Set(RESERVATION_ALPHABET).size).toBe(31);
  });

  it.each<[Brand, number[], string]>([
    ['firefly', [0, 1, 2, 3, 4, 5], 'FF-234567'],
    ['hertz', [8, 9, 30, 31, 62, 247], 'HZ-ABZ22Z'],
    ['thrifty', [255, 248, 0, 0, 0, 0, 0, 0], 'TH-222222'],
    ['dollar', [30], 'DL-ZZZZZZ'],
  ])('%s with bytes %j → %s (bytes ≥ 248 are skipped)', (brand, bytes, expected) => {
    expect(generateReservationNumber(brand, bytesFrom(bytes))).toBe(expected);
  });

  it('produces valid numbers from the real random source', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const number = generateReservationNumber('firefly');
      expect(isReservationNumber(number)).toBe(true);
      seen.add(number);
    }
    expect(seen.size).toBe(200);
  });

  it('gives up on a source that never yields usable bytes', () => {
    expect(() => generateReservationNumber('firefly', bytesFrom([255]))).toThrow(/unusable bytes/);
  });
});

describe('reservation number checks', () => {
  it.each<[string, string | null, Brand | null]>([
    ['FF-7K3M9Q', 'FF-7K3M9Q', 'firefly'],
    [' ff-7k3m9q ', 'FF-7K3M9Q', 'firefly'],
    ['hz7k3m9q', 'HZ-7K3M9Q', 'hertz'],
    ['TH 7K3 M9Q', 'TH-7K3M9Q', 'thrifty'],
    ['dl-22zz99', 'DL-22ZZ99', 'dollar'],
    ['XX-7K3M9Q', null, null],
    ['FF-7K3M9', null, null],
    ['FF-7K3M9QQ', null, null],
    ['FF-7K3M0Q', null, null],
    ['FF-7K3MOQ', null, null],
    ['FF-7K3M1Q', null, null],
    ['FF-7K3MIQ', null, null],
    ['FF-7K3MLQ', null, null],
    ['', null, null],
  ])('%j → %s (%s)', (input, normalized, brand) => {
    expect(normalizeReservationNumber(input)).toBe(normalized);
    expect(brandOfReservationNumber(input)).toBe(brand);
  });

  it('isReservationNumber is strict about case and hyphen', () => {
    expect(isReservationNumber('FF-7K3M9Q')).toBe(true);
    expect(isReservationNumber('ff-7k3m9q')).toBe(false);
    expect(isReservationNumber('FF7K3M9Q')).toBe(false);
  });
});
