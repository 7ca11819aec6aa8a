'use client';

import { useSyncExternalStore } from 'react';
import { formatPanamaDate, type LocalDate } from '@rentacar/domain/dates';

const subscribeToNothing = () => () => {};

/**
 * Today's Panama date in the browser, and '' on the server and during hydration: static HTML must not carry the date
 * it was rendered on, and the server's clock decides nothing a renter sees before hydration.
 */
export function usePanamaToday(): LocalDate {
  return useSyncExternalStore(subscribeToNothing, () => formatPanamaDate(new Date()), () => '');
}
