'use client';

import { useEffect, useState } from 'react';

/** Whether the visitor is a bot, known after mount. The bot list is loaded only when an error screen is about to show. */
function useIsBot(): boolean | undefined {
  const [bot, setBot] = useState<boolean>();
  useEffect(() => {
    let active = true;
    import('isbot').then(
      ({ isbot }) => {
        if (active) setBot(isbot(navigator.userAgent));
      },
      // Without the bot list (its chunk failed to load) the visitor is taken for a person and sees the error screen.
      () => {
        if (active) setBot(false);
      },
    );
    return () => {
      active = false;
    };
  }, []);
  return bot;
}

/**
 * For an error boundary: logs its error once, under `label`, and tells whether to show the error screen. People see
 * it once the bot check is done; bots never do (for them the log line is all that happens). Loading the bot list
 * only here costs nothing on pages that work.
 */
export function useErrorScreen(error: Error & { digest?: string }, label: string): boolean {
  const bot = useIsBot();
  useEffect(() => {
    console.error(label, error.digest ?? '', error.message);
  }, [error, label]);
  return bot === false;
}
