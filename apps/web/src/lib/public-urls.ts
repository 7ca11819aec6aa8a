/**
 * Words of the site's public addresses that code must agree on: like the Spanish paths (`/flota`), the fleet's filter
 * names are Spanish in every language, since renters keep and share these links.
 */
export const FLEET_FILTER_PARAMS = { type: 'tipo', make: 'marca' } as const;
