'use client';

import './globals.css';
import { FALLBACK_ERROR_TEXTS, useErrorScreen } from '@/shared/errors';

// Errors in the locale layout itself (a site config failure, say) end here, outside every provider.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  const showScreen = useErrorScreen(error, '[fatal error]');
  const english = typeof window !== 'undefined' && /^\/en(\/|$)/.test(window.location.pathname);
  const text = FALLBACK_ERROR_TEXTS[english ? 'en' : 'es'];
  return (
    <html lang={english ? 'en' : 'es'}>
      <body className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center font-sans">
        {showScreen ? (
          <>
            <h1 className="text-3xl font-bold">{text.heading}</h1>
            <p>{text.text}</p>
            <a href={english ? '/en' : '/'} className="btn-primary">
              {text.backHome}
            </a>
          </>
        ) : null}
      </body>
    </html>
  );
}
