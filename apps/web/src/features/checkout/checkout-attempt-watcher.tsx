'use client';

import { usePathname } from 'next/navigation';
import { useEffect } from 'react';
import { leaveCheckout } from './checkout-actions';
import { keepsCheckoutAttempt } from './checkout-exit';

/** One call at a time for the whole page: a second page shown before the first call ends needs no other. */
let leaving = false;

function marked(cookieName: string): boolean {
  return document.cookie.split('; ').some((pair) => pair.startsWith(`${cookieName}=`));
}

/**
 * The browser's half of the leave-checkout rule (checkout-exit.ts). The server ends an attempt on any page request
 * other than the checkout, but the browser shows some pages without asking: Next's router moves to a page it already
 * holds (a prefetched link, the back button within the site), and the back-forward cache restores a whole page. Each
 * page shown, when it is not one that keeps the attempt while the attempt's marker cookie is there, asks the server to
 * end it. Lives in the root layout, so it sees every page of the language, whichever layout the renter leaves to.
 */
export function CheckoutAttemptWatcher({ cookieName }: { cookieName: string }) {
  const pathname = usePathname();
  useEffect(() => {
    const check = (shown: string) => {
      if (leaving || keepsCheckoutAttempt(shown) || !marked(cookieName)) return;
      leaving = true;
      // A call that fails leaves the marker: the next page shown, or the next page request, ends the attempt.
      leaveCheckout()
        .catch(() => undefined)
        .finally(() => {
          leaving = false;
        });
    };
    check(pathname);
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) check(window.location.pathname);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [pathname, cookieName]);
  return null;
}
