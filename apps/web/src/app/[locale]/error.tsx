'use client';

import { ErrorScreen, useErrorScreen } from '@/shared/errors';
import { useChunkErrorReload } from '@/shared/self-healing';

/**
 * Any app error shows the 404 screen; bots get no error page, the error is only logged. A chunk that failed to load
 * (a new build replaced the old files) reloads the page instead, once per build and address.
 */
export default function AppError({ error }: { error: Error & { digest?: string } }) {
  useChunkErrorReload(error);
  return useErrorScreen(error, '[app error]') ? <ErrorScreen /> : null;
}
