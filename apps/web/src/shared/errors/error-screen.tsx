'use client';

import { usePathname } from 'next/navigation';
import { useBrandIdentity } from '@/components/brand-context';
import { decodePathSegment } from '@/lib/path-segment';
import { NOT_FOUND_PATH_PLACEHOLDER } from './not-found-path';

/** The screen for every app error and unknown page: logo, heading, text and a link home. */
export function ErrorScreen({ messageKey }: { messageKey?: 'infoNotFound' }) {
  const { siteName, logoUrl, homeHref, errorTexts } = useBrandIdentity();
  const pathname = usePathname();
  return (
    <main id="main" className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-6 px-6 py-16 text-center">
      {logoUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- an SVG logo from the content service
        <img src={logoUrl} alt={siteName} width={180} height={45} className="h-11 w-auto" />
      ) : (
        <p className="text-2xl font-bold text-brand">{siteName}</p>
      )}
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{errorTexts.heading}</h1>
      <p className="text-lg text-slate-700">{errorTexts.text}</p>
      <p className="text-sm text-slate-600" data-testid="error-message">
        {messageKey ? errorTexts[messageKey] : errorTexts.notFoundPath.replace(NOT_FOUND_PATH_PLACEHOLDER, decodePathSegment(pathname))}
      </p>
      <a href={homeHref} className="btn-primary">
        {errorTexts.backHome}
      </a>
    </main>
  );
}
