'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { forgetPendingReservation } from './booking-actions';

const CHECKOUT = /\/reserva\/checkout$/;
const THANKS = /\/reserva\/thanks$/;

/**
 * Leaving checkout: going anywhere but the thanks page clears the pending `reservation_id` (kept in
 * the server-side draft), so the renter's next checkout starts a fresh attempt.
 */
export function CheckoutExitWatcher() {
  const pathname = usePathname();
  const previous = useRef(pathname);
  useEffect(() => {
    const left = previous.current;
    previous.current = pathname;
    if (left !== pathname && CHECKOUT.test(left) && !THANKS.test(pathname)) void forgetPendingReservation();
  }, [pathname]);
  return null;
}
