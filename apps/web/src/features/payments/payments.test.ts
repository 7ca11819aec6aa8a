import { beforeEach, describe, expect, it, vi } from 'vitest';
import { canMovePayment } from '@rentacar/domain/payments';
import type { PaymentRecord, PaymentUpdate, RecordedPayment, SavedReservation } from '@/content';
import { GatewayUnavailableError, type GatewayPayment, type PaymentGateway } from './gateways/gateway';

// The content service's POST /payments-ledger, in memory, with its rules: one row per key, forward-only statuses,
// `changed` for the one call that moved it, and the reservation paid by a succeeded charge.
const store = vi.hoisted(() => ({ rows: new Map<string, PaymentRecord>(), conflict: undefined as 'cancelled' | 'sold_out' | undefined, created: new Map<string, string>() }));

vi.mock('@/lib/log', async () => (await import('../../../test/log-capture')).fakeLogModule);
vi.mock('@/content/payments', () => ({
  recordPayment: (update: PaymentUpdate): Promise<RecordedPayment> => {
    const existing = store.rows.get(update.idempotencyKey);
    const base: PaymentRecord = existing ?? {
      id: String(store.rows.size + 1),
      reservationId: update.reservationId,
      provider: update.provider,
      kind: update.kind,
      status: update.status,
      amount: update.amount,
      idempotencyKey: update.idempotencyKey,
      reference: undefined,
      capture: undefined,
      savedMethod: undefined,
      card: undefined,
      failure: undefined,
      refundOf: update.refundOf,
      createdAt: store.created.get(update.idempotencyKey) ?? new Date().toISOString(),
    };
    const moves = !existing || canMovePayment(existing.status, update.status);
    const row: PaymentRecord = moves
      ? { ...base, status: update.status, reference: base.reference ?? update.reference, capture: base.capture ?? update.capture, card: base.card ?? update.card, failure: update.failure ?? base.failure }
      : base;
    store.rows.set(update.idempotencyKey, row);
    const paid = row.kind === 'charge' && row.status === 'succeeded' && !store.conflict;
    return Promise.resolve({
      payment: row,
      changed: moves,
      reservation: { id: row.reservationId, number: 'FF-TEST01', status: paid ? 'paid' : 'unpaid', paymentType: paid ? 'card' : 'unpaid', reservationType: 'prepaid', total: 12_345 },
      conflict: row.status === 'succeeded' ? store.conflict : undefined,
    });
  },
  readPaymentByKey: (key: string) => Promise.resolve(store.rows.get(key)),
  readPaymentByReference: (reference: string) => Promise.resolve([...store.rows.values()].find((row) => row.reference === reference)),
  readOpenPayments: () => Promise.resolve([...store.rows.values()].filter((row) => row.status === 'pending' || row.status === 'requires_action')),
  expirePaymentHolds: () => Promise.resolve([]),
}));

const gateway = vi.hoisted(() => ({
  start: vi.fn<(request: unknown) => Promise<GatewayPayment>>(),
  confirm: vi.fn<(reference: string, key: string) => Promise<GatewayPayment>>(),
  findByKey: vi.fn<(key: string) => Promise<GatewayPayment | undefined>>(),
  refund: vi.fn(() => Promise.resolve({ reference: 're_1', status: 'succeeded' as const, amount: 12_345 })),
  verifyWebhook: vi.fn<(raw: string, headers: Headers) => Promise<{ type: string; reference?: string } | undefined>>(),
}));
const adapter = vi.hoisted(() => ({ provider: 'metrobank' }) as PaymentGateway);

vi.mock('./gateways', () => ({
  cardGatewayFor: () => Object.assign(adapter, gateway),
  paymentGateway: () => Object.assign(adapter, gateway),
}));
const emails = vi.hoisted(() => ({ sent: vi.fn(() => Promise.resolve()) }));
vi.mock('@/features/reservations/confirmation-email', () => ({ sendReservationConfirmation: emails.sent }));
vi.mock('@/features/reservations/reservations', () => ({ reservationSummary: () => Promise.resolve({}) }));
vi.mock('@/content/reservations', () => ({ readReservationById: (id: string) => Promise.resolve({ id, locale: 'es' }) }));
vi.mock('@/content/stock', () => ({ stockChanged: vi.fn() }));
vi.mock('@/content/app-data', () => ({ loadAppData: () => Promise.resolve({ site: { siteName: 'Firefly', paymentGateway: 'metrobank' } }) }));
vi.mock('@/lib/env', () => ({ serverEnv: () => ({ siteUrl: 'http://shop.test', brand: 'firefly', payments: { timeoutMs: 10_000 } }) }));

const { handleWebhook, payByCard, reconcilePayments, settlePaymentByKey } = await import('./payments');

const reservation = { id: '7', number: 'FF-TEST01', totals: { total: 12_345 } } as SavedReservation;
const card = { brand: 'visa', last4: '4242', expiry: '04/31' };
const paid: GatewayPayment = { reference: 'pi_1', status: 'succeeded', amount: 12_345 };

beforeEach(() => {
  store.rows.clear();
  store.created.clear();
  store.conflict = undefined;
  vi.clearAllMocks();
});

describe('a card payment', () => {
  it('is recorded pending before the gateway is asked, then paid, and the renter is emailed once', async () => {
    gateway.start.mockImplementation(() => {
      expect([...store.rows.values()].map((row) => row.status)).toEqual(['pending']);
      return Promise.resolve(paid);
    });
    await expect(payByCard({ reservation, locale: 'es', token: 'tok_1', card })).resolves.toEqual({ kind: 'paid', reservationId: '7' });
    // The same token again (a double click): the recorded outcome, no second charge, no second email.
    await expect(payByCard({ reservation, locale: 'es', token: 'tok_1', card })).resolves.toEqual({ kind: 'paid', reservationId: '7' });
    expect(gateway.start).toHaveBeenCalledTimes(1);
    expect(emails.sent).toHaveBeenCalledTimes(1);
  });

  it('asks for the 3-D Secure check, and is paid once whichever of window, webhook and poll reports first', async () => {
    gateway.start.mockResolvedValue({ reference: 'pi_1', status: 'requires_action', amount: 12_345, actionUrl: 'http://gateway.test/3ds/pi_1' });
    const started = await payByCard({ reservation, locale: 'en', token: 'tok_2', card });
    expect(started).toMatchObject({ kind: 'action', url: 'http://gateway.test/3ds/pi_1' });
    if (started.kind !== 'action') throw new Error('expected the check');
    gateway.confirm.mockResolvedValue(paid);
    gateway.verifyWebhook.mockResolvedValue({ type: 'payment_intent.succeeded', reference: 'pi_1' });
    const [fromWindow, fromWebhook, fromPoll] = await Promise.all([
      settlePaymentByKey(started.paymentKey),
      handleWebhook('metrobank', '{}', new Headers()),
      settlePaymentByKey(started.paymentKey),
    ]);
    expect(fromWindow?.outcome).toEqual({ kind: 'paid', reservationId: '7' });
    expect(fromWebhook).toBe('settled');
    expect(fromPoll?.outcome).toEqual({ kind: 'paid', reservationId: '7' });
    expect(emails.sent).toHaveBeenCalledTimes(1);
  });

  it('tells a decline with the gateway code, and records it failed', async () => {
    gateway.start.mockResolvedValue({ reference: 'pi_2', status: 'failed', amount: 12_345, failure: { code: 'insufficient_funds', message: 'Your card has insufficient funds.' } });
    await expect(payByCard({ reservation, locale: 'es', token: 'tok_3', card })).resolves.toEqual({ kind: 'declined', code: 'insufficient_funds', reason: 'Your card has insufficient funds.' });
    expect([...store.rows.values()][0]?.status).toBe('failed');
    expect(emails.sent).not.toHaveBeenCalled();
  });

  it('refuses and refunds a success for another amount than the quote', async () => {
    gateway.start.mockResolvedValue({ ...paid, amount: 100 });
    await expect(payByCard({ reservation, locale: 'es', token: 'tok_4', card })).resolves.toEqual({ kind: 'refused' });
    const [charge] = [...store.rows.values()];
    expect(charge).toMatchObject({ status: 'failed', failure: { code: 'amount_mismatch', message: expect.stringContaining('refunded as re_1') as unknown } });
    expect(gateway.refund).toHaveBeenCalledWith(expect.objectContaining({ amount: 100 }));
    expect(emails.sent).not.toHaveBeenCalled();
  });

  it('refunds a success the reservation can no longer take (cancelled meanwhile)', async () => {
    store.conflict = 'cancelled';
    gateway.start.mockResolvedValue(paid);
    await expect(payByCard({ reservation, locale: 'es', token: 'tok_5', card })).resolves.toEqual({ kind: 'refused' });
    expect(gateway.refund).toHaveBeenCalledTimes(1);
    expect([...store.rows.values()].map((row) => `${row.kind} ${row.status}`)).toEqual(['charge succeeded', 'refund succeeded']);
  });

  it('leaves the attempt pending when the gateway is down or slow, and reconciliation settles it later', async () => {
    gateway.start.mockRejectedValue(new GatewayUnavailableError('metrobank', 'no answer within 10000 ms'));
    await expect(payByCard({ reservation, locale: 'es', token: 'tok_6', card })).resolves.toEqual({ kind: 'unavailable' });
    expect([...store.rows.values()].map((row) => row.status)).toEqual(['pending']);
    // The charge did happen at the gateway: found by our key, recorded once, emailed once.
    gateway.findByKey.mockResolvedValue(paid);
    await expect(reconcilePayments(new Date(Date.now() + 120_000))).resolves.toMatchObject({ settled: 1 });
    await expect(reconcilePayments(new Date(Date.now() + 240_000))).resolves.toMatchObject({ settled: 0 });
    expect([...store.rows.values()].map((row) => row.status)).toEqual(['succeeded']);
    expect(emails.sent).toHaveBeenCalledTimes(1);
  });

  it('closes an attempt the gateway never saw, once the gateway answers and ten minutes have passed', async () => {
    gateway.start.mockRejectedValue(new GatewayUnavailableError('metrobank', 'unreachable'));
    await payByCard({ reservation, locale: 'es', token: 'tok_7', card });
    gateway.findByKey.mockResolvedValue(undefined);
    await expect(reconcilePayments(new Date(Date.now() + 120_000))).resolves.toMatchObject({ abandoned: 0 });
    await expect(reconcilePayments(new Date(Date.now() + 11 * 60_000))).resolves.toMatchObject({ abandoned: 1 });
    expect([...store.rows.values()][0]).toMatchObject({ status: 'canceled', failure: { code: 'never_reached_gateway' } });
  });
});

describe('webhooks', () => {
  it('refuses an event whose signature does not check out, and records nothing', async () => {
    gateway.verifyWebhook.mockResolvedValue(undefined);
    await expect(handleWebhook('metrobank', '{"type":"payment_intent.succeeded"}', new Headers())).resolves.toBe('unverified');
    expect(gateway.confirm).not.toHaveBeenCalled();
  });

  it('acknowledges an event about a payment not recorded yet, without trusting its content', async () => {
    gateway.verifyWebhook.mockResolvedValue({ type: 'payment_intent.succeeded', reference: 'pi_unknown' });
    await expect(handleWebhook('metrobank', '{}', new Headers())).resolves.toBe('ignored');
    expect(store.rows.size).toBe(0);
  });
});
