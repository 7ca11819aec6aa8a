'use client';

import './globals.css';
import { useEffect } from 'react';
import { useIsBot } from '@/features/errors/use-is-bot';
import { FALLBACK_ERROR_TEXTS } from '@/features/errors/fallback-error-texts';

// Errors in the locale layout itself (a site config failure, say) end here, outside every provider.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  // Bots get no error page (the error is logged); people see the screen once the check is done.
  const bot = useIsBot();
  useEffect(() => {
    console.error('[fatal error]', error.digest ?? '', error.message);
  }, [error]);
  const english = typeof window !== 'undefined' && /^\/en(\/|$)/.test(window.location.pathname);
  const text = FALLBACK_ERROR_TEXTS[english ? 'en' : 'es'];
  return (
    <html lang={english ? 'en' : 'es'}>
      <body className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center font-sans">
        {bot !== false ? null : (
          <>
            <h1 className="text-3xl font-bold">{text.heading}</h1>
            <p>{text.text}</p>
            <a href={english ? '/en' : '/'} className="btn-primary">
              {text.backHome}
            </a>
          </>
        )}
      </body>
    </html>
  );
}
