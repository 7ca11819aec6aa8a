'use client';

import { createContext, useContext, type ReactNode } from 'react';

export type BrandIdentity = { siteName: string; logoUrl: string | undefined };

const BrandContext = createContext<BrandIdentity>({ siteName: 'Rent a Car', logoUrl: undefined });

/** Gives client leaves (the error screen) the brand's name and logo without another content read. */
export function BrandProvider({ value, children }: { value: BrandIdentity; children: ReactNode }) {
  return <BrandContext value={value}>{children}</BrandContext>;
}

export function useBrandIdentity(): BrandIdentity {
  return useContext(BrandContext);
}
