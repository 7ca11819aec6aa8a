import { describe, expect, it } from 'vitest';
import { matchAcceptLanguage, splitLocalePrefix } from './locale-detection';

describe('splitLocalePrefix', () => {
  it.each([
    ['/', undefined, '/'],
    ['/flota', undefined, '/flota'],
    ['/es', 'es', '/'],
    ['/es/flota', 'es', '/flota'],
    ['/en/info/terminos-y-condiciones', 'en', '/info/terminos-y-condiciones'],
    ['/english', undefined, '/english'],
    ['/fr/flota', undefined, '/fr/flota'],
  ])('%s → prefix %s, path %s', (pathname, prefix, path) => {
    expect(splitLocalePrefix(pathname)).toEqual({ prefix, path });
  });
});

describe('matchAcceptLanguage', () => {
  it.each([
    ['en-US,en;q=0.9', 'en'],
    ['es-ES,es;q=0.9,en;q=0.8', 'es'],
    ['fr-FR,fr;q=0.9,en;q=0.5,es;q=0.7', 'es'],
    ['de-DE,de;q=0.9', undefined],
    ['en;q=0, es;q=0.1', 'es'],
    ['', undefined],
    [null, undefined],
    ['*', undefined],
    // The first language wins whatever its region, where next-intl's own matcher would pick the exact English.
    ['es-PA,en;q=0.9', 'es'],
    ['es-419,en', 'es'],
  ])('%s → %s', (header, locale) => {
    expect(matchAcceptLanguage(header)).toBe(locale);
  });
});
