/**
 * Words of the site's public addresses that code must agree on: like the Spanish paths (`/flota`), the fleet's filter
 * names are Spanish in every language, since renters keep and share these links.
 */
export const FLEET_FILTER_PARAMS = { type: 'tipo', make: 'marca', sort: 'orden' } as const;

/** The fleet's sort orders as they read in its addresses (`/flota?orden=pasajeros`). */
export const FLEET_SORT_VALUES = { price: 'precio', passengers: 'pasajeros', luggage: 'maletas' } as const;

/**
 * The pre-check-in's pages (the locale prefix is added by getPathname, src/i18n/navigation.ts): here, not in the
 * pre-check-in feature, because the header, the booking's next steps and the reminders link to them too.
 */
export const PRECHECKIN_PATHS = {
  start: '/precheckin',
  verify: '/precheckin/verify',
  checkout: '/precheckin/checkout',
  thanks: '/precheckin/thanks',
  preferences: '/precheckin/preferences',
} as const;
