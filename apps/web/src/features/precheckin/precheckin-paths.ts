/** The pre-check-in's pages (the locale prefix is added by localizedPath). */
export const PRECHECKIN_PATHS = {
  start: '/precheckin',
  verify: '/precheckin/verify',
  checkout: '/precheckin/checkout',
  thanks: '/precheckin/thanks',
  preferences: '/precheckin/preferences',
} as const;
