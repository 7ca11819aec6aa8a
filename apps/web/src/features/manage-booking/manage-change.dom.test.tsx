import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { createTranslator } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OpeningHours } from '@rentacar/domain/dates';
import { catalogues, renderInLanguage, type Language } from '../../../test/render-in-language';
import { cancelManagedReservation, confirmChange, forgetManagedReservation, previewChange, type ChangePreview } from './manage-actions';
import { CancelReservation, ForgetReservation, ManageChange } from './manage-change';
import { RenterActedScope } from './manage-focus';
import { ReservationNoticePanel } from './reservation-notice';
import type * as Navigation from 'next/navigation';

vi.mock('./manage-actions', () => ({ previewChange: vi.fn(), confirmChange: vi.fn(), cancelManagedReservation: vi.fn(), forgetManagedReservation: vi.fn() }));
const refresh = vi.fn();
vi.mock('next/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof Navigation>()), useRouter: () => ({ refresh }) }));
const previewMock = vi.mocked(previewChange);
const confirmMock = vi.mocked(confirmChange);
const cancelMock = vi.mocked(cancelManagedReservation);
const forgetMock = vi.mocked(forgetManagedReservation);

const allDay: OpeningHours = [{ days: [0, 1, 2, 3, 4, 5, 6], open: '00:00', close: '24:00' }];
const NOW = new Date('2026-12-01T15:00:00Z');

function renderChange(language: Language) {
  return renderInLanguage(
    language,
    <RenterActedScope>
      <ManageChange
        locale={language}
        branches={[
          { id: '1', name: 'Aeropuerto de Tocumen', openingHours: allDay },
          { id: '2', name: 'Obarrio', openingHours: allDay },
        ]}
        initial={{ pickupBranch: '1', returnBranch: '1', pickupAt: '2026-12-23T10:00', returnAt: '2026-12-26T10:00' }}
        today="2026-12-01"
        minimumDays={1}
        maximumDays={90}
        minimumDaysHint={createTranslator({ locale: language, messages: catalogues[language], namespace: 'booking.location' })('minimumDays', { days: 1 })}
        sameDayNoticeHours={2}
        sameDayWarning={createTranslator({ locale: language, messages: catalogues[language], namespace: 'booking.location' })('sameDayWarning', { hours: 2 })}
        disableReservationsUntil={undefined}
        disabledUntilNote={undefined}
      />
    </RenterActedScope>,
  );
}

describe.each(['es', 'en'] as const)('manage booking’s change and cancel, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.booking.manage;
  const preview: ChangePreview = {
    currentTotal: '$149.48',
    newTotal: '$199.31',
    lines: [],
    payment: { message: 'booking.manage.differenceCharge', params: { amount: '$49.83' } },
    values: { pickupBranch: '1', returnBranch: '1', pickupAt: '2026-12-23T10:00', returnAt: '2026-12-27T10:00' },
  };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    for (const mock of [previewMock, confirmMock, cancelMock, forgetMock, refresh]) mock.mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the new price beside the current one and what happens to the difference, and saves only on confirmation', async () => {
    previewMock.mockResolvedValue({ ok: true, data: preview });
    const done = { title: 'Changed!', lines: ['Return: Sun, December 27, 2026, 10:00 · Tocumen', 'New total: $199.31'], note: 'Emailed.' };
    confirmMock.mockResolvedValue({ ok: true, data: done });
    const { user } = renderChange(language);
    const returnDay = screen.getByLabelText(messages.booking.location.returnDate);
    await user.clear(returnDay);
    await user.type(returnDay, '2026-12-27');
    await user.click(screen.getByRole('button', { name: text.preview }));

    const status = await screen.findByRole('status');
    expect(previewMock).toHaveBeenCalledWith(language, { pickupBranch: '1', returnBranch: '1', pickupAt: '2026-12-23T10:00', returnAt: '2026-12-27T10:00' });
    expect(status).toHaveTextContent(`${text.currentPrice}$149.48`);
    expect(status).toHaveTextContent(`${text.newPrice}$199.31`);
    expect(status).toHaveTextContent(text.differenceCharge.replace('{amount}', '$49.83'));
    expect(confirmMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: text.confirmChange }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(confirmMock).toHaveBeenCalledWith(language, preview.values);
    // The preview and the form give way to what the server says the change did, its title focused (read out, in sight).
    const changed = await screen.findByRole('status');
    expect(changed).toHaveTextContent('Changed!');
    expect(changed).toHaveTextContent('New total: $199.31');
    expect(changed).toHaveTextContent('Emailed.');
    expect(screen.getByRole('heading', { name: 'Changed!' })).toHaveFocus();
    expect(screen.queryByRole('button', { name: text.confirmChange })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.preview })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(messages.booking.location.returnTime)).not.toBeInTheDocument();
    // Asked for, the form comes back and the result goes.
    await user.click(screen.getByRole('button', { name: text.changeAgain }));
    expect(screen.getByRole('button', { name: text.preview })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('drops a preview as soon as the form changes, so what is confirmed is what the form says', async () => {
    previewMock.mockResolvedValue({ ok: true, data: preview });
    const { user } = renderChange(language);
    await user.click(screen.getByRole('button', { name: text.preview }));
    expect(await screen.findByRole('status')).toHaveTextContent('$199.31');

    await user.selectOptions(screen.getByLabelText(messages.booking.location.returnTime), '14:00');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: text.confirmChange })).not.toBeInTheDocument();
    expect(confirmMock).not.toHaveBeenCalled();
  });

  it('keeps the preview and says why when the change is refused at confirmation', async () => {
    previewMock.mockResolvedValue({ ok: true, data: preview });
    confirmMock.mockResolvedValue({ ok: false, errors: {}, formError: { message: 'booking.errors.soldOut' } });
    const { user } = renderChange(language);
    await user.click(screen.getByRole('button', { name: text.preview }));
    await user.click(await screen.findByRole('button', { name: text.confirmChange }));

    expect(await screen.findByText(messages.booking.errors.soldOut)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('$199.31');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('shows a refused preview on the field it concerns, with no price', async () => {
    previewMock.mockResolvedValue({ ok: false, errors: { pickupAt: { message: 'booking.errors.soldOut' } } });
    const { user } = renderChange(language);
    await user.click(screen.getByRole('button', { name: text.preview }));

    await waitFor(() => expect(screen.getByLabelText(messages.booking.location.pickupDate)).toHaveAccessibleDescription(messages.booking.errors.soldOut));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('asks once more before cancelling, and says why a cancellation was refused', async () => {
    cancelMock.mockResolvedValueOnce({ ok: false, errors: {}, formError: { message: 'booking.errors.cannotChange' } }).mockResolvedValueOnce({ ok: true });
    const { user } = renderInLanguage(language, <CancelReservation />);
    await user.click(screen.getByRole('button', { name: text.cancel }));
    expect(cancelMock).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: text.cancelConfirm }));
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.booking.errors.cannotChange);
    expect(refresh).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: text.cancelConfirm }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(cancelMock).toHaveBeenCalledTimes(2);
  });

  it('moves the focus to the cancellation that the page shows once the renter cancelled, and not on a fresh page', async () => {
    cancelMock.mockResolvedValue({ ok: true });
    const cancelled = { title: messages.reservationNotices.cancelledTitle, lines: [messages.reservationNotices.money.nothingPaid] };
    // The page asked again after a cancellation: the cancel form gives way to the cancellation and its refund.
    function CancelThenRefreshed() {
      const [refreshed, setRefreshed] = useState(false);
      refresh.mockImplementation(() => setRefreshed(true));
      return <RenterActedScope>{refreshed ? <ReservationNoticePanel notice={cancelled} testId="cancellation-refund" /> : <CancelReservation />}</RenterActedScope>;
    }
    const { user } = renderInLanguage(language, <CancelThenRefreshed />);
    await user.click(screen.getByRole('button', { name: text.cancel }));
    await user.click(screen.getByRole('button', { name: text.cancelConfirm }));
    const title = await screen.findByRole('heading', { name: cancelled.title });
    await waitFor(() => expect(title).toHaveFocus());
    expect(screen.getByRole('status')).toHaveTextContent(messages.reservationNotices.money.nothingPaid);
  });

  it('leaves the focus alone when the page opens on a cancelled reservation', async () => {
    const cancelled = { title: messages.reservationNotices.cancelledTitle, lines: [messages.reservationNotices.money.nothingPaid] };
    renderInLanguage(language, <RenterActedScope><ReservationNoticePanel notice={cancelled} testId="cancellation-refund" /></RenterActedScope>);
    await act(() => Promise.resolve());
    expect(screen.getByRole('heading', { name: cancelled.title })).not.toHaveFocus();
    expect(document.body).toHaveFocus();
  });

  it('forgets the reservation found, for another one', async () => {
    forgetMock.mockResolvedValue(undefined);
    const { user } = renderInLanguage(language, <ForgetReservation />);
    await user.click(screen.getByRole('button', { name: text.anotherBooking }));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(forgetMock).toHaveBeenCalledTimes(1);
  });
});
