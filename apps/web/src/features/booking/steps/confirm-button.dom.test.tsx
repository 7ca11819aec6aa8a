import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, renderInLanguage, settleLater } from '../../../../test/render-in-language';
import { confirmReservation } from '../booking-actions';
import { ConfirmButton } from './confirm-button';

vi.mock('../booking-actions', () => ({ confirmReservation: vi.fn() }));
const confirmMock = vi.mocked(confirmReservation);

/** A promise the test settles when it chooses: the server still working meanwhile. */
describe.each(['es', 'en'] as const)('confirming the reservation, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.booking.checkout;
  const alertText = () => screen.getByRole('alert').textContent;

  beforeEach(() => {
    confirmMock.mockReset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('books once on a double click, busy while the server works', async () => {
    const answer = settleLater<{ ok: true }>();
    confirmMock.mockReturnValue(answer.promise);
    const { user } = renderInLanguage(language, <ConfirmButton locale={language} shownTotal={28676} />);
    await user.dblClick(screen.getByRole('button', { name: text.confirm }));

    const busy = screen.getByRole('button', { name: text.confirming });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(confirmMock).toHaveBeenCalledTimes(1);
    // The total the page showed goes with the confirmation: the server books no other.
    expect(confirmMock).toHaveBeenCalledWith(language, 28676);
    answer.settle({ ok: true });
    await waitFor(() => expect(screen.getByRole('button', { name: text.confirm })).toBeEnabled());
  });

  it('announces why the server refused, a field’s reason when it gave no other', async () => {
    confirmMock.mockResolvedValueOnce({ ok: false, errors: { pickupAt: { message: 'booking.errors.soldOut' } } });
    const { user } = renderInLanguage(language, <ConfirmButton locale={language} shownTotal={28676} />);
    await user.click(screen.getByRole('button', { name: text.confirm }));
    await waitFor(() => expect(alertText()).toBe(messages.booking.errors.soldOut));

    // Another try: a refusal that gives no reason at all gets the general one.
    confirmMock.mockResolvedValueOnce({ ok: false, errors: {} });
    await user.click(screen.getByRole('button', { name: text.confirm }));
    await waitFor(() => expect(alertText()).toBe(messages.booking.errors.serviceUnavailable));
  });

  it('says the server could not be reached when the call fails, and stays on the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    confirmMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = renderInLanguage(language, <ConfirmButton locale={language} shownTotal={28676} />);
    await user.click(screen.getByRole('button', { name: text.confirm }));

    await waitFor(() => expect(alertText()).toBe(messages.booking.errors.connectionLost));
    expect(screen.getByRole('button', { name: text.confirm })).toBeEnabled();
  });
});
