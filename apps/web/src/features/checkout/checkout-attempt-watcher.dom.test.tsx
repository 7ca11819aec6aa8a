import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { leaveCheckout } from './checkout-actions';
import { CheckoutAttemptWatcher } from './checkout-attempt-watcher';
import type * as Navigation from 'next/navigation';

// The browser's half of the leave-checkout rule: pages the browser shows without asking the server (Next's router
// cache, the back-forward cache) end a marked attempt too.

vi.mock('./checkout-actions', () => ({ leaveCheckout: vi.fn() }));
let pathname = '/';
vi.mock('next/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof Navigation>()), usePathname: () => pathname }));
const leaveMock = vi.mocked(leaveCheckout);
const COOKIE = 'checkout_attempt';

function markAttempt() {
  document.cookie = `${COOKIE}=FF-ABC123.signature; path=/`;
}

/** Shows `paths` one after the other, as the root layout (which keeps the watcher mounted) sees the router move. */
function show(paths: string[]) {
  const [first = '/', ...rest] = paths;
  pathname = first;
  const view = render(<CheckoutAttemptWatcher cookieName={COOKIE} />);
  for (const next of rest) {
    pathname = next;
    view.rerender(<CheckoutAttemptWatcher cookieName={COOKIE} />);
  }
  return view;
}

beforeEach(() => {
  leaveMock.mockReset();
  leaveMock.mockResolvedValue(undefined);
});
afterEach(() => {
  document.cookie = `${COOKIE}=; path=/; max-age=0`;
});

describe('the checkout attempt watcher', () => {
  it.each([
    ['the router moves from the checkout to the landing page (the logo, from its cache)', ['/reserva/checkout', '/']],
    ['the router moves from the checkout to the fleet, in English', ['/en/reserva/checkout', '/en/flota']],
    ['the back button takes the router to a step of the flow', ['/reserva/checkout', '/reserva']],
    ['a page is opened while an attempt is marked (another tab)', ['/flota']],
  ])('ends a marked attempt when %s', (_, paths) => {
    markAttempt();
    show(paths);
    expect(leaveMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['the checkout', ['/reserva/checkout', '/en/reserva/checkout']],
    ['the thanks page', ['/reserva/checkout', '/reserva/thanks']],
    ['the 3-D Secure window’s last page', ['/reserva/verificacion']],
  ])('keeps it on %s', (_, paths) => {
    markAttempt();
    show(paths);
    expect(leaveMock).not.toHaveBeenCalled();
  });

  it('asks nothing of the server when no attempt is marked, whatever the page', () => {
    show(['/reserva/checkout', '/', '/flota', '/reserva']);
    expect(leaveMock).not.toHaveBeenCalled();
  });

  it('ends it when the browser restores a page from its back-forward cache', () => {
    window.history.pushState({}, '', '/flota');
    show(['/flota']);
    expect(leaveMock).not.toHaveBeenCalled();
    // The renter went on to the checkout, started an attempt, then pressed back: the old page comes back as it was.
    markAttempt();
    act(() => {
      window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    });
    expect(leaveMock).toHaveBeenCalledTimes(1);
    window.history.pushState({}, '', '/');
  });

  it('asks once while its call runs, however many pages the renter passes meanwhile', async () => {
    let finish = () => {};
    leaveMock.mockReturnValue(new Promise<void>((resolve) => (finish = resolve)));
    markAttempt();
    show(['/reserva/checkout', '/', '/flota', '/sucursales']);
    expect(leaveMock).toHaveBeenCalledTimes(1);
    await act(async () => {
      finish();
      await Promise.resolve();
    });
  });
});
