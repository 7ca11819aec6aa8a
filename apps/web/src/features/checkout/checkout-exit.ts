import { CHECKOUT_PATH, THANKS_PATH } from '@/features/booking';
import { splitLocalePrefix } from '@/i18n/locale-detection';
import { isPagePath } from '@/lib/response-headers';

/**
 * When the renter has left the checkout. A checkout attempt (a reservation saved unpaid while its payment waits for
 * the renter: the 3-D Secure window, PayPal's approval, a declined card) lasts only while the renter stays on the
 * checkout: any other page ends it, so the next checkout starts afresh and the unpaid reservation stops holding a car.
 * Only the checkout itself, its thanks page and the 3-D Secure window's last page keep it; the gateways come back
 * through `/api/payments/...`, which is not a page. Shared by the proxy (each page request) and the browser (each page
 * shown without one): features/checkout/checkout-attempt.ts ends the attempt.
 */

/** The 3-D Secure window's last page: it tells the checkout and closes. */
export const VERIFICATION_PATH = '/reserva/verificacion';

const KEEPING_PATHS: readonly string[] = [CHECKOUT_PATH, THANKS_PATH, VERIFICATION_PATH];

/** Whether a page's path, with or without its language prefix (`/en/reserva/checkout`), keeps the attempt going. */
export function keepsCheckoutAttempt(pathname: string): boolean {
  return KEEPING_PATHS.includes(splitLocalePrefix(pathname).path);
}

/** What the rule reads of a request. */
export type PageRequest = { method: string; pathname: string; headers: { get(name: string): string | null } };

/**
 * A page the renter goes to: a GET of a page (the browser's document, or the router's data for a page it moves to),
 * not a prefetch (the router's, or the browser's own), which only readies a page the renter may never open.
 */
export function isPageNavigation({ method, pathname, headers }: PageRequest): boolean {
  if (method !== 'GET' || !isPagePath(pathname)) return false;
  if (headers.get('next-router-prefetch') !== null || headers.get('next-router-segment-prefetch') !== null) return false;
  const purpose = `${headers.get('sec-purpose') ?? ''} ${headers.get('purpose') ?? ''}`;
  return !/prefetch|prerender/i.test(purpose);
}

/** Whether this request leaves the checkout: a page navigation to any page that does not keep the attempt. */
export function leavesCheckout(request: PageRequest): boolean {
  return isPageNavigation(request) && !keepsCheckoutAttempt(request.pathname);
}
