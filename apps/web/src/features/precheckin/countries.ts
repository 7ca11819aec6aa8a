import 'server-only';
import { countryCodes } from '@rentacar/domain/validation';
import { FORMAT_LOCALE, type Locale } from '@/i18n/routing';
import type { CountryOption } from './components/verify-form';

const cache = new Map<Locale, CountryOption[]>();

/** Every country a licence may come from, named and sorted in the renter's language. */
export function countryOptions(locale: Locale): CountryOption[] {
  const known = cache.get(locale);
  if (known) return known;
  const names = new Intl.DisplayNames([FORMAT_LOCALE[locale]], { type: 'region' });
  const collator = new Intl.Collator(FORMAT_LOCALE[locale]);
  const options = countryCodes()
    .map((code) => ({ code, name: names.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(locale, options);
  return options;
}
