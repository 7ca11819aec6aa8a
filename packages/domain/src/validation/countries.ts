import { getCountries } from 'libphonenumber-js';

/**
 * ISO 3166-1 alpha-2 codes of the countries and territories in libphonenumber's metadata: the places whose driving
 * licences a renter may show. Server-side (the metadata is large); the names come from Intl.DisplayNames.
 */
export function countryCodes(): string[] {
  return [...getCountries()];
}
