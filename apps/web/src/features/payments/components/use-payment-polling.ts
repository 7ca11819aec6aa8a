'use client';

import { useEffect, useRef } from 'react';
import type { PaymentActionResult } from '../payment-answers';

const POLL_INTERVAL_MS = 2500;

/** The message the verification window's last page sends its opener. */
export const VERIFICATION_MESSAGE = 'rentacar-payment-verification';

/**
 * While a payment waits for the renter at the gateway, asks the server where it stands (the server asks the gateway)
 * at once (a page reloaded during the check learns its state without waiting), then every few seconds, and at once when the verification window says it is done. The first final answer (paid, or an
 * error) is handed to `onResult`, and the asking stops; "still verifying" and "pending" are not final.
 */
export function usePaymentPolling(active: boolean, locale: string, check: (locale: string) => Promise<PaymentActionResult>, onResult: (result: PaymentActionResult) => void) {
  const latest = useRef(onResult);
  const ask = useRef(check);
  useEffect(() => {
    latest.current = onResult;
    ask.current = check;
  });
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let busy = false;
    // A server action is posted to the address shown: once the renter has moved on to another page (this one not yet
    // gone), no ask, which that page would not know.
    const page = window.location.pathname;
    const check = async () => {
      if (busy || stopped || window.location.pathname !== page) return;
      busy = true;
      try {
        const result = await ask.current(locale);
        if (stopped || result.status === 'pending' || result.status === 'verify') return;
        // An answer ends the asking, before the page moves on or shows it.
        stopped = true;
        window.clearInterval(timer);
        window.removeEventListener('message', onMessage);
        latest.current(result);
      } finally {
        busy = false;
      }
    };
    const timer = window.setInterval(() => void check(), POLL_INTERVAL_MS);
    const onMessage = (event: MessageEvent<unknown>) => {
      const data = event.data;
      if (event.origin === window.location.origin && typeof data === 'object' && data !== null && (data as { type?: unknown }).type === VERIFICATION_MESSAGE) void check();
    };
    window.addEventListener('message', onMessage);
    void check();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      window.removeEventListener('message', onMessage);
    };
  }, [active, locale]);
}
