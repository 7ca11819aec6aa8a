import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, renderInLanguage } from '../../../../test/render-in-language';
import type { CounterActionResult } from '../actions';
import { AssignVehicleForm } from './assign-vehicle-form';
import type * as Navigation from 'next/navigation';

const refresh = vi.fn();
vi.mock('next/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof Navigation>()), useRouter: () => ({ refresh }) }));

describe.each(['es', 'en'] as const)('assigning a car at the counter, in %s', (language) => {
  const text = catalogues[language].counterActions;
  const action = vi.fn<(number: string, plate: string, reason: string) => Promise<CounterActionResult>>();

  beforeEach(() => {
    action.mockReset();
    refresh.mockReset();
  });

  it('refuses a plate that is not one before sending, then asks for the reason of an upgrade, keeping the plate', async () => {
    action.mockResolvedValueOnce({ ok: false, errors: { reason: { message: 'counterActions.errors.reasonRequired' } } }).mockResolvedValueOnce({ ok: true });
    const { user } = renderInLanguage(language, <AssignVehicleForm number="FF-7K3M9Q" action={action} />);
    expect(screen.getByRole('form', { name: text.assign.title })).toBeInTheDocument();
    // The reason is asked for only once the content service says this car is of another class.
    expect(screen.queryByLabelText(text.assign.reason)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(text.assign.plate), 'ABC-12');
    await user.click(screen.getByRole('button', { name: text.assign.submit }));
    expect(await screen.findByText(text.errors.plateInvalid)).toHaveAttribute('role', 'alert');
    expect(action).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(text.assign.plate));
    await user.type(screen.getByLabelText(text.assign.plate), 'ab-1234');
    await user.click(screen.getByRole('button', { name: text.assign.submit }));
    expect(await screen.findByText(text.errors.reasonRequired)).toHaveAttribute('role', 'alert');
    expect(action).toHaveBeenLastCalledWith('FF-7K3M9Q', 'ab-1234', '');
    expect(screen.getByLabelText(text.assign.plate)).toHaveValue('ab-1234');
    await waitFor(() => expect(screen.getByLabelText(text.assign.reason)).toHaveFocus());
    // Now required for that plate: an empty reason is not sent.
    await user.click(screen.getByRole('button', { name: text.assign.submit }));
    expect(await screen.findByText(text.errors.reasonRequired)).toHaveAttribute('role', 'alert');
    expect(action).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText(text.assign.reason), 'Upgrade');
    await user.click(screen.getByRole('button', { name: text.assign.submit }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(action).toHaveBeenLastCalledWith('FF-7K3M9Q', 'ab-1234', 'Upgrade');
    expect(screen.getByRole('status')).toHaveTextContent(text.assign.done);
  });
});
