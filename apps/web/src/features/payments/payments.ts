import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import type { Locale } from '@/i18n/routing';
import { serverEnv } from '@/lib/env';
import {
  expirePaymentHolds,
  loadAppData,
  readOpenPayments,
  readPaymentByKey,
  readPaymentByReference,
  readReservationById,
  recordPayment,
  stockChanged,
  type PaymentRecord,
  type RecordedPayment,
  type SavedReservation,
} from '@/content';
import { reservationSummary, sendReservationConfirmation } from '@/features/reservations';
import type { CardDetails } from '@rentacar/domain/payments';
import { GatewayRequestError, GatewayUnavailableError, type GatewayPayment, type PaymentGateway } from './gateways/gateway';
import { cardGatewayFor, paymentGateway } from './gateways';
import { retryRefund } from './money-back';
import { logFor } from '@/lib/log';

/**
 * Taking a renter's money, exactly once. Every attempt is recorded as `pending` before the gateway is asked, with an
 * idempotency key the gateway also gets; a reservation becomes paid only after this server has asked the gateway
 * itself (the charge's own answer, or a retrieve after the 3-D Secure window, PayPal's return, a webhook or
 * reconciliation). Whichever path reports first records the outcome; the content service answers `changed` to that
 * one only, and only that one emails the renter or refunds a payment that came too late.
 */

export type PaymentOutcome =
  | { kind: 'paid'; reservationId: string }
  | { kind: 'action'; url: string; paymentKey: string }
  | { kind: 'declined'; code: string | undefined; reason: string | undefined }
  | { kind: 'unavailable' }
  /** The money came back (amount differs from the quote, or the reservation is gone): the renter tries again. */
  | { kind: 'refused' };

const log = logFor('payments');

function description(reservation: SavedReservation, siteName: string): string {
  return `${siteName} ${reservation.number}`;
}

/** The flow a payment belongs to: where the gateway's return sends the renter back. */
export type PaymentFlow = 'booking' | 'precheckin';

function returnUrls(provider: string, paymentKey: string, locale: Locale, flow: PaymentFlow) {
  const base = serverEnv().siteUrl;
  const query = new URLSearchParams({ key: paymentKey, locale, ...(flow === 'booking' ? {} : { flow }) }).toString();
  return { returnUrl: `${base}/api/payments/${provider}/return?${query}`, cancelUrl: `${base}/api/payments/${provider}/cancel?${query}` };
}

/**
 * A card attempt is one token: a double click or a retry of the same token pays once, a new card is a new attempt.
 * Base64url rather than hex, so the key never holds a long run of digits, which the content service refuses as a
 * possible card number.
 */
export function cardPaymentKey(reservationNumber: string, token: string): string {
  return `card_${reservationNumber}_${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`;
}

function recordOf(payment: PaymentRecord, gateway: GatewayPayment) {
  return {
    idempotencyKey: payment.idempotencyKey,
    reservationId: payment.reservationId,
    provider: payment.provider,
    kind: payment.kind,
    amount: payment.amount,
    reference: gateway.reference,
    ...(gateway.capture ? { capture: gateway.capture } : {}),
    ...(gateway.savedMethod ? { savedMethod: gateway.savedMethod } : {}),
    ...(gateway.card && !payment.card ? { card: gateway.card } : {}),
  };
}

/**
 * Records what the gateway said about a charge. A success for another amount than the quote's is refused: logged,
 * recorded as failed and given back. The one call that records a success emails the renter; a success the reservation
 * can no longer take (cancelled, or sold out after its hold) is refunded.
 */
async function recordGatewayAnswer(payment: PaymentRecord, gateway: GatewayPayment, adapter: PaymentGateway): Promise<RecordedPayment> {
  if (gateway.status === 'succeeded' && gateway.amount !== payment.amount) {
    log.error(`${payment.provider} ${gateway.reference}: took ${gateway.amount} cents where the quote says ${payment.amount}; refused and refunded`);
    // Given back first (the refund's key makes a second report refund nothing more), then recorded as the failure it
    // is for the reservation, with the refund named for staff.
    const refund = await adapter
      .refund({ payment: { reference: gateway.reference, ...(gateway.capture ? { capture: gateway.capture } : {}) }, amount: gateway.amount, idempotencyKey: `refund_${payment.idempotencyKey}_amount_mismatch` })
      .catch((error: unknown) => {
        log.error({ err: error }, `refund of ${gateway.reference} (amount mismatch) failed; staff must refund it by hand`);
        return undefined;
      });
    const given = refund ? `refunded as ${refund.reference}` : 'NOT refunded: refund it by hand';
    return recordPayment({ ...recordOf(payment, gateway), status: 'failed', failure: { code: 'amount_mismatch', message: `the gateway took ${gateway.amount} cents, the quote is ${payment.amount}; ${given}` } });
  }
  const recorded = await recordPayment({
    ...recordOf(payment, gateway),
    status: gateway.status,
    ...(gateway.failure ? { failure: gateway.failure } : {}),
  });
  if (recorded.changed && recorded.payment.status === 'succeeded' && recorded.payment.kind === 'charge') {
    if (recorded.conflict) {
      log.warn(`${recorded.reservation.number}: paid after the reservation was ${recorded.conflict === 'cancelled' ? 'cancelled' : 'sold out'}; refunding ${payment.amount} cents`);
      await refundWhole(recorded.payment, gateway, adapter, recorded.conflict);
    } else {
      log.info(`${recorded.reservation.number}: paid ${payment.amount} cents by ${payment.provider} (${gateway.reference})`);
      await confirmToRenter(recorded.reservation.id);
    }
  }
  return recorded;
}

async function refundWhole(payment: PaymentRecord, gateway: GatewayPayment, adapter: PaymentGateway, reason: string): Promise<void> {
  const key = `refund_${payment.idempotencyKey}_${reason}`;
  const amount = gateway.amount;
  try {
    const refund = await adapter.refund({ payment: { reference: gateway.reference, ...(gateway.capture ? { capture: gateway.capture } : {}) }, amount, idempotencyKey: key });
    await recordPayment({ idempotencyKey: key, reservationId: payment.reservationId, provider: payment.provider, kind: 'refund', amount: refund.amount, status: refund.status, reference: refund.reference, refundOf: payment.id });
  } catch (error) {
    log.error({ err: error }, `refund of ${gateway.reference} (${reason}) failed; staff must refund it by hand`);
  }
}

async function confirmToRenter(reservationId: string): Promise<void> {
  // Logged by its number: the id is the content service's reference, a proof of access.
  let number: string | undefined;
  try {
    const reservation = await readReservationById(reservationId);
    if (!reservation) return;
    number = reservation.number;
    stockChanged();
    await sendReservationConfirmation(await reservationSummary(reservation, reservation.locale));
  } catch (error) {
    log.error({ err: error }, `${number ?? 'a paid reservation'}: the confirmation email could not be sent`);
  }
}

function outcomeOf(recorded: RecordedPayment, gateway: GatewayPayment): PaymentOutcome {
  const payment = recorded.payment;
  if (payment.status === 'succeeded') return recorded.conflict ? { kind: 'refused' } : { kind: 'paid', reservationId: payment.reservationId };
  if (payment.status === 'requires_action' && gateway.actionUrl) return { kind: 'action', url: gateway.actionUrl, paymentKey: payment.idempotencyKey };
  if (payment.failure?.code === 'amount_mismatch') return { kind: 'refused' };
  if (payment.status === 'failed' || payment.status === 'canceled') return declined(payment);
  return { kind: 'unavailable' };
}

function declined(payment: PaymentRecord): PaymentOutcome {
  return { kind: 'declined', code: payment.failure?.code, reason: payment.failure?.message || undefined };
}

/** Runs a gateway call; a gateway that is down or slow leaves the attempt pending for reconciliation. */
async function askGateway(what: string, call: () => Promise<GatewayPayment>): Promise<GatewayPayment | undefined> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayUnavailableError) {
      log.warn(`${what}: ${error.message}; left pending for reconciliation`);
      return undefined;
    }
    throw error;
  }
}

type StartContext = {
  reservation: SavedReservation;
  locale: Locale;
  /** What to charge: the reservation's saved total unless said (pre-check-in charges what is still due). */
  amount?: number;
  flow?: PaymentFlow;
};

/** Charges a card token for the reservation's saved total (the server's quote; nothing the browser sent). */
export async function payByCard({ reservation, locale, token, card, amount, flow = 'booking' }: StartContext & { token: string; card?: CardDetails }): Promise<PaymentOutcome> {
  const { site } = await loadAppData();
  const adapter = cardGatewayFor(site.paymentGateway);
  if (!adapter) return { kind: 'unavailable' };
  const paymentKey = cardPaymentKey(reservation.number, token);
  const pending = await recordPayment({
    idempotencyKey: paymentKey,
    reservationId: reservation.id,
    provider: adapter.provider,
    kind: 'charge',
    amount: amount ?? reservation.totals.total,
    status: 'pending',
    ...(card ? { card } : {}),
  });
  // The same token again (a double click, a retry after a lost answer): what is known already is the answer.
  if (pending.payment.status !== 'pending') return settleKnown(pending.payment, adapter);
  const urls = returnUrls(adapter.provider, paymentKey, locale, flow);
  try {
    const answer = await askGateway(`card payment ${paymentKey}`, () =>
      adapter.start({
        amount: pending.payment.amount,
        idempotencyKey: paymentKey,
        reservationNumber: reservation.number,
        description: description(reservation, site.siteName),
        ...urls,
        locale,
        brandName: site.siteName,
        source: { token },
      }),
    );
    if (!answer) return { kind: 'unavailable' };
    return outcomeOf(await recordGatewayAnswer(pending.payment, answer, adapter), answer);
  } catch (error) {
    if (error instanceof GatewayRequestError) {
      // The gateway refused the request itself (a used token, an invalid one): this attempt is over.
      log.warn(`card payment ${paymentKey}: ${error.message}`);
      await recordPayment({ idempotencyKey: paymentKey, reservationId: reservation.id, provider: adapter.provider, kind: 'charge', amount: pending.payment.amount, status: 'failed', failure: { code: error.code, message: error.message } });
      return { kind: 'declined', code: error.code, reason: undefined };
    }
    throw error;
  }
}

/** Creates a PayPal order for the reservation's saved total; the renter approves it on PayPal's page. */
export async function payWithPayPal({ reservation, locale, amount, flow = 'booking' }: StartContext): Promise<PaymentOutcome> {
  const adapter = paymentGateway('paypal');
  if (!adapter) return { kind: 'unavailable' };
  const { site } = await loadAppData();
  const paymentKey = `paypal_${reservation.number}_${randomUUID()}`;
  const pending = await recordPayment({ idempotencyKey: paymentKey, reservationId: reservation.id, provider: 'paypal', kind: 'charge', amount: amount ?? reservation.totals.total, status: 'pending' });
  const answer = await askGateway(`PayPal order ${paymentKey}`, () =>
    adapter.start({
      amount: pending.payment.amount,
      idempotencyKey: paymentKey,
      reservationNumber: reservation.number,
      description: description(reservation, site.siteName),
      ...returnUrls('paypal', paymentKey, locale, flow),
      locale,
      brandName: site.siteName,
    }),
  );
  if (!answer) return { kind: 'unavailable' };
  return outcomeOf(await recordGatewayAnswer(pending.payment, answer, adapter), answer);
}

/** The outcome of a payment already recorded as final, without asking again. */
function settleKnown(payment: PaymentRecord, adapter: PaymentGateway): Promise<PaymentOutcome> {
  if (payment.status === 'succeeded') return Promise.resolve({ kind: 'paid', reservationId: payment.reservationId });
  if (payment.status === 'failed' || payment.status === 'canceled') return Promise.resolve(declined(payment));
  return settlePayment(payment, adapter);
}

/**
 * Asks the gateway where a recorded payment stands and records it: the 3-D Secure window's return, PayPal's return
 * (which captures), a webhook, the checkout's polling and reconciliation all come through here.
 */
export async function settlePayment(payment: PaymentRecord, adapter: PaymentGateway | undefined = paymentGateway(payment.provider)): Promise<PaymentOutcome> {
  if (!adapter) return { kind: 'unavailable' };
  if (payment.status === 'succeeded' || payment.status === 'failed' || payment.status === 'canceled') return settleKnown(payment, adapter);
  const answer = await askGateway(`settling ${payment.idempotencyKey}`, async () => {
    if (payment.reference) return adapter.confirm(payment.reference, payment.idempotencyKey);
    const found = await adapter.findByKey(payment.idempotencyKey);
    return found ?? { reference: '', status: 'pending', amount: payment.amount };
  });
  if (!answer) return { kind: 'unavailable' };
  if (!answer.reference) return { kind: 'unavailable' };
  return outcomeOf(await recordGatewayAnswer(payment, answer, adapter), answer);
}

export async function settlePaymentByKey(paymentKey: string): Promise<{ payment: PaymentRecord; outcome: PaymentOutcome } | undefined> {
  const payment = await readPaymentByKey(paymentKey);
  if (!payment) return undefined;
  return { payment, outcome: await settlePayment(payment) };
}

/**
 * Closes the attempt in progress before a new one starts (the renter refreshed during the 3-D Secure check, or
 * switched card): asked of the gateway first, then stopped there, so the old attempt cannot succeed behind the new
 * one. Its outcome says whether the renter in fact paid meanwhile.
 */
export async function closeAttempt(paymentKey: string): Promise<PaymentOutcome> {
  const payment = await readPaymentByKey(paymentKey);
  if (!payment) return { kind: 'declined', code: undefined, reason: undefined };
  const adapter = paymentGateway(payment.provider);
  if (!adapter) return { kind: 'unavailable' };
  const outcome = await settlePayment(payment, adapter);
  if (outcome.kind !== 'action' || !payment.reference) return outcome;
  const reference = payment.reference;
  const answer = await askGateway(`abandoning ${payment.idempotencyKey}`, () => adapter.abandon(reference, payment.idempotencyKey));
  if (!answer) return { kind: 'unavailable' };
  // A PayPal order cannot be stopped at PayPal, only left to expire: in our books it is over, and one approved later
  // is never captured.
  const stopped: GatewayPayment = answer.status === 'requires_action' ? { ...answer, status: 'canceled', failure: { code: 'abandoned', message: 'abandoned by the renter' } } : answer;
  return outcomeOf(await recordGatewayAnswer(payment, stopped, adapter), stopped);
}

/** The renter cancelled at the gateway (PayPal's cancel link): the attempt is over, the reservation still unpaid. */
export async function abandonPayment(paymentKey: string): Promise<PaymentRecord | undefined> {
  const payment = await readPaymentByKey(paymentKey);
  if (!payment) return undefined;
  // Asked first: an order approved in another tab is captured rather than dropped.
  const outcome = await settlePayment(payment);
  if (outcome.kind === 'paid') return (await readPaymentByKey(paymentKey)) ?? payment;
  const recorded = await recordPayment({
    idempotencyKey: payment.idempotencyKey,
    reservationId: payment.reservationId,
    provider: payment.provider,
    kind: payment.kind,
    amount: payment.amount,
    status: 'canceled',
    failure: { code: 'canceled_by_renter', message: 'cancelled at the gateway by the renter' },
  });
  return recorded.payment;
}

export type WebhookResult = 'settled' | 'ignored' | 'unverified' | 'unknown_provider';

/**
 * A gateway's webhook: its signature checked, then the payment it names asked of the gateway (the event's own
 * content is never trusted for the outcome). A webhook for a payment we have not recorded yet is acknowledged: the
 * checkout or reconciliation records it.
 */
export async function handleWebhook(provider: string, rawBody: string, headers: Headers): Promise<WebhookResult> {
  const adapter = paymentGateway(provider);
  if (!adapter) return 'unknown_provider';
  const notice = await adapter.verifyWebhook(rawBody, headers);
  if (!notice) {
    log.error(`${provider} webhook refused: bad or missing signature`);
    return 'unverified';
  }
  const payment = (notice.paymentKey ? await readPaymentByKey(notice.paymentKey) : undefined) ?? (notice.reference ? await readPaymentByReference(notice.reference) : undefined);
  if (!payment || payment.kind !== 'charge') {
    log.info(`${provider} webhook ${notice.type}: no charge recorded for it (yet); acknowledged`);
    return 'ignored';
  }
  const withReference = payment.reference || !notice.reference ? payment : { ...payment, reference: notice.reference };
  try {
    await settlePayment(withReference, adapter);
  } catch (error) {
    if (!(error instanceof GatewayRequestError)) throw error;
    log.error(`${provider} webhook ${notice.type} names a payment the gateway does not know: ${error.message}`);
    return 'ignored';
  }
  return 'settled';
}

/**
 * Open payments younger than this are left to the request still handling them: twice the gateway timeout, after
 * which that request has given up. (Asking earlier would do no harm, recording being idempotent; it would only ask
 * the gateway for nothing.)
 */
const reconcileAfterMs = () => 2 * serverEnv().payments.timeoutMs;
/** An attempt with no trace at its gateway after this long never reached it. */
const ABANDON_UNKNOWN_AFTER_MS = 10 * 60_000;
/** A 3-D Secure check or a PayPal approval left this long was abandoned: stopped at the gateway, so it cannot pay later. */
const ABANDON_ACTION_AFTER_MS = 60 * 60_000;

/**
 * Settles what a crash or a timeout left open: every open payment older than twice the gateway timeout is asked of its gateway;
 * one the gateway never saw is closed after ten minutes. Then the brand's expired payment holds are released. Every
 * storefront instance may run it at once: recording is idempotent.
 */
export async function reconcilePayments(now: Date = new Date()): Promise<{ settled: number; abandoned: number; expired: number }> {
  const open = await readOpenPayments(new Date(now.getTime() - reconcileAfterMs()));
  let settled = 0;
  let abandoned = 0;
  for (const payment of open) {
    try {
      if (payment.kind === 'refund') {
        if (await retryRefund(payment)) settled += 1;
        continue;
      }
      const outcome = await settlePayment(payment);
      if (outcome.kind !== 'unavailable' && outcome.kind !== 'action') {
        settled += 1;
        continue;
      }
      const age = now.getTime() - Date.parse(payment.createdAt ?? now.toISOString());
      if (outcome.kind === 'action' && age > ABANDON_ACTION_AFTER_MS) {
        const closed = await closeAttempt(payment.idempotencyKey);
        if (closed.kind !== 'unavailable' && closed.kind !== 'action') abandoned += 1;
        continue;
      }
      if (!payment.reference && outcome.kind === 'unavailable' && age > ABANDON_UNKNOWN_AFTER_MS && (await gatewayAnswers(payment.provider))) {
        await recordPayment({ idempotencyKey: payment.idempotencyKey, reservationId: payment.reservationId, provider: payment.provider, kind: payment.kind, amount: payment.amount, status: 'canceled', failure: { code: 'never_reached_gateway', message: 'no trace of this attempt at the gateway' } });
        abandoned += 1;
      }
    } catch (error) {
      log.error({ err: error }, `reconciling ${payment.idempotencyKey} failed`);
    }
  }
  const expired = await expirePaymentHolds(serverEnv().brand);
  if (settled || abandoned || expired.length) log.info(`reconciliation: ${settled} settled, ${abandoned} abandoned, ${expired.length} expired holds released${expired.length ? ` (${expired.map((row) => row.number).join(', ')})` : ''}`);
  if (expired.length) stockChanged();
  return { settled, abandoned, expired: expired.length };
}

/** Whether the gateway is up, so an attempt is only closed as unknown when the gateway could have been asked. */
async function gatewayAnswers(provider: string): Promise<boolean> {
  const adapter = paymentGateway(provider);
  if (!adapter) return false;
  try {
    await adapter.findByKey(`probe_${randomUUID()}`);
    return true;
  } catch {
    return false;
  }
}
