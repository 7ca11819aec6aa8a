/**
 * Words of the site's public addresses that code must agree on: like the Spanish paths (`/flota`), the fleet's filter
 * names are Spanish in every language, since renters keep and share these links.
 */
export const FLEET_FILTER_PARAMS = { type: 'tipo', make: 'marca', sort: 'orden' } as const;

/** The fleet's sort orders as they read in its addresses (`/flota?orden=pasajeros`). */
export const FLEET_SORT_VALUES = { price: 'precio', passengers: 'pasajeros', luggage: 'maletas' } as const;
