import type { Messages } from 'next-intl';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import type { Locale } from './routing';

/** The message catalogues by language, typed as the Spanish one: an English file missing a key fails the type check. */
export const CATALOGUES: Record<Locale, Messages> = { es, en };
