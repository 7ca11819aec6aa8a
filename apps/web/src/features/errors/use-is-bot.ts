'use client';

import { useEffect, useState } from 'react';

/**
 * Whether the visitor is a bot, known after mount. The bot list is loaded only when an error screen is about to
 * show, so it costs nothing on pages that work.
 */
export function useIsBot(): boolean | undefined {
  const [bot, setBot] = useState<boolean>();
  useEffect(() => {
    let active = true;
    import('isbot').then(({ isbot }) => {
      if (active) setBot(isbot(navigator.userAgent));
    });
    return () => {
      active = false;
    };
  }, []);
  return bot;
}
