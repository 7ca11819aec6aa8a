import type { Messages } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { PANAMA_TIME_ZONE } from '@rentacar/domain/dates';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import { localeOrDefault, type Locale } from './routing';

// Typed as the Spanish catalogue: an English file missing a key fails the type check.
const MESSAGES: Record<Locale, Messages> = { es, en };

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = localeOrDefault(requested);
  return { locale, messages: MESSAGES[locale], timeZone: PANAMA_TIME_ZONE };
});
