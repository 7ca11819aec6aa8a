'use client';

import { createContext, useContext, type ReactNode } from 'react';

/** The error screen's texts in the page's language (templates keep their `{path}` placeholder). */
export type ErrorTexts = { heading: string; text: string; backHome: string; notFoundPath: string; infoNotFound: string };

export type BrandIdentity = { siteName: string; logoUrl: string | undefined; homeHref: string; errorTexts: ErrorTexts };

const BrandContext = createContext<BrandIdentity | undefined>(undefined);

/**
 * Gives client leaves (the error screens) the brand's name, logo and error texts from the server, so the browser
 * needs no message catalogue or i18n runtime.
 */
export function BrandProvider({ value, children }: { value: BrandIdentity; children: ReactNode }) {
  return <BrandContext value={value}>{children}</BrandContext>;
}

export function useBrandIdentity(): BrandIdentity {
  const identity = useContext(BrandContext);
  if (!identity) throw new Error('useBrandIdentity must be used inside <BrandProvider>');
  return identity;
}
