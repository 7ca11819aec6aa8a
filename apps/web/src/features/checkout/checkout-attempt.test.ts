import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SavedReservation } from '@/content';
import type { BookingDraft, DraftData } from '@/features/booking';
import type { CookieAttributes } from '@/lib/cookies';

// Ending a checkout attempt, as leaving the checkout does: the gateway's attempt closed, the unpaid reservation
// cancelled so it stops holding a car, the draft cleared; and the marker cookie that says which attempt the renter is in.

const content = vi.hoisted(() => ({ reservations: new Map<string, { id: string; number: string; status: string }>(), drafts: new Map<string, unknown>() }));
const calls = vi.hoisted(() => ({ closeAttempt: vi.fn(), cancelReservation: vi.fn(), saveBookingDraft: vi.fn() }));

vi.mock('@/lib/log', async () => (await import('../../../test/log-capture')).fakeLogModule);
vi.mock('@/content', () => ({
  ContentServiceError: class ContentServiceError extends Error {},
  readReservationById: (id: string) => Promise.resolve(content.reservations.get(id)),
}));
vi.mock('@/features/payments', () => ({ closeAttempt: calls.closeAttempt }));
vi.mock('@/features/reservations', () => ({
  cancelReservation: (reservation: SavedReservation) => {
    calls.cancelReservation(reservation.number);
    const saved = content.reservations.get(reservation.id);
    if (saved) saved.status = 'cancelled';
    return Promise.resolve({ ok: true });
  },
}));
vi.mock('@/features/booking', () => ({
  rereadBookingDraft: (id: string) => Promise.resolve(content.drafts.get(id)),
  readBookingDraftFrom: () => Promise.resolve(content.drafts.get('draft-1')),
  saveBookingDraft: (draft: BookingDraft) => {
    calls.saveBookingDraft(draft);
    content.drafts.set(draft.id, draft);
    return Promise.resolve();
  },
}));

vi.stubEnv('BRAND', 'firefly');
vi.stubEnv('SITE_URL', 'http://127.0.0.1:3000');
const { attemptMarked, endCheckoutAttempt, endCheckoutAttemptOf, markAttempt } = await import('./checkout-attempt');

const BASE: DraftData = {
  carId: '7',
  pickupBranch: '1',
  returnBranch: '1',
  pickupAt: '2030-01-10T10:00',
  returnAt: '2030-01-13T10:00',
  reservationType: 'prepaid',
  paymentMethod: 'card',
  era: false,
  extras: [],
  termsAccepted: true,
  completed: ['location', 'coverage', 'extras', 'client'],
};

/** A draft whose checkout saved reservation `number` unpaid, with a 3-D Secure attempt open at the gateway. */
function draftAwaiting(number: string, { open = true } = {}): BookingDraft {
  const payment = open ? { key: `card_${number}_key`, provider: 'metrobank' } : undefined;
  const draft = { id: 'draft-1', data: { ...BASE, reservation: { id: `ref-${number}`, number, done: false }, confirmationKey: `draft-1-${number}`, payment } };
  content.drafts.set(draft.id, draft);
  content.reservations.set(`ref-${number}`, { id: `ref-${number}`, number, status: 'unpaid' });
  return draft;
}

/** A cookie jar as a server action or a response offers it. */
function jar(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  const written: { name: string; value: string; attributes: CookieAttributes }[] = [];
  return {
    written,
    get: (name: string) => (values.has(name) ? { value: values.get(name) ?? '' } : undefined),
    set: (name: string, value: string, attributes: CookieAttributes) => {
      written.push({ name, value, attributes });
      if (attributes.maxAge === 0) values.delete(name);
      else values.set(name, value);
    },
  };
}

beforeEach(() => {
  content.reservations.clear();
  content.drafts.clear();
  vi.clearAllMocks();
  calls.closeAttempt.mockResolvedValue({ kind: 'declined', code: 'abandoned', reason: undefined });
});

describe('ending a checkout attempt', () => {
  it('closes the payment at its gateway, cancels the unpaid reservation and clears the draft, which keeps the rest', async () => {
    const draft = draftAwaiting('FF-AAA111');
    const ended = await endCheckoutAttempt(draft);

    expect(calls.closeAttempt).toHaveBeenCalledWith('card_FF-AAA111_key');
    expect(calls.cancelReservation).toHaveBeenCalledWith('FF-AAA111');
    expect(content.reservations.get('ref-FF-AAA111')?.status).toBe('cancelled');
    expect(ended.data.reservation).toBeUndefined();
    expect(ended.data.payment).toBeUndefined();
    expect(ended.data.confirmationKey).toBeUndefined();
    // The renter's choices stay: the next checkout books the same car afresh.
    expect(ended.data).toEqual(BASE);
    expect(content.drafts.get('draft-1')).toEqual(ended);
  });

  it('cancels an unpaid reservation with no payment open (a declined card)', async () => {
    const ended = await endCheckoutAttempt(draftAwaiting('FF-BBB222', { open: false }));
    expect(calls.closeAttempt).not.toHaveBeenCalled();
    expect(calls.cancelReservation).toHaveBeenCalledWith('FF-BBB222');
    expect(ended.data.reservation).toBeUndefined();
  });

  it('finishes the booking instead when the renter paid as they left', async () => {
    calls.closeAttempt.mockResolvedValue({ kind: 'paid', reservationId: 'ref-FF-CCC333' });
    const ended = await endCheckoutAttempt(draftAwaiting('FF-CCC333'));
    expect(calls.cancelReservation).not.toHaveBeenCalled();
    expect(ended.data.reservation).toEqual({ id: 'ref-FF-CCC333', number: 'FF-CCC333', done: true });
    expect(ended.data.payment).toBeUndefined();
  });

  it('finishes it too when the reservation was paid by another path (a webhook) before', async () => {
    const draft = draftAwaiting('FF-DDD444', { open: false });
    const saved = content.reservations.get('ref-FF-DDD444');
    if (saved) saved.status = 'paid';
    const ended = await endCheckoutAttempt(draft);
    expect(calls.cancelReservation).not.toHaveBeenCalled();
    expect(ended.data.reservation?.done).toBe(true);
  });

  it('leaves alone a draft that started another attempt meanwhile, and still lets the old reservation go', async () => {
    const left = draftAwaiting('FF-EEE555');
    // The renter came back and paid again before this ending read the draft anew.
    const newer = draftAwaiting('FF-FFF666');
    const ended = await endCheckoutAttempt(left);
    expect(calls.cancelReservation).toHaveBeenCalledWith('FF-EEE555');
    expect(calls.saveBookingDraft).not.toHaveBeenCalled();
    expect(ended).toEqual(newer);
  });

  it('does nothing for a draft that awaits no payment (none yet, or a finished booking)', async () => {
    const none = { id: 'draft-1', data: BASE };
    expect(await endCheckoutAttempt(none)).toBe(none);
    const done = { id: 'draft-1', data: { ...BASE, reservation: { id: 'ref-1', number: 'FF-GGG777', done: true } } };
    expect(await endCheckoutAttempt(done)).toBe(done);
    expect(calls.closeAttempt).not.toHaveBeenCalled();
    expect(calls.cancelReservation).not.toHaveBeenCalled();
    expect(calls.saveBookingDraft).not.toHaveBeenCalled();
  });

  it('from the proxy, after its answer: never throws, whatever fails', async () => {
    draftAwaiting('FF-HHH888');
    calls.closeAttempt.mockRejectedValue(new Error('ledger down'));
    await expect(endCheckoutAttemptOf(jar())).resolves.toBeUndefined();
    calls.closeAttempt.mockResolvedValue({ kind: 'declined', code: undefined, reason: undefined });
    await endCheckoutAttemptOf(jar());
    expect(content.reservations.get('ref-FF-HHH888')?.status).toBe('cancelled');
  });
});

describe('the attempt’s marker', () => {
  it('is written when the checkout saves a reservation awaiting payment, readable by scripts, for the draft’s life', () => {
    const cookies = jar();
    const { data } = draftAwaiting('FF-JJJ999');
    markAttempt(cookies, data);
    expect(cookies.written).toHaveLength(1);
    expect(cookies.written[0]).toMatchObject({ name: 'checkout_attempt', attributes: { httpOnly: false, sameSite: 'lax', path: '/', maxAge: 2 * 24 * 60 * 60 } });
    expect(cookies.written[0]?.value).toMatch(/^FF-JJJ999\./);
    expect(attemptMarked(cookies, data)).toBe(true);
    // Written once: a server action that sets a cookie renders its page again.
    markAttempt(cookies, data);
    expect(cookies.written).toHaveLength(1);
  });

  it('is removed once the draft awaits no payment, and never written for none', () => {
    const cookies = jar();
    const { data } = draftAwaiting('FF-KKK000');
    markAttempt(cookies, data);
    markAttempt(cookies, { ...data, reservation: { id: 'ref-FF-KKK000', number: 'FF-KKK000', done: true } });
    expect(cookies.written.map(({ name, attributes }) => [name, attributes.maxAge])).toEqual([
      ['checkout_attempt', 2 * 24 * 60 * 60],
      ['checkout_attempt', 0],
    ]);
    const fresh = jar();
    markAttempt(fresh, BASE);
    expect(fresh.written).toEqual([]);
  });

  it('names one attempt: not another reservation’s, nor a forged one', () => {
    const cookies = jar();
    const first = draftAwaiting('FF-LLL111');
    markAttempt(cookies, first.data);
    const second = draftAwaiting('FF-MMM222');
    expect(attemptMarked(cookies, second.data)).toBe(false);
    expect(attemptMarked(jar({ checkout_attempt: 'FF-MMM222.forged' }), second.data)).toBe(false);
    expect(attemptMarked(jar(), second.data)).toBe(false);
  });
});
