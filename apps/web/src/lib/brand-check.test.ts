import { describe, expect, it } from 'vitest';
import { assertBrandConfigured } from './brand-check';

describe('brand configuration', () => {
  it('refuses to start without a brand, naming the variable and the allowed values', () => {
    expect(() => assertBrandConfigured(undefined)).toThrow(/^No brand specified.*BRAND environment variable.*firefly, hertz, thrifty, dollar/);
    expect(() => assertBrandConfigured('')).toThrow(/No brand specified/);
  });
  it('refuses an unknown brand', () => {
    expect(() => assertBrandConfigured('avis')).toThrow(/Unknown brand "avis"/);
  });
  it('accepts the four brands', () => {
    for (const brand of ['firefly', 'hertz', 'thrifty', 'dollar']) expect(assertBrandConfigured(brand)).toBe(brand);
  });
});
