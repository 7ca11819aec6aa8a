import type { Browser, BrowserContext } from '@playwright/test';

export const SPANISH = { locale: 'es-ES', extraHTTPHeaders: { 'Accept-Language': 'es-ES,es;q=0.9' } } as const;
export const ENGLISH = { locale: 'en-US', extraHTTPHeaders: { 'Accept-Language': 'en-US,en;q=0.9' } } as const;

export async function spanishContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext(SPANISH);
}

/** Every route of the spec's table that needs no guard, without prefix. */
export const OPEN_ROUTES = ['/', '/flota', '/info/terminos-y-condiciones', '/promos', '/jobs', '/sucursales', '/precheckin/preferences'];

/** The three forms of a route: Spanish unprefixed, /es and /en. */
export function threeForms(route: string): { path: string; lang: 'es' | 'en' }[] {
  const suffix = route === '/' ? '' : route;
  return [
    { path: route, lang: 'es' },
    { path: `/es${suffix}`, lang: 'es' },
    { path: `/en${suffix}`, lang: 'en' },
  ];
}
