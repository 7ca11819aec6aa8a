import { getRequestConfig } from 'next-intl/server';
import { PANAMA_TIME_ZONE } from '@rentacar/domain/dates';
import { CATALOGUES } from './catalogues';
import { localeOrDefault } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = localeOrDefault(requested);
  return { locale, messages: CATALOGUES[locale], timeZone: PANAMA_TIME_ZONE };
});
