import type messages from '../../messages/es.json';
import type { routing } from './routing';

// Message keys are checked at compile time: `t('unknown')` is a type error. es.json is the reference catalogue
// (messages.test.ts keeps en.json's keys the same). The locale is one of the routing's, so next-intl's getLocale and
// getPathname take and give `'es' | 'en'`. The augmentation names use-intl, where next-intl's AppConfig is declared:
// TypeScript cannot augment it through next-intl's `export *`.
declare module 'use-intl' {
  interface AppConfig {
    Locale: (typeof routing.locales)[number];
    Messages: typeof messages;
  }
}
