/** The pre-check-in's pages (the locale prefix is added by getPathname, src/i18n/navigation.ts). */
export const PRECHECKIN_PATHS = {
  start: '/precheckin',
  verify: '/precheckin/verify',
  checkout: '/precheckin/checkout',
  thanks: '/precheckin/thanks',
  preferences: '/precheckin/preferences',
} as const;
