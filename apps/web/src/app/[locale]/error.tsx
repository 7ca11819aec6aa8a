'use client';

import { useEffect } from 'react';
import { isbot } from 'isbot';
import { ErrorScreen } from '@/features/errors/error-screen';

/** Any app error shows the 404 screen; bots get no error page, the error is only logged. */
export default function AppError({ error }: { error: Error & { digest?: string } }) {
  const bot = typeof navigator !== 'undefined' && isbot(navigator.userAgent);
  useEffect(() => {
    console.error('[app error]', error.digest ?? '', error.message);
  }, [error]);
  if (bot) return null;
  return <ErrorScreen />;
}
