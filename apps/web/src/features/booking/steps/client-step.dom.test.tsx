import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, errorSummaryText, renderInLanguage, type Language } from '../../../../test/render-in-language';
import { saveClient } from '../booking-actions';
import { ClientStep } from './client-step';

vi.mock('../booking-actions', () => ({ saveClient: vi.fn() }));
const saveClientMock = vi.mocked(saveClient);

const PICKUP_DATE = '2026-12-23';

function renderStep(language: Language, initial = {}) {
  return renderInLanguage(language, <ClientStep locale={language} initial={initial} pickupDate={PICKUP_DATE} minimumAge={21} termsHref="/info/terminos-y-condiciones" backHref="/reserva?paso=extras" />);
}

const valid = { firstName: 'Ana', lastName: 'Pérez', email: 'ana@example.com', phone: '6123-4567', birthday: '1990-05-01', license: 'PA-123456' };

describe.each(['es', 'en'] as const)('the client step, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.booking.client;
  const continueButton = () => screen.getByRole('button', { name: messages.booking.continue });

  beforeEach(() => {
    saveClientMock.mockReset();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('names every missing field under it, counts them above the form, focuses the first and sends nothing', async () => {
    const { user } = renderStep(language);
    await user.click(continueButton());

    for (const label of [text.firstName, text.lastName, text.email, text.phone, text.birthday, text.license]) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(messages.validation.required));
      expect(screen.getByLabelText(label)).toBeInvalid();
    }
    expect(screen.getByRole('checkbox', { name: text.terms })).toHaveAccessibleDescription(messages.validation.termsRequired);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(errorSummaryText(language, 7));
    expect(screen.getByLabelText(text.firstName)).toHaveFocus();
    expect(saveClientMock).not.toHaveBeenCalled();
  });

  it('asks each personal field for the browser’s autofill', () => {
    renderStep(language);
    expect(screen.getByLabelText(text.firstName)).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText(text.lastName)).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText(text.email)).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText(text.phone)).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText(text.birthday)).toHaveAttribute('autocomplete', 'bday');
    expect(screen.getByLabelText(text.license)).toHaveAttribute('autocomplete', 'on');
  });

  it('refuses a renter one day short of 21 on the pickup date, then sends the details once the date is right', async () => {
    saveClientMock.mockResolvedValue({ ok: true });
    const { user } = renderStep(language, { ...valid, birthday: '2005-12-24', termsAccepted: true });
    await user.click(continueButton());

    const birthday = screen.getByLabelText(text.birthday);
    expect(birthday).toHaveAccessibleDescription(expect.stringContaining(messages.validation.minAge.replace('{minimumAge}', '21')));
    expect(saveClientMock).not.toHaveBeenCalled();

    await user.clear(birthday);
    await user.type(birthday, '2005-12-23');
    await user.click(continueButton());
    await waitFor(() => expect(saveClientMock).toHaveBeenCalledTimes(1));
    expect(saveClientMock).toHaveBeenCalledWith(language, expect.objectContaining({ email: valid.email, birthday: '2005-12-23', termsAccepted: true }));
    expect(screen.queryByText(messages.validation.minAge.replace('{minimumAge}', '21'))).not.toBeInTheDocument();
  });

  it('shows the server’s refusal under its field and above the form, keeping everything typed', async () => {
    saveClientMock.mockResolvedValue({ ok: false, errors: { phone: { message: 'validation.phone' } }, formError: { message: 'booking.errors.serviceUnavailable' } });
    const { user } = renderStep(language);
    await user.type(screen.getByLabelText(text.firstName), valid.firstName);
    await user.type(screen.getByLabelText(text.lastName), valid.lastName);
    await user.type(screen.getByLabelText(text.email), valid.email);
    await user.type(screen.getByLabelText(text.phone), valid.phone);
    await user.type(screen.getByLabelText(text.birthday), valid.birthday);
    await user.type(screen.getByLabelText(text.license), valid.license);
    await user.click(screen.getByRole('checkbox', { name: text.terms }));
    await user.click(continueButton());

    const phone = screen.getByLabelText(text.phone);
    await waitFor(() => expect(phone).toHaveAccessibleDescription(expect.stringContaining(messages.validation.phone)));
    expect(phone).toHaveFocus();
    const formAlert = screen.getAllByRole('alert').find((alert) => alert.textContent === messages.booking.errors.serviceUnavailable);
    expect(formAlert).toBeDefined();
    expect(screen.getByLabelText(text.firstName)).toHaveValue(valid.firstName);
    expect(screen.getByLabelText(text.email)).toHaveValue(valid.email);
    expect(phone).toHaveValue(valid.phone);
    expect(screen.getByRole('checkbox', { name: text.terms })).toBeChecked();
  });

  it('says the server could not be reached when the call fails, keeping the page and everything typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    saveClientMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = renderStep(language, { ...valid, termsAccepted: true });
    await user.click(continueButton());

    await waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(messages.booking.errors.connectionLost));
    expect(screen.getByLabelText(text.email)).toHaveValue(valid.email);
    expect(screen.getByRole('checkbox', { name: text.terms })).toBeChecked();
    // The button is free again once the failed save's transition ends (the alert may render a moment before).
    await waitFor(() => expect(continueButton()).toBeEnabled());
  });

  it('links the terms in a new tab and goes back to the extras without saving', () => {
    renderStep(language);
    const terms = screen.getByRole('link', { name: text.termsLink });
    expect(terms).toHaveAttribute('href', '/info/terminos-y-condiciones');
    expect(terms).toHaveAttribute('target', '_blank');
    const form = screen.getByRole('form', { name: text.title });
    expect(within(form).getByRole('link', { name: messages.booking.back })).toHaveAttribute('href', '/reserva?paso=extras');
  });
});
