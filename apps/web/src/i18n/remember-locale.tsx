'use client';

import { useEffect } from 'react';
import { rememberLocaleInBrowser } from '@/i18n/locale-cookie';
import type { Locale } from '@/i18n/routing';

/**
 * Records the page's language as the visitor's remembered one, once the page is in the browser: the page itself is
 * the same cached answer for everyone, without a Set-Cookie (src/i18n/locale-cookie.ts says why).
 */
export function RememberLocale({ locale }: { locale: Locale }) {
  useEffect(() => rememberLocaleInBrowser(locale), [locale]);
  return null;
}
