import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, renderInLanguage, settleLater, type Language } from '../../../test/render-in-language';
import type { PaymentActionResult } from '@/features/payments';
import { choosePaymentMethod } from './checkout-actions';
import { PaymentMethodChoice, type PaymentMethodOption } from './payment-method-choice';
import type * as Navigation from 'next/navigation';

vi.mock('./checkout-actions', () => ({ choosePaymentMethod: vi.fn(), choosePaymentMethodByForm: vi.fn() }));
const chooseMock = vi.mocked(choosePaymentMethod);

const router = vi.hoisted(() => ({ refresh: vi.fn(), replace: vi.fn(), push: vi.fn() }));
vi.mock('next/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof Navigation>()), useRouter: () => router }));

const NOTES = {
  es: { prepaid: 'Precio prepago: B/. 180.00, todo incluido.', counter: 'Pagas al retirar el auto. Precio al pagar en el mostrador: B/. 200.00.' },
  en: { prepaid: 'Prepaid price: B/. 180.00, all included.', counter: 'You pay at pickup. Price when paying at the counter: B/. 200.00.' },
} as const;

function optionsIn(language: Language): PaymentMethodOption[] {
  return [
    { method: 'card', note: NOTES[language].prepaid },
    { method: 'paypal', note: NOTES[language].prepaid },
    { method: 'counter', note: NOTES[language].counter },
  ];
}

function renderChoice(language: Language, selected: PaymentMethodOption['method'] = 'counter', options = optionsIn(language)) {
  return renderInLanguage(language, <PaymentMethodChoice options={options} selected={selected} locale={language} />);
}

/** A promise the test settles itself, for an action still running. */
describe.each(['es', 'en'] as const)('the choice of how to pay, in %s', (language) => {
  const text = catalogues[language].booking.checkout;
  const notes = NOTES[language];
  /** A choice's radio: named by its title, then its price note. */
  const radio = (title: string) => screen.getByRole('radio', { name: (name) => name.startsWith(title) });

  beforeEach(() => {
    chooseMock.mockReset();
    router.refresh.mockReset();
  });

  it('offers the given ways to pay as one named group, each with its price, the saved one chosen', () => {
    renderChoice(language, 'card');
    const group = screen.getByRole('group', { name: text.methodLegend });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(radio(text.payByCard)).toBeChecked();
    expect(radio(text.payByCard)).toHaveAccessibleName(`${text.payByCard}${notes.prepaid}`);
    expect(radio(text.payByPayPal)).not.toBeChecked();
    expect(radio(text.payAtCounter)).not.toBeChecked();
    expect(radio(text.payAtCounter)).toHaveAccessibleName(`${text.payAtCounter}${notes.counter}`);
    expect(chooseMock).not.toHaveBeenCalled();
  });

  it('chooses nothing for the renter: no way is checked until they pick one, and the group says so if they go on', async () => {
    const { user } = renderInLanguage(language, <PaymentMethodChoice options={optionsIn(language)} selected={undefined} locale={language} />);
    for (const title of [text.payByCard, text.payByPayPal, text.payAtCounter]) expect(radio(title)).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: catalogues[language].booking.paymentChoice.submit }));

    const group = screen.getByRole('group', { name: text.methodLegend });
    expect(group).toHaveAccessibleDescription(catalogues[language].booking.paymentChoice.required);
    expect(within(group).getByRole('alert')).toHaveTextContent(catalogues[language].booking.paymentChoice.required);
    expect(radio(text.payByCard)).toHaveFocus();
    expect(chooseMock).not.toHaveBeenCalled();

    // Choosing one saves it, clears the error and leaves no button to press (the way to pay shows below instead).
    chooseMock.mockResolvedValue({ status: 'pending' });
    await user.click(radio(text.payAtCounter));
    await waitFor(() => expect(chooseMock).toHaveBeenCalledWith('counter'));
    expect(group).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('button', { name: catalogues[language].booking.paymentChoice.submit })).not.toBeInTheDocument();
  });

  it('offers only the ways the brand takes', () => {
    renderChoice(language, 'counter', optionsIn(language).filter((option) => option.method !== 'paypal'));
    expect(screen.getAllByRole('radio')).toHaveLength(2);
    expect(screen.queryByRole('radio', { name: (name) => name.startsWith(text.payByPayPal) })).not.toBeInTheDocument();
  });

  it('saves the new choice at once, busy meanwhile, then has the page priced again for it', async () => {
    const answer = settleLater<PaymentActionResult>();
    chooseMock.mockReturnValue(answer.promise);
    const { user } = renderChoice(language);
    await user.click(radio(text.payByCard));

    expect(radio(text.payByCard)).toBeChecked();
    expect(radio(text.payAtCounter)).not.toBeChecked();
    expect(chooseMock).toHaveBeenCalledTimes(1);
    expect(chooseMock).toHaveBeenCalledWith('card');
    // The choices say they are busy while the server saves (aria-busy on the options around them).
    await waitFor(() => expect(radio(text.payByCard).closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true'));
    expect(router.refresh).not.toHaveBeenCalled();

    answer.settle({ status: 'pending' });
    await waitFor(() => expect(router.refresh).toHaveBeenCalledTimes(1));
    expect(radio(text.payByCard)).toBeChecked();
    expect(radio(text.payByCard).closest('[aria-busy]')).toBeNull();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('moves between the choices with the arrow keys, saving each', async () => {
    chooseMock.mockResolvedValue({ status: 'pending' });
    const { user } = renderChoice(language, 'card');
    radio(text.payByCard).focus();
    await user.keyboard('{ArrowDown}');

    expect(radio(text.payByPayPal)).toBeChecked();
    expect(radio(text.payByPayPal)).toHaveFocus();
    await waitFor(() => expect(chooseMock).toHaveBeenCalledWith('paypal'));
  });

  it('when the server refuses, says why and goes back to the saved choice', async () => {
    chooseMock.mockResolvedValue({ status: 'error', error: { message: 'booking.errors.draftExpired' } });
    const { user } = renderChoice(language, 'counter');
    await user.click(radio(text.payByPayPal));

    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(catalogues[language].booking.errors.draftExpired));
    expect(chooseMock).toHaveBeenCalledWith('paypal');
    expect(radio(text.payAtCounter)).toBeChecked();
    expect(radio(text.payByPayPal)).not.toBeChecked();

    // A later choice that is saved clears the refusal.
    chooseMock.mockResolvedValue({ status: 'pending' });
    await user.click(radio(text.payByCard));
    await waitFor(() => expect(screen.getByRole('alert')).toBeEmptyDOMElement());
    expect(radio(text.payByCard)).toBeChecked();
  });
});
