import { describe, expect, it } from 'vitest';
import { localizedPath, matchAcceptLanguage, splitLocalePrefix } from './locale-detection';

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
  ])('%s → %s', (header, locale) => {
    expect(matchAcceptLanguage(header)).toBe(locale);
  });
});

describe('localizedPath', () => {
  it('keeps Spanish unprefixed and prefixes English', () => {
    expect(localizedPath('es', '/flota')).toBe('/flota');
    expect(localizedPath('en', '/flota')).toBe('/en/flota');
    expect(localizedPath('es', '/')).toBe('/');
    expect(localizedPath('en', '/')).toBe('/en');
  });
});
