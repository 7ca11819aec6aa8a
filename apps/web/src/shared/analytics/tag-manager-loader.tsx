'use client';

import { useEffect } from 'react';
import { tagManagerScriptUrl } from './tag-manager';

const TAG_MANAGER_SCRIPT_ID = 'tag-manager';

/**
 * Starts the tag manager as its own snippet does (the `gtm.start` event, then its script), but from the page's code
 * rather than an inline script: on a page rendered per request the Content-Security-Policy runs only scripts that
 * carry the page's nonce or that such a script adds ('strict-dynamic'), and a cached page allows the tag manager's
 * origin. Loaded once per page, whatever the navigations.
 */
export function TagManagerLoader({ containerId }: { containerId: string }) {
  useEffect(() => {
    if (document.getElementById(TAG_MANAGER_SCRIPT_ID)) return;
    window.dataLayer ??= [];
    window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.id = TAG_MANAGER_SCRIPT_ID;
    script.async = true;
    script.src = tagManagerScriptUrl(containerId);
    document.head.append(script);
  }, [containerId]);
  return null;
}
