'use client';

import './globals.css';
import { useEffect } from 'react';
import { isbot } from 'isbot';

// Errors in the locale layout itself (a site config failure, say) end here, outside every provider.
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  const bot = typeof navigator !== 'undefined' && isbot(navigator.userAgent);
  useEffect(() => {
    console.error('[fatal error]', error.digest ?? '', error.message);
  }, [error]);
  const english = typeof window !== 'undefined' && /^\/en(\/|$)/.test(window.location.pathname);
  return (
    <html lang={english ? 'en' : 'es'}>
      <body className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center font-sans">
        {bot ? null : (
          <>
            <h1 className="text-3xl font-bold">{english ? '404 - Page not found' : '404 - Página no encontrada'}</h1>
            <p>{english ? 'Sorry, the page you are looking for does not exist.' : 'Lo sentimos, la página que buscas no existe.'}</p>
            <a href={english ? '/en' : '/'} className="btn-primary">
              {english ? 'Back to home' : 'Volver al inicio'}
            </a>
          </>
        )}
      </body>
    </html>
  );
}
