import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, renderInLanguage } from '../../../../test/render-in-language';
import type { CounterActionResult, CounterBill } from '../actions';
import { ChargesStep, NoShowButton, PickupForm, ReturnForm } from './counter-forms';
import type * as Navigation from 'next/navigation';

const refresh = vi.fn();
vi.mock('next/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof Navigation>()), useRouter: () => ({ refresh }) }));

const bill: CounterBill = {
  rental: { lines: [], total: 21_505 },
  charges: { lines: [{ code: 'fuel', amount: 1_800, quantity: 3, unitAmount: 600 }, { code: 'tax', amount: 126 }], total: 1_926 },
  total: 23_431,
  paid: 21_505,
  refunded: 0,
  deposit: null,
  due: 1_926,
};

describe.each(['es', 'en'] as const)('the counter forms, in %s', (language) => {
  const text = catalogues[language].counterActions;
  const action = vi.fn<(number: string, form: FormData) => Promise<CounterActionResult>>();
  const collect = vi.fn<(number: string, method: string) => Promise<CounterActionResult>>();
  const noShow = vi.fn<(number: string) => Promise<CounterActionResult>>();

  beforeEach(() => {
    action.mockReset();
    collect.mockReset();
    noShow.mockReset();
    refresh.mockReset();
  });

  it('checks the pickup as typed, naming each field, and sends nothing until it is right', async () => {
    const { user } = renderInLanguage(language, <PickupForm number="FF-7K3M9Q" locale={language} action={action} />);
    await user.type(screen.getByLabelText(text.pickup.depositAmount, { exact: false }), '200');
    await user.click(screen.getByRole('button', { name: text.pickup.submit }));
    expect(await screen.findByText(text.errors.mileageRequired)).toHaveAttribute('role', 'alert');
    expect(screen.getByText(text.errors.fuelRequired)).toBeInTheDocument();
    expect(screen.getByText(text.errors.depositMethodRequired)).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
  });

  it('sends the pickup with the fuel chosen in the gauge and the deposit, then asks the page again', async () => {
    action.mockResolvedValue({ ok: true });
    const { user } = renderInLanguage(language, <PickupForm number="FF-7K3M9Q" locale={language} action={action} />);
    await user.type(screen.getByLabelText(text.mileage), '12345');
    const gauge = screen.getByRole('group', { name: text.fuel.legend });
    await user.click(within(gauge).getByRole('radio', { name: text.fuel.levels['8'] }));
    await user.type(screen.getByLabelText(text.pickup.depositAmount, { exact: false }), '200');
    await user.selectOptions(screen.getByLabelText(text.pickup.depositMethod), 'cash');
    await user.click(screen.getByRole('button', { name: text.pickup.submit }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    const [number, form] = action.mock.calls[0] ?? [];
    expect(number).toBe('FF-7K3M9Q');
    expect(Object.fromEntries(form?.entries() ?? [])).toMatchObject({ mileage: '12345', fuelEighths: '8', depositAmount: '200', depositMethod: 'cash' });
    expect(await screen.findByRole('status')).toHaveTextContent(text.pickup.done);
  });

  it('asks for the plate of the assigned car, refuses to send without it, and shows a wrong one under it', async () => {
    action.mockResolvedValueOnce({ ok: false, errors: { plate: { message: 'counterActions.errors.plateMismatch' } } });
    const { user } = renderInLanguage(language, <PickupForm number="FF-7K3M9Q" locale={language} vehicle={{ plate: 'AB1234' }} action={action} />);
    const plate = screen.getByLabelText(text.pickup.plate);
    expect(plate).toHaveValue('');
    expect(plate).toHaveAttribute('autocomplete', 'off');
    expect(plate).toHaveAccessibleDescription(text.pickup.plateHint.replace('{plate}', 'AB-1234'));
    await user.type(screen.getByLabelText(text.mileage), '12345');
    await user.click(within(screen.getByRole('group', { name: text.fuel.legend })).getByRole('radio', { name: text.fuel.levels['8'] }));
    await user.click(screen.getByRole('button', { name: text.pickup.submit }));
    expect(await screen.findByText(text.errors.plateRequired)).toHaveAttribute('role', 'alert');
    expect(action).not.toHaveBeenCalled();
    await user.type(plate, 'cd-5678');
    await user.click(screen.getByRole('button', { name: text.pickup.submit }));
    expect(await screen.findByText(text.errors.plateMismatch)).toHaveAttribute('role', 'alert');
    expect(Object.fromEntries(action.mock.calls[0]?.[1]?.entries() ?? [])).toMatchObject({ plate: 'cd-5678', mileage: '12345' });
    expect(plate).toHaveValue('cd-5678');
  });

  it('leaves the plate optional while no car is assigned, and shows the content service\'s refusal of one under it', async () => {
    action.mockResolvedValueOnce({ ok: false, errors: { plate: { message: 'counterActions.errors.noVehicleAssigned' } } }).mockResolvedValueOnce({ ok: true });
    const { user } = renderInLanguage(language, <PickupForm number="FF-7K3M9Q" locale={language} action={action} />);
    const plate = screen.getByLabelText(text.pickup.plate);
    expect(plate).toHaveAccessibleDescription(text.pickup.plateHintNone);
    await user.type(plate, 'ab 1234');
    await user.type(screen.getByLabelText(text.mileage), '12345');
    await user.click(within(screen.getByRole('group', { name: text.fuel.legend })).getByRole('radio', { name: text.fuel.levels['8'] }));
    await user.click(screen.getByRole('button', { name: text.pickup.submit }));
    expect(await screen.findByText(text.errors.noVehicleAssigned)).toHaveAttribute('role', 'alert');
    expect(plate).toHaveFocus();
    await user.clear(plate);
    await user.click(screen.getByRole('button', { name: text.pickup.submit }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(action.mock.calls[1]?.[1]?.entries() ?? [])).toMatchObject({ plate: '', mileage: '12345' });
  });

  it('proposes the coverage\'s deposit for the car, says so, and asks how it was taken before sending', async () => {
    action.mockResolvedValue({ ok: true });
    const { user } = renderInLanguage(language, <PickupForm number="FF-7K3M9Q" locale={language} proposedDeposit={150_000} action={action} />);
    const amount = screen.getByLabelText(text.pickup.depositAmount, { exact: false });
    expect(amount).toHaveValue('1500.00');
    expect(screen.getByText(text.pickup.depositProposed.replace('{amount}', '$1,500.00'), { exact: false })).toBeInTheDocument();
    await user.type(screen.getByLabelText(text.mileage), '12345');
    await user.click(within(screen.getByRole('group', { name: text.fuel.legend })).getByRole('radio', { name: text.fuel.levels['8'] }));
    await user.click(screen.getByRole('button', { name: text.pickup.submit }));
    expect(await screen.findByText(text.errors.depositMethodRequired)).toBeInTheDocument();
    expect(action).not.toHaveBeenCalled();
    await user.selectOptions(screen.getByLabelText(text.pickup.depositMethod), 'card_terminal');
    await user.click(screen.getByRole('button', { name: text.pickup.submit }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(Object.fromEntries(action.mock.calls[0]?.[1]?.entries() ?? [])).toMatchObject({ depositAmount: '1500.00', depositMethod: 'card_terminal' });
  });

  it('shows the content service\'s refusal on its field and keeps what was typed', async () => {
    action.mockResolvedValue({ ok: false, errors: { mileage: { message: 'counterActions.errors.mileageBelowPickup' } } });
    const { user } = renderInLanguage(language, <ReturnForm number="FF-7K3M9Q" locale={language} deposit={20_000} action={action} />);
    await user.type(screen.getByLabelText(text.mileage), '100');
    await user.click(within(screen.getByRole('group', { name: text.fuel.legend })).getByRole('radio', { name: text.fuel.levels['5'] }));
    await user.type(screen.getByLabelText(text.return.damageAmount), '250');
    await user.click(screen.getByRole('button', { name: text.return.submit }));
    expect(await screen.findByText(text.errors.mileageBelowPickup)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText(text.mileage)).toHaveValue('100');
    expect(screen.getByLabelText(text.return.damageAmount)).toHaveValue('250');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('refuses a photo that is not a JPEG or PNG before sending anything, and opens the back camera', async () => {
    const { user } = renderInLanguage(language, <ReturnForm number="FF-7K3M9Q" locale={language} deposit={null} action={action} />);
    const photo = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/gif' });
    await user.upload(screen.getByLabelText(text.photos), [photo('a.gif')]);
    expect(await screen.findByText(text.errors.photoType)).toHaveAttribute('role', 'alert');
    expect(screen.getByLabelText(text.photos)).toHaveAttribute('capture', 'environment');
  });

  it('offers the card on file, shows a decline and leaves collecting at the counter', async () => {
    collect.mockResolvedValueOnce({ ok: false, errors: {}, formError: { message: 'counterActions.errors.declined' } });
    collect.mockResolvedValueOnce({ ok: true, collected: 1_926, bill: { ...bill, paid: 23_431, due: 0 }, receipt: 'sent' });
    const { user } = renderInLanguage(language, <ChargesStep number="FF-7K3M9Q" locale={language} bill={bill} cardOnFile action={collect} />);
    await user.click(screen.getByRole('button', { name: text.charges.card }));
    expect(await screen.findByText(text.errors.declined)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.charges.card })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: text.charges.counter }));
    expect(await screen.findByRole('status')).toHaveTextContent(text.charges.receiptSent);
    expect(collect.mock.calls.map(([, method]) => method)).toEqual(['card_on_file', 'counter']);
  });

  it('offers no card without one on file', () => {
    renderInLanguage(language, <ChargesStep number="FF-7K3M9Q" locale={language} bill={bill} cardOnFile={false} action={collect} />);
    expect(screen.queryByRole('button', { name: text.charges.card })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.charges.counter })).toBeInTheDocument();
  });

  it('marks a no-show only once confirmed', async () => {
    noShow.mockResolvedValue({ ok: true });
    const { user } = renderInLanguage(language, <NoShowButton number="FF-7K3M9Q" action={noShow} />);
    await user.click(screen.getByRole('button', { name: text.noShow.button }));
    expect(noShow).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: text.noShow.yes }));
    expect(await screen.findByRole('status')).toHaveTextContent(text.noShow.done);
    expect(noShow).toHaveBeenCalledWith('FF-7K3M9Q');
  });
});
