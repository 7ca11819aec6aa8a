import { describe, expect, it } from 'vitest';
import { keepsCheckoutAttempt, leavesCheckout, type PageRequest } from './checkout-exit';

// The leave-checkout rule: which requests end a checkout attempt. Every page but the checkout, its thanks page and
// the 3-D Secure window's last page does, however the renter gets there; the gateways' returns and what only readies
// a page (prefetches) do not.

function request(pathname: string, headers: Record<string, string> = {}, method = 'GET'): PageRequest {
  return { method, pathname, headers: new Headers(headers) };
}

/** The browser's document request, as for a typed address, a link without the router, or the back button. */
const DOCUMENT = { accept: 'text/html', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' };
/** Next's router moving to a page it must ask for (a link, the back button within the site). */
const ROUTER = { rsc: '1', 'next-router-state-tree': '%5B%22%22%5D' };

describe('leaving the checkout', () => {
  it.each([
    ['the landing page, through the logo', '/'],
    ['the fleet', '/flota'],
    ['the fleet, in English', '/en/flota'],
    ['the fleet in its /es form', '/es/flota'],
    ['a step of the flow', '/reserva'],
    ['manage booking', '/mi-reserva'],
    ['the pre-check-in’s own checkout', '/precheckin/checkout'],
    ['a page that does not exist', '/no-existe'],
  ])('is any page other than the checkout: %s', (_, path) => {
    expect(leavesCheckout(request(path, DOCUMENT)), `document ${path}`).toBe(true);
    expect(leavesCheckout(request(path, ROUTER)), `router ${path}`).toBe(true);
  });

  it.each([
    ['the checkout itself (a refresh, the language switched)', ['/reserva/checkout', '/es/reserva/checkout', '/en/reserva/checkout']],
    ['the thanks page', ['/reserva/thanks', '/en/reserva/thanks']],
    ['the 3-D Secure window’s last page', ['/reserva/verificacion', '/en/reserva/verificacion']],
  ])('is not %s', (_, paths) => {
    for (const path of paths) {
      expect(keepsCheckoutAttempt(path), path).toBe(true);
      expect(leavesCheckout(request(path, DOCUMENT)), path).toBe(false);
      expect(leavesCheckout(request(path, ROUTER)), path).toBe(false);
    }
  });

  it('is not a gateway coming back (3-D Secure, PayPal approved or cancelled): those are not pages', () => {
    for (const path of ['/api/payments/metrobank/return', '/api/payments/paypal/return', '/api/payments/paypal/cancel', '/api/payments/webhooks/metrobank']) {
      expect(leavesCheckout(request(path, DOCUMENT)), path).toBe(false);
    }
  });

  it('is not what only readies a page the renter may never open: the router’s prefetches, the browser’s', () => {
    const prefetches: Record<string, string>[] = [
      { ...ROUTER, 'next-router-prefetch': '1' },
      { ...ROUTER, 'next-router-prefetch': '2', 'next-router-segment-prefetch': '/_tree' },
      { ...DOCUMENT, 'sec-purpose': 'prefetch' },
      { ...DOCUMENT, 'sec-purpose': 'prefetch;prerender' },
      { ...DOCUMENT, purpose: 'prefetch' },
    ];
    for (const headers of prefetches) expect(leavesCheckout(request('/flota', headers)), JSON.stringify(headers)).toBe(false);
  });

  it('is not a server action, a HEAD, an asset or a file of the site', () => {
    expect(leavesCheckout(request('/flota', { 'next-action': '40abc' }, 'POST'))).toBe(false);
    expect(leavesCheckout(request('/flota', DOCUMENT, 'HEAD'))).toBe(false);
    for (const path of ['/_next/static/chunks/app.js', '/builds/latest.json', '/favicon.ico', '/robots.txt', '/sitemap.xml']) {
      expect(leavesCheckout(request(path)), path).toBe(false);
    }
  });
});
