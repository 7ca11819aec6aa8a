import { describe, expect, it } from 'vitest';
import {
  BRANDS,
  DEFAULT_BRAND,
  brandFromEnv,
  brandFromReservationPrefix,
  isBrand,
  reservationPrefix,
  type Brand,
} from './index';

describe('brands', () => {
  it('lists the four brands with firefly as default', () => {
    expect(BRANDS).toEqual(['firefly', 'hertz', 'thrifty', 'dollar']);
    expect(DEFAULT_BRAND).toBe('firefly');
  });

  it.each<[unknown, boolean]>([
    ['firefly', true],
    ['hertz', true],
    ['thrifty', true],
    ['dollar', true],
    ['Hertz', false],
    ['avis', false],
    ['', false],
    [undefined, false],
    [1, false],
  ])('isBrand(%j) = %s', (value, expected) => {
    expect(isBrand(value)).toBe(expected);
  });

  it.each<[Brand, string]>([
    ['firefly', 'FF'],
    ['hertz', 'HZ'],
    ['thrifty', 'TH'],
    ['dollar', 'DL'],
  ])('%s → prefix %s', (brand, prefix) => {
    expect(reservationPrefix(brand)).toBe(prefix);
    expect(brandFromReservationPrefix(prefix.toLowerCase())).toBe(brand);
  });

  it('has no brand for an unknown prefix', () => {
    expect(brandFromReservationPrefix('XX')).toBeNull();
  });

  it.each<[string | undefined, Brand | RegExp]>([
    ['hertz', 'hertz'],
    [' dollar ', 'dollar'],
    [undefined, /^No brand specified on next config: set the BRAND environment variable to one of: firefly, hertz, thrifty, dollar\.$/],
    ['', /^No brand specified on next config: /],
    ['  ', /^No brand specified on next config: /],
    ['avis', /^Unknown brand "avis" in BRAND: use one of: firefly, hertz, thrifty, dollar/],
  ])('brandFromEnv(%j)', (value, expected) => {
    if (expected instanceof RegExp) {
      expect(() => brandFromEnv(value)).toThrow(expected);
    } else {
      expect(brandFromEnv(value)).toBe(expected);
    }
  });
});
