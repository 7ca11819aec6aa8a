'use client';

import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * Whether the renter has just changed or cancelled the reservation on this page (not a reload or a first visit): the
 * result banner that appears then takes the focus, so that it is read out and scrolled into view, while the same
 * banner met on a fresh page leaves the focus where the browser puts it.
 */
type RenterActed = { acted: boolean; markActed: () => void };

const RenterActedContext = createContext<RenterActed>({ acted: false, markActed: () => undefined });

export function RenterActedScope({ children }: { children: ReactNode }) {
  const [acted, setActed] = useState(false);
  const value = useMemo(() => ({ acted, markActed: () => setActed(true) }), [acted]);
  return <RenterActedContext.Provider value={value}>{children}</RenterActedContext.Provider>;
}

export function useRenterActed(): RenterActed {
  return useContext(RenterActedContext);
}
