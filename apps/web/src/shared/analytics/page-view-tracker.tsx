'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { splitLocalePrefix } from '@/i18n/locale-detection';
import { pageViewEvent } from './tag-manager';

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Pushes a page view to the tag manager's dataLayer on the first load and every route change. */
export function PageViewTracker() {
  const pathname = usePathname();
  useEffect(() => {
    window.dataLayer ??= [];
    window.dataLayer.push(pageViewEvent(splitLocalePrefix(pathname).path, pathname));
  }, [pathname]);
  return null;
}
