import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedReservation } from '@/content';
import type { PricedBooking } from '@/features/pricing';
import type { ReservationNotice } from '@/features/reservations';
import type { ChangeTerms } from './money-back';
import { cancelWithRefund, changeWithPayment } from './paid-changes';

const booking = vi.hoisted(() => ({
  applyChange: vi.fn(),
  cancelReservation: vi.fn(),
  sendReservationNotice: vi.fn<(reservation: SavedReservation, summary: unknown, notice: ReservationNotice) => Promise<string>>(),
}));
const money = vi.hoisted(() => ({
  changeTerms: vi.fn<() => Promise<ChangeTerms>>(),
  chargeDifference: vi.fn(),
  refundAmount: vi.fn(),
  cancellationTerms: vi.fn(),
  cancellationMoney: vi.fn(),
}));
vi.mock('@/lib/log', async () => (await import('../../../test/log-capture')).fakeLogModule);
vi.mock('@/features/reservations', () => ({
  applyChange: booking.applyChange,
  cancelReservation: booking.cancelReservation,
  // The counter's lock, as features/reservations words it (its own rule is the domain's renterLockOf).
  changeRefusal: (reservation: SavedReservation) =>
    reservation.rentalStatus === 'picked_up' ? { field: 'reservation', code: 'already_picked_up', message: 'booking.errors.alreadyPickedUp' } : undefined,
  reservationSummary: (reservation: SavedReservation) => Promise.resolve({ reservationNumber: reservation.number }),
  sendReservationNotice: booking.sendReservationNotice,
}));
vi.mock('./money-back', () => ({ ...money, cancellationPurpose: (reservation: SavedReservation) => `cancel_${reservation.id}` }));

const before = { id: '7.ref', number: 'FF-7K3M9Q', status: 'paid', reservationType: 'prepaid', revision: 0, locale: 'es', totals: { total: 20_000 } } as SavedReservation;
const priced = { selection: { pickupBranch: '1', returnBranch: '1', pickupAt: '2027-01-10T10:00', returnAt: '2027-01-14T10:00' }, quote: { total: 25_000 } } as PricedBooking;
const terms = (overrides: Partial<ChangeTerms>): ChangeTerms => ({ kind: 'none', amount: 0, held: 20_000, method: 'card', savedMethod: 'pm_1', ...overrides }) as ChangeTerms;

beforeEach(() => {
  vi.clearAllMocks();
  booking.sendReservationNotice.mockResolvedValue('sent');
});

describe('changeWithPayment', () => {
  it('charges the extra, saves, and e-mails the change of the new revision with what was charged', async () => {
    money.changeTerms.mockResolvedValue(terms({ kind: 'charge', amount: 5_000 }));
    money.chargeDifference.mockResolvedValue(undefined);
    const after = { ...before, revision: 1, totals: { ...before.totals, total: 25_000 } };
    booking.applyChange.mockResolvedValue({ ok: true, reservation: after, replayed: false });

    const outcome = await changeWithPayment(before, priced);
    expect(outcome).toMatchObject({ ok: true, charged: 5_000, notice: { event: 'changed', money: { kind: 'charged', amount: 5_000 } }, delivery: 'sent' });
    expect(booking.sendReservationNotice).toHaveBeenCalledTimes(1);
    expect(booking.sendReservationNotice.mock.calls[0]?.[0]).toBe(after);
  });

  it('tells a refund by the method paid, a PayPal extra as due at the counter, and a booking paid at the counter its new total', async () => {
    const after = { ...before, revision: 1 };
    booking.applyChange.mockResolvedValue({ ok: true, reservation: after, replayed: false });
    money.changeTerms.mockResolvedValueOnce(terms({ kind: 'refund', amount: 3_000, method: 'paypal' }));
    money.refundAmount.mockResolvedValue(undefined);
    expect(await changeWithPayment(before, priced)).toMatchObject({ notice: { money: { kind: 'refunded', amount: 3_000, method: 'paypal' } } });

    money.changeTerms.mockResolvedValueOnce(terms({ kind: 'charge', amount: 5_000, method: 'paypal', savedMethod: undefined }));
    money.chargeDifference.mockResolvedValueOnce('due_at_counter');
    expect(await changeWithPayment(before, priced)).toMatchObject({ notice: { money: { kind: 'dueAtCounter', amount: 5_000 } } });

    money.changeTerms.mockResolvedValueOnce(terms({ held: 0 }));
    booking.applyChange.mockResolvedValueOnce({ ok: true, reservation: { ...after, reservationType: 'postpaid', totals: { total: 25_000 } }, replayed: false });
    expect(await changeWithPayment({ ...before, reservationType: 'postpaid' }, priced)).toMatchObject({ notice: { money: { kind: 'atCounter', amount: 25_000 } } });
  });

  it('sends nothing when the save moved no revision (the same dates again, or a retry already saved)', async () => {
    money.changeTerms.mockResolvedValue(terms({}));
    booking.applyChange.mockResolvedValue({ ok: true, reservation: { ...before }, replayed: false });
    expect(await changeWithPayment(before, priced)).toMatchObject({ ok: true, delivery: 'none' });
    expect(booking.sendReservationNotice).not.toHaveBeenCalled();
  });

  it('sends nothing when the change is refused', async () => {
    money.changeTerms.mockResolvedValue(terms({}));
    booking.applyChange.mockResolvedValue({ ok: false, status: 409, issues: [] });
    expect(await changeWithPayment(before, priced)).toMatchObject({ ok: false, status: 409 });
    expect(booking.sendReservationNotice).not.toHaveBeenCalled();
  });
});

describe('cancelWithRefund', () => {
  it('refunds under the terms, cancels, and e-mails the cancellation with what came back', async () => {
    money.cancellationTerms.mockResolvedValue({ held: 20_000, method: 'card', refund: { kind: 'full', amount: 20_000 } });
    money.refundAmount.mockResolvedValue(undefined);
    const after = { ...before, status: 'cancelled', revision: 1 };
    booking.cancelReservation.mockResolvedValue({ ok: true, reservation: after, replayed: false });
    money.cancellationMoney.mockResolvedValue({ kind: 'refunded', amount: 20_000, method: 'card' });

    const outcome = await cancelWithRefund(before);
    expect(money.refundAmount).toHaveBeenCalledWith(before, 20_000, 'cancel_7.ref');
    expect(outcome).toMatchObject({ ok: true, refunded: 20_000, notice: { event: 'cancelled', money: { kind: 'refunded', amount: 20_000, method: 'card' } }, delivery: 'sent' });
    expect(booking.sendReservationNotice.mock.calls.map(([reservation]) => reservation.revision)).toEqual([1]);
  });

  it('refunds nothing and cancels nothing once the car has been handed over, saying why (409 already_picked_up)', async () => {
    const outcome = await cancelWithRefund({ ...before, rentalStatus: 'picked_up' });
    expect(outcome).toEqual({ ok: false, status: 409, issues: [{ field: 'reservation', code: 'already_picked_up', message: 'booking.errors.alreadyPickedUp' }] });
    expect(money.refundAmount).not.toHaveBeenCalled();
    expect(booking.cancelReservation).not.toHaveBeenCalled();
  });

  it('leaves the reservation and sends nothing when the refund cannot be made', async () => {
    money.cancellationTerms.mockResolvedValue({ held: 20_000, method: 'card', refund: { kind: 'full', amount: 20_000 } });
    money.refundAmount.mockResolvedValue({ kind: 'unavailable' });
    expect(await cancelWithRefund(before)).toMatchObject({ ok: false, status: 503 });
    expect(booking.cancelReservation).not.toHaveBeenCalled();
    expect(booking.sendReservationNotice).not.toHaveBeenCalled();
  });
});
