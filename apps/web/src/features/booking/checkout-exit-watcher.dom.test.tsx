import { render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetPendingReservation } from './booking-actions';
import { CheckoutExitWatcher } from './checkout-exit-watcher';
import type * as Navigation from 'next/navigation';

vi.mock('./booking-actions', () => ({ forgetPendingReservation: vi.fn() }));
let pathname = '/';
vi.mock('next/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof Navigation>()), usePathname: () => pathname }));
const forgetMock = vi.mocked(forgetPendingReservation);

/** Walks the client-side navigation through `paths`, as the layout that keeps the watcher mounted sees it. */
function navigate(paths: string[]) {
  const [first = '/', ...rest] = paths;
  pathname = first;
  const view = render(<CheckoutExitWatcher />);
  for (const next of rest) {
    pathname = next;
    view.rerender(<CheckoutExitWatcher />);
  }
}

describe('leaving checkout (check-reservation-details)', () => {
  beforeEach(() => {
    forgetMock.mockReset();
    forgetMock.mockResolvedValue(undefined);
  });

  it.each([
    ['for a step of the flow', ['/reserva/checkout', '/reserva']],
    ['for the fleet, in English', ['/en/reserva/checkout', '/en/fleet']],
    ['for the landing page', ['/reserva/checkout', '/']],
  ])('clears the pending reservation %s', (_, paths) => {
    navigate(paths);
    expect(forgetMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['going on to the thanks page', ['/reserva/checkout', '/reserva/thanks']],
    ['going on to the thanks page, in English', ['/en/reserva/checkout', '/en/reserva/thanks']],
    ['arriving at checkout', ['/reserva', '/reserva/checkout']],
    ['moving between pages that are not checkout', ['/flota', '/reserva', '/']],
    ['a render of the same checkout', ['/reserva/checkout', '/reserva/checkout']],
  ])('keeps it when %s', (_, paths) => {
    navigate(paths);
    expect(forgetMock).not.toHaveBeenCalled();
  });
});
