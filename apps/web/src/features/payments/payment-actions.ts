'use server';

import { randomUUID } from 'node:crypto';
import { headers } from 'next/headers';
import { z } from 'zod';
import { type Locale, localeOrDefault } from '@/i18n/routing';
import { redirect } from '@/i18n/navigation';
import { ContentServiceError } from '@/features/content/content-error';
import type { FormIssue } from '@/features/forms/form-issues';
import { readBookingDraft, saveBookingDraft, selectionOfDraft, type BookingDraft, type DraftData } from '@/features/booking/booking-draft';
import { CHECKOUT_PATH, stepPath, THANKS_PATH } from '@/features/booking/booking-routes';
import { priceDraftSelection } from '@/features/booking/pricing';
import { clientAddress } from '@/features/booking/rate-limit';
import { readReservationById, type SavedReservation } from '@/features/booking/reservation-record';
import { bookReservation, cancelReservation } from '@/features/booking/reservations';
import { cardTokenSchema, failed, PROCESSING_ERROR, unsuccessful, type PaymentActionResult } from './payment-answers';
import { closeAttempt, payByCard, payWithPayPal, settlePaymentByKey, type PaymentOutcome } from './payments';

export type { PaymentActionResult } from './payment-answers';

/**
 * The checkout's payment mutations. The amount is never the browser's: the reservation is priced again and saved
 * (prepaid, unpaid, holding its unit for the brand's payment hold) before the gateway is asked for its saved total.
 */

const SERVICE_DOWN: FormIssue = { message: 'booking.errors.serviceUnavailable' };
const DRAFT_EXPIRED: FormIssue = { message: 'booking.errors.draftExpired' };

function goTo(locale: Locale, path: string): never {
  redirect({ href: path, locale });
}

async function withCheckoutDraft(action: (draft: BookingDraft) => Promise<PaymentActionResult>): Promise<PaymentActionResult> {
  try {
    const draft = await readBookingDraft();
    return draft ? await action(draft) : failed(DRAFT_EXPIRED);
  } catch (error) {
    if (error instanceof ContentServiceError) return failed(SERVICE_DOWN);
    throw error;
  }
}

const methodSchema = z.enum(['counter', 'card', 'paypal']);

/** Pay at the counter (postpaid price) or now by card or PayPal (prepaid price): the bill follows the choice. */
export async function choosePaymentMethod(method: unknown): Promise<PaymentActionResult> {
  const parsed = methodSchema.safeParse(method);
  if (!parsed.success) return failed({ message: 'booking.errors.invalidValue' });
  return withCheckoutDraft(async (draft) => {
    if (draft.data.reservation?.done) return { status: 'paid' };
    const reservationType = parsed.data === 'counter' ? 'postpaid' : 'prepaid';
    const data: DraftData = { ...draft.data, paymentMethod: parsed.data, reservationType };
    // A reservation saved for the other price is not this one: the next confirmation or payment books anew.
    if (reservationType !== draft.data.reservationType) {
      if (draft.data.reservation && !draft.data.reservation.done) await releaseUnpaid(draft.data.reservation.id);
      delete data.reservation;
      delete data.confirmationKey;
      delete data.payment;
    }
    await saveBookingDraft({ id: draft.id, data });
    return { status: 'pending' };
  });
}

async function releaseUnpaid(reservationId: string): Promise<void> {
  const saved = await readReservationById(reservationId);
  if (saved && saved.status === 'unpaid') await cancelReservation(saved);
}

type Payable = { ok: true; reservation: SavedReservation; draft: BookingDraft } | { ok: false; result: PaymentActionResult };

/**
 * The reservation the renter is paying for: the one saved at an earlier attempt while it still costs what the server
 * prices now, else a new one (an older unpaid one is cancelled, so it stops holding a unit).
 */
async function reservationToPay(draft: BookingDraft, locale: Locale): Promise<Payable> {
  const client = draft.data.client;
  if (!client || !draft.data.termsAccepted) goTo(locale, stepPath('client'));
  // A coupon that no longer applies was shown as such at checkout: the payment goes ahead without it.
  const priced = (await priceDraftSelection({ ...(await selectionOfDraft(draft.data)), reservationType: 'prepaid' })).result;
  if (!priced.ok) {
    const first = priced.issues[0];
    return { ok: false, result: failed(first ? { message: first.message, ...(first.params ? { params: first.params } : {}) } : PROCESSING_ERROR) };
  }
  const earlier = draft.data.reservation && !draft.data.reservation.done ? await readReservationById(draft.data.reservation.id) : undefined;
  if (earlier?.status === 'paid') {
    await finishDraft(draft, earlier);
    goTo(locale, THANKS_PATH);
  }
  if (earlier && earlier.status === 'unpaid' && earlier.reservationType === 'prepaid' && earlier.totals.total === priced.booking.quote.total) {
    return { ok: true, reservation: earlier, draft };
  }
  if (earlier && earlier.status === 'unpaid') await cancelReservation(earlier);

  const confirmationKey = `draft-${draft.id}-${randomUUID()}`;
  const keyed: BookingDraft = { id: draft.id, data: { ...draft.data, reservationType: 'prepaid', confirmationKey } };
  await saveBookingDraft(keyed);
  const outcome = await bookReservation(priced.booking, client, locale, confirmationKey, clientAddress(await headers()));
  if (!outcome.ok) {
    const first = outcome.issues[0];
    return { ok: false, result: failed(first ? { message: first.message, ...(first.params ? { params: first.params } : {}) } : PROCESSING_ERROR) };
  }
  const saved: BookingDraft = { id: draft.id, data: { ...keyed.data, reservation: { id: outcome.reservation.id, number: outcome.reservation.number, done: false } } };
  await saveBookingDraft(saved);
  return { ok: true, reservation: outcome.reservation, draft: saved };
}

/**
 * An attempt still open in the draft (a refresh during the 3-D Secure check, another card, PayPal after the card) is
 * closed at its gateway before a new one starts, so two attempts can never both take money. If the renter paid with
 * it meanwhile, that is the answer.
 */
async function closeOpenAttempt(draft: BookingDraft, locale: Locale): Promise<BookingDraft | PaymentActionResult> {
  const open = draft.data.payment;
  if (!open) return draft;
  const outcome = await closeAttempt(open.key);
  if (outcome.kind === 'unavailable') return failed(PROCESSING_ERROR, { message: 'booking.payment.gatewayUnavailable' });
  if (outcome.kind === 'paid' && draft.data.reservation) {
    await finishDraft(draft, draft.data.reservation);
    goTo(locale, THANKS_PATH);
  }
  const { payment: _closed, ...data } = draft.data;
  const closed: BookingDraft = { id: draft.id, data };
  await saveBookingDraft(closed);
  return closed;
}

async function finishDraft(draft: BookingDraft, reservation: { id: string; number: string }): Promise<void> {
  const { payment: _done, ...data } = draft.data;
  await saveBookingDraft({ id: draft.id, data: { ...data, reservation: { id: reservation.id, number: reservation.number, done: true } } });
}

async function answer(draft: BookingDraft, reservation: SavedReservation, provider: string, outcome: PaymentOutcome, locale: Locale): Promise<PaymentActionResult> {
  switch (outcome.kind) {
    case 'paid':
      await finishDraft(draft, reservation);
      return goTo(locale, THANKS_PATH);
    case 'action':
      await saveBookingDraft({ id: draft.id, data: { ...draft.data, payment: { key: outcome.paymentKey, provider } } });
      return provider === 'paypal' ? { status: 'redirect', url: outcome.url } : { status: 'verify', url: outcome.url };
    default:
      return unsuccessful(outcome);
  }
}

/** Pays the reservation by card with the single-use token the gateway's own fields gave the browser. */
export async function payCheckoutByCard(locale: string, input: unknown): Promise<PaymentActionResult> {
  const language = localeOrDefault(locale);
  const parsed = cardTokenSchema.safeParse(input);
  if (!parsed.success) return failed(PROCESSING_ERROR);
  return withCheckoutDraft(async (draft) => {
    if (draft.data.reservation?.done) goTo(language, THANKS_PATH);
    if (draft.data.paymentMethod !== 'card') goTo(language, CHECKOUT_PATH);
    const current = await closeOpenAttempt(draft, language);
    if ('status' in current) return current;
    const payable = await reservationToPay(current, language);
    if (!payable.ok) return payable.result;
    const outcome = await payByCard({ reservation: payable.reservation, locale: language, token: parsed.data.token, card: parsed.data.card });
    return answer(payable.draft, payable.reservation, 'metrobank', outcome, language);
  });
}

/** Creates the PayPal order for the reservation; the browser then goes to PayPal's approval page. */
export async function payCheckoutWithPayPal(locale: string): Promise<PaymentActionResult> {
  const language = localeOrDefault(locale);
  return withCheckoutDraft(async (draft) => {
    if (draft.data.reservation?.done) goTo(language, THANKS_PATH);
    if (draft.data.paymentMethod !== 'paypal') goTo(language, CHECKOUT_PATH);
    const current = await closeOpenAttempt(draft, language);
    if ('status' in current) return current;
    const payable = await reservationToPay(current, language);
    if (!payable.ok) return payable.result;
    const outcome = await payWithPayPal({ reservation: payable.reservation, locale: language });
    return answer(payable.draft, payable.reservation, 'paypal', outcome, language);
  });
}

/**
 * Where the payment in progress stands (the checkout asks while the 3-D Secure window is open): the server asks the
 * gateway, so a window closed early or a lost message still ends on the right page. A paid answer is `paid`, not a
 * redirect: the page stops asking before it moves on, so no late poll reaches the thanks page.
 */
export async function checkCheckoutPayment(locale: string): Promise<PaymentActionResult> {
  const language = localeOrDefault(locale);
  return withCheckoutDraft(async (draft) => {
    if (draft.data.reservation?.done) return { status: 'paid' };
    const key = draft.data.payment?.key;
    const reservationRef = draft.data.reservation;
    if (!key || !reservationRef) return { status: 'pending' };
    const settled = await settlePaymentByKey(key);
    if (!settled) return { status: 'pending' };
    // Still with the renter: its page, so a checkout loaded during the check can offer to reopen it.
    if (settled.outcome.kind === 'action') return { status: 'verify', url: settled.outcome.url };
    const reservation = await readReservationById(reservationRef.id);
    if (!reservation) return failed(PROCESSING_ERROR);
    if (settled.outcome.kind === 'paid') {
      await finishDraft(draft, reservation);
      return { status: 'paid' };
    }
    const { payment: _attempt, ...data } = draft.data;
    const cleared: BookingDraft = { id: draft.id, data };
    await saveBookingDraft(cleared);
    return answer(cleared, reservation, settled.payment.provider, settled.outcome, language);
  });
}
