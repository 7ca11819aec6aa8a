import { describe, expect, it } from 'vitest';
import { shouldRedirectToTerms } from './terms-redirect';

describe('shouldRedirectToTerms', () => {
  it.each([
    ['/terminos-y-condiciones', true],
    ['/Terminos-Y-Condiciones', true],
    ['/t%C3%A9rminos-y-condiciones', true],
    ['/legal/terminos-y-condiciones/2024', true],
    ['/terms-and-conditions', true],
    ['/info/terms-and-conditions', true],
    ['/info/terminos-y-condiciones', false],
    ['/info/terminos-y-condiciones/', false],
    ['/info/politica-de-privacidad', false],
    ['/flota', false],
    ['/%E0%A4%A', false],
  ])('%s → %s', (path, expected) => {
    expect(shouldRedirectToTerms(path)).toBe(expected);
  });
});
