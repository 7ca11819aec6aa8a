'use client';

import { useErrorScreen } from '@/features/errors/use-error-screen';
import { ErrorScreen } from '@/features/errors/error-screen';

/** Any app error shows the 404 screen; bots get no error page, the error is only logged. */
export default function AppError({ error }: { error: Error & { digest?: string } }) {
  return useErrorScreen(error, '[app error]') ? <ErrorScreen /> : null;
}
