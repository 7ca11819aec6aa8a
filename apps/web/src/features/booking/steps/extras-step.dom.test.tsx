import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, errorSummaryText, renderInLanguage, type Language } from '../../../../test/render-in-language';
import { saveExtras } from '../booking-actions';
import { ExtrasStep, type StepDelivery, type StepExtra } from './extras-step';

vi.mock('../booking-actions', () => ({ saveExtras: vi.fn() }));
const saveExtrasMock = vi.mocked(saveExtras);

const extras: StepExtra[] = [
  { code: 'child_seat', name: 'Silla para niños', description: 'Hasta 18 kg', dailyPrice: '$7.00', capPerRental: '$70.00', maxQuantity: 2, includedIn: undefined },
  { code: 'gps', name: 'GPS', description: '', dailyPrice: '$5.00', capPerRental: undefined, maxQuantity: 1, includedIn: undefined },
];
const deliveryOptions: StepDelivery[] = [
  { id: '4', description: 'Entrega en tu hotel', price: '$25.00', needsFlightNumber: false },
  { id: '5', description: 'Meet & greet en Tocumen', price: '$15.00', needsFlightNumber: true },
];

function renderStep(language: Language, initial: Parameters<typeof ExtrasStep>[0]['initial'] = { extras: [], deliveryOptionId: undefined }) {
  return renderInLanguage(
    language,
    <ExtrasStep locale={language} extras={extras} deliveryOptions={deliveryOptions} youngDriverBands={[{ minAge: 21, maxAge: 24, dailyPrice: '$10.00' }]} initial={initial} backHref="/reserva?paso=coverage" />,
  );
}

describe.each(['es', 'en'] as const)('the extras step, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.booking.extras;
  const quantityOf = (name: string) => screen.getByLabelText(text.quantity.replace('{name}', name));
  const continueButton = () => screen.getByRole('button', { name: messages.booking.continue });

  beforeEach(() => {
    saveExtrasMock.mockReset();
  });

  it('prices each extra per day with its cap per rental, in quantities up to its maximum', () => {
    renderStep(language);
    expect(screen.getByText(`${text.perDay.replace('{price}', '$7.00')} · ${text.cap.replace('{amount}', '$70.00')}`)).toBeInTheDocument();
    expect(screen.getByText(text.perDay.replace('{price}', '$5.00'))).toBeInTheDocument();
    expect(within(quantityOf('Silla para niños')).getAllByRole('option').map((option) => option.textContent)).toEqual(language === 'es' ? ['Ninguna', '1 unidad', '2 unidades'] : ['None', '1', '2']);
    expect(within(quantityOf('Silla para niños')).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(['0', '1', '2']);
    expect(quantityOf('GPS')).toHaveValue('0');
  });

  it('explains the young-driver fee and offers delivery beside picking up at the branch', () => {
    renderStep(language);
    expect(screen.getByText(text.youngDriver.replace('{min}', '21').replace('{max}', '24').replace('{price}', '$10.00'))).toBeInTheDocument();
    const delivery = screen.getByRole('group', { name: text.delivery });
    expect(within(delivery).getByRole('radio', { name: text.noDelivery })).toBeChecked();
    expect(within(delivery).getByRole('radio', { name: 'Entrega en tu hotel ($25.00)' })).not.toBeChecked();
  });

  it('sends only the extras chosen, with the delivery, and nothing the browser priced', async () => {
    saveExtrasMock.mockResolvedValue({ ok: true });
    const { user } = renderStep(language);
    await user.selectOptions(quantityOf('Silla para niños'), '2');
    await user.click(screen.getByRole('radio', { name: 'Entrega en tu hotel ($25.00)' }));
    await user.click(continueButton());

    await waitFor(() => expect(saveExtrasMock).toHaveBeenCalledWith(language, { extras: [{ code: 'child_seat', quantity: 2 }], deliveryOptionId: '4' }));
  });

  it('says an extra the chosen coverage includes costs nothing, naming the coverage, instead of its price', () => {
    const withIncluded = extras.map((extra) => (extra.code === 'gps' ? { ...extra, includedIn: 'Premium' } : extra));
    renderInLanguage(language, <ExtrasStep locale={language} extras={withIncluded} deliveryOptions={[]} youngDriverBands={[]} initial={{ extras: [], deliveryOptionId: undefined }} backHref="/reserva?paso=coverage" />);
    const gps = screen.getAllByTestId('extra-option')[1];
    expect(gps).toHaveTextContent(messages.booking.included.extra.replace('{coverage}', 'Premium'));
    expect(gps).toHaveTextContent(messages.booking.livePrice.included);
    expect(gps).not.toHaveTextContent(text.perDay.replace('{price}', '$5.00'));
    expect(screen.getAllByTestId('extra-option')[0]).toHaveTextContent(text.perDay.replace('{price}', '$7.00'));
  });

  it('comes back with the draft’s choices', () => {
    renderStep(language, { extras: [{ code: 'gps', quantity: 1 }], deliveryOptionId: '4' });
    expect(quantityOf('GPS')).toHaveValue('1');
    expect(screen.getByRole('radio', { name: 'Entrega en tu hotel ($25.00)' })).toBeChecked();
  });

  it('puts the server’s refusal under the extra and the delivery it concerns', async () => {
    saveExtrasMock.mockResolvedValue({
      ok: false,
      errors: { 'quantities.child_seat': { message: 'booking.errors.tooManyExtras', params: { max: 1 } }, deliveryOptionId: { message: 'booking.errors.unknownDelivery' } },
    });
    const { user } = renderStep(language);
    await user.selectOptions(quantityOf('Silla para niños'), '2');
    await user.click(screen.getByRole('radio', { name: 'Entrega en tu hotel ($25.00)' }));
    await user.click(continueButton());

    const childSeat = quantityOf('Silla para niños');
    await waitFor(() => expect(childSeat).toHaveAccessibleDescription(messages.booking.errors.tooManyExtras.replace('{max}', '1')));
    expect(childSeat).toHaveFocus();
    expect(childSeat).toHaveValue('2');
    expect(screen.getByRole('group', { name: text.delivery })).toHaveAccessibleDescription(messages.booking.errors.unknownDelivery);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(errorSummaryText(language, 2));
  });

  it('asks the flight number only for an option that meets a flight, refuses to go on without one, and sends it normalized', async () => {
    saveExtrasMock.mockResolvedValue({ ok: true });
    const { user } = renderStep(language);
    const flightField = () => screen.queryByRole('textbox', { name: messages.deliveryFlight.label });
    await user.click(screen.getByRole('radio', { name: 'Entrega en tu hotel ($25.00)' }));
    expect(flightField()).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Meet & greet en Tocumen ($15.00)' }));
    await user.click(continueButton());
    const flight = flightField();
    expect(flight).toHaveAccessibleDescription(expect.stringContaining(messages.validation.flightNumberRequired));
    expect(flight).toHaveFocus();
    expect(saveExtrasMock).not.toHaveBeenCalled();

    await user.type(flight as HTMLElement, 'copa');
    await user.click(continueButton());
    await waitFor(() => expect(flight).toHaveAccessibleDescription(expect.stringContaining(messages.validation.flightNumber)));
    // What the renter typed stays.
    expect(flight).toHaveValue('copa');
    expect(saveExtrasMock).not.toHaveBeenCalled();

    await user.clear(flight as HTMLElement);
    await user.type(flight as HTMLElement, 'cm 123');
    await user.click(continueButton());
    await waitFor(() => expect(saveExtrasMock).toHaveBeenCalledWith(language, { extras: [], deliveryOptionId: '5', flightNumber: 'CM123' }));
  });

  it('keeps what was typed when the server refuses the flight number', async () => {
    saveExtrasMock.mockResolvedValue({ ok: false, errors: { flightNumber: { message: 'validation.flightNumberRequired' } } });
    const { user } = renderStep(language, { extras: [], deliveryOptionId: '5', flightNumber: 'CM123' });
    await user.click(continueButton());
    const flight = screen.getByRole('textbox', { name: messages.deliveryFlight.label });
    await waitFor(() => expect(flight).toHaveAccessibleDescription(expect.stringContaining(messages.validation.flightNumberRequired)));
    expect(flight).toHaveValue('CM123');
  });
});
