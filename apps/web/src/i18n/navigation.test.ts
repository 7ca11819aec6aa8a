import { describe, expect, it } from 'vitest';
import { createNavigation } from 'next-intl/navigation';
import { getPathname } from './navigation';
import { LOCALES, routing } from './routing';

// next-intl's own navigation for the same routing: the storefront's getPathname must give the paths it gives.
const nextIntl = createNavigation(routing);

describe('getPathname', () => {
  it('keeps Spanish unprefixed and prefixes English', () => {
    expect(getPathname({ href: '/flota', locale: 'es' })).toBe('/flota');
    expect(getPathname({ href: '/flota', locale: 'en' })).toBe('/en/flota');
    expect(getPathname({ href: '/', locale: 'es' })).toBe('/');
    expect(getPathname({ href: '/', locale: 'en' })).toBe('/en');
  });

  it('keeps a query', () => {
    expect(getPathname({ href: { pathname: '/corporativo/ingresar', query: { motivo: 'logout' } }, locale: 'en' })).toBe('/en/corporativo/ingresar?motivo=logout');
    expect(getPathname({ href: '/corporativo/ingresar?next=%2Fcorporativo%2Freservas', locale: 'es' })).toBe('/corporativo/ingresar?next=%2Fcorporativo%2Freservas');
  });

  it('gives the paths next-intl’s navigation gives for the routing', () => {
    const hrefs = [
      '/',
      '/?x=1',
      '/flota',
      '/flota?pickup_branch=PTY',
      '/info/terminos-y-condiciones',
      '/reserva?paso=coverage',
      '/corporativo/reservas/FF-7K3M9Q',
      '/sucursales#PTY',
      { pathname: '/corporativo/ingresar', query: { motivo: 'logout', next: '/corporativo' } },
      { pathname: '/' },
    ];
    for (const locale of LOCALES) {
      for (const href of hrefs) expect(getPathname({ href, locale }), JSON.stringify(href)).toBe(nextIntl.getPathname({ href, locale }));
    }
  });
});
