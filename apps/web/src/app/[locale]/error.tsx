'use client';

import { useEffect } from 'react';
import { useIsBot } from '@/features/errors/use-is-bot';
import { ErrorScreen } from '@/features/errors/error-screen';

/** Any app error shows the 404 screen; bots get no error page, the error is only logged. */
export default function AppError({ error }: { error: Error & { digest?: string } }) {
  // Bots get no error page (the error is logged); people see the screen once the check is done.
  const bot = useIsBot();
  useEffect(() => {
    console.error('[app error]', error.digest ?? '', error.message);
  }, [error]);
  if (bot !== false) return null;
  return <ErrorScreen />;
}
