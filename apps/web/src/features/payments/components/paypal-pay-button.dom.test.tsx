import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, renderInLanguage, type Language } from '../../../../test/render-in-language';
import type { PaymentActionResult } from '../payment-answers';
import { PayPalPayButton } from './paypal-pay-button';

const APPROVAL_URL = 'http://127.0.0.1:8170/paypal/checkoutnow?token=ORDER-42';

describe.each(['es', 'en'] as const)('paying with PayPal, in %s', (language) => {
  const text = catalogues[language].booking.payment;
  const start = vi.fn<(locale: string) => Promise<PaymentActionResult>>();
  const assign = vi.fn<(url: string) => void>();
  const renderButton = (locale: Language = language) => renderInLanguage(language, <PayPalPayButton locale={locale} start={start} />);

  beforeEach(() => {
    start.mockReset();
    assign.mockReset();
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says what happens at PayPal, then sends the renter to the approval page the server created', async () => {
    start.mockResolvedValue({ status: 'redirect', url: APPROVAL_URL });
    const { user } = renderButton();
    expect(screen.getByText(text.paypalNote)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.paypalContinue }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(APPROVAL_URL));
    expect(start).toHaveBeenCalledWith(language);
    // Leaving for PayPal: busy, so a second click cannot create a second order.
    const button = screen.getByRole('button', { name: text.paypalRedirecting });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('announces why the order could not be created, and lets the renter try again', async () => {
    start.mockResolvedValueOnce({ status: 'error', error: { message: 'booking.payment.processingError' }, reason: { message: 'booking.payment.gatewayUnavailable' } });
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: text.paypalContinue }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(`${text.processingError}${text.gatewayUnavailable}`));
    expect(assign).not.toHaveBeenCalled();
    start.mockResolvedValueOnce({ status: 'redirect', url: APPROVAL_URL });
    await user.click(await screen.findByRole('button', { name: text.paypalContinue }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(APPROVAL_URL));
  });

  it('says the server could not be reached when the call fails, instead of the error screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    start.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = renderButton();
    await user.click(screen.getByRole('button', { name: text.paypalContinue }));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(catalogues[language].booking.errors.connectionLost));
    expect(assign).not.toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: text.paypalContinue })).toBeEnabled();
  });
});
