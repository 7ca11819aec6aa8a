import type messages from '../../messages/es.json';

// Message keys are checked at compile time: `t('unknown')` is a type error. es.json is the reference catalogue
// (messages.test.ts keeps en.json's keys the same). The augmentation names use-intl, where next-intl's AppConfig is
// declared: TypeScript cannot augment it through next-intl's `export *`.
declare module 'use-intl' {
  interface AppConfig {
    Messages: typeof messages;
  }
}
