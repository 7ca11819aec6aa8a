import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ContentServiceError } from '@/content';
import { loggedLines } from '../../../test/log-capture';

const setPrecheckinStatus = vi.fn<(precheckin: unknown, status: string) => Promise<void>>();
const sendPrecheckinConfirmation = vi.fn<() => Promise<void>>();
vi.mock('@/content/precheckins', () => ({ readPrecheckin: vi.fn(), setPrecheckinStatus: (precheckin: unknown, status: string) => setPrecheckinStatus(precheckin, status) }));
vi.mock('./precheckin-email', () => ({ sendPrecheckinConfirmation: () => sendPrecheckinConfirmation() }));
vi.mock('@/content/payments', () => ({ readReservationPayments: vi.fn() }));
vi.mock('@/lib/log', async () => (await import('../../../test/log-capture')).fakeLogModule);

const { completeAfterPayment } = await import('./precheckin-flow');

type State = Parameters<typeof completeAfterPayment>[0];
const state = {
  reservation: { number: 'FF-7K3M9Q', status: 'paid' },
  precheckin: { id: '1', status: 'pending', details: { licenseNumber: 'X' } },
  payments: [],
  due: 0,
} as unknown as State;

describe('completing a pre-check-in after its payment', () => {
  beforeEach(() => {
    setPrecheckinStatus.mockReset();
    sendPrecheckinConfirmation.mockReset().mockResolvedValue(undefined);
  });

  it('marks it paid and sends the confirmation', async () => {
    setPrecheckinStatus.mockResolvedValue(undefined);
    await completeAfterPayment(state);
    expect(setPrecheckinStatus).toHaveBeenCalledWith(state.precheckin, 'paid');
    expect(sendPrecheckinConfirmation).toHaveBeenCalledTimes(1);
  });

  it('does not tell a renter who has paid that it failed when the content service is down: it logs', async () => {
    setPrecheckinStatus.mockRejectedValue(new ContentServiceError('PATCH failed', 503, 'Service Unavailable', null));
    await expect(completeAfterPayment(state)).resolves.toBeUndefined();
    expect(loggedLines()).toContainEqual(expect.stringContaining('error [precheckin] FF-7K3M9Q: paid, but the pre-check-in could not be marked complete'));
  });

  it('lets a programming error through', async () => {
    setPrecheckinStatus.mockRejectedValue(new TypeError('bug'));
    await expect(completeAfterPayment(state)).rejects.toThrow(TypeError);
  });
});
