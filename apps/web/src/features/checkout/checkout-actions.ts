'use server';

import { randomUUID } from 'node:crypto';
import { cookies, headers } from 'next/headers';
import { z } from 'zod';
import { confirmsShownTotal } from '@rentacar/domain/rates';
import { DEFAULT_LOCALE, type Locale, localeOrDefault } from '@/i18n/routing';
import { ContentServiceError, readReservationById, type SavedReservation } from '@/content';
import type { FormIssue } from '@/shared/forms';
import { bookReservation, cancelReservation } from '@/features/reservations';
import { CHECKOUT_PATH, readBookingDraft, saveBookingDraft, stepPath, THANKS_PATH, type BookingDraft, type DraftData } from '@/features/booking';
import { priceDraft } from '@/features/pricing';
import { clientAddress } from '@/lib/client-address';
import {
  cardTokenSchema,
  closeAttempt,
  failed,
  payByCard,
  payWithPayPal,
  PROCESSING_ERROR,
  settlePaymentByKey,
  unsuccessful,
  type PaymentActionResult,
  type PaymentOutcome,
} from '@/features/payments';
import { redirect } from '@/i18n/navigation';
import { carriesAttemptMarker, endCheckoutAttempt, finished, markAttempt, unmarkAttempt } from './checkout-attempt';

export type { PaymentActionResult } from '@/features/payments';

/**
 * The checkout's payment mutations. The amount is never the browser's: the reservation is priced again and saved
 * (prepaid, unpaid, holding its unit for the brand's payment hold) before the gateway is asked for its saved total.
 */

const SERVICE_DOWN: FormIssue = { message: 'booking.errors.serviceUnavailable' };
const DRAFT_EXPIRED: FormIssue = { message: 'booking.errors.draftExpired' };

/** Where an action ends: an answer for the page, or another page (the thanks page, a step to complete). */
type Ending = { answer: PaymentActionResult } | { goTo: string };

/**
 * Runs a checkout action on the renter's draft, which it changes in memory (`data`); the draft is saved once, after
 * the action and before the answer or the redirect (to a page in `locale`), and only if it changed. The attempt's
 * marker follows the saved draft (checkout-attempt.ts).
 */
async function withCheckoutDraft(action: (draft: BookingDraft) => Promise<{ data: DraftData; ending: Ending }>, locale: Locale = DEFAULT_LOCALE): Promise<PaymentActionResult> {
  let ending: Ending;
  try {
    const draft = await readBookingDraft();
    if (!draft) return failed(DRAFT_EXPIRED);
    const outcome = await action(draft);
    if (outcome.data !== draft.data) await saveBookingDraft({ id: draft.id, data: outcome.data });
    markAttempt(await cookies(), outcome.data);
    ending = outcome.ending;
  } catch (error) {
    if (error instanceof ContentServiceError) return failed(SERVICE_DOWN);
    throw error;
  }
  if ('goTo' in ending) redirect({ href: ending.goTo, locale });
  return ending.answer;
}

const methodSchema = z.enum(['counter', 'card', 'paypal']);

/** Pay at the counter (postpaid price) or now by card or PayPal (prepaid price): the bill follows the choice. */
export async function choosePaymentMethod(method: unknown): Promise<PaymentActionResult> {
  const parsed = methodSchema.safeParse(method);
  if (!parsed.success) return failed({ message: 'booking.errors.invalidValue' });
  return withCheckoutDraft(async (draft) => {
    if (draft.data.reservation?.done) return { data: draft.data, ending: { answer: { status: 'paid' } } };
    const reservationType = parsed.data === 'counter' ? 'postpaid' : 'prepaid';
    const data: DraftData = { ...draft.data, paymentMethod: parsed.data, reservationType };
    // A reservation saved for the other price is not this one: the next confirmation or payment books anew.
    if (reservationType !== draft.data.reservationType) {
      if (draft.data.reservation && !draft.data.reservation.done) await releaseUnpaid(draft.data.reservation.id);
      delete data.reservation;
      delete data.confirmationKey;
      delete data.payment;
    }
    return { data, ending: { answer: { status: 'pending' } } };
  });
}

/** What the form of the choice answers when it does not move on: why (nothing chosen, the server refused). */
export type PaymentChoiceState = { error?: FormIssue };

/**
 * The choice of how to pay, posted as a form: by a page without JavaScript (with it, each choice is saved as it is
 * made), or with nothing chosen. Saves it as `choosePaymentMethod` does and shows the checkout again for that way to pay.
 */
export async function choosePaymentMethodByForm(_previous: PaymentChoiceState, form: FormData): Promise<PaymentChoiceState> {
  const locale = localeOrDefault(form.get('locale'));
  const method = form.get('payment-method');
  if (typeof method !== 'string' || method === '') return { error: { message: 'booking.paymentChoice.required' } };
  const result = await choosePaymentMethod(method);
  if (result.status === 'error') return { error: result.error };
  redirect({ href: CHECKOUT_PATH, locale });
}

async function releaseUnpaid(reservationId: string): Promise<void> {
  const saved = await readReservationById(reservationId);
  if (saved && saved.status === 'unpaid') await cancelReservation(saved);
}

function firstIssue(issues: readonly { message: FormIssue['message']; params?: FormIssue['params'] }[]): FormIssue {
  const first = issues[0];
  return first ? { message: first.message, ...(first.params ? { params: first.params } : {}) } : PROCESSING_ERROR;
}

type Payable = { ok: true; reservation: SavedReservation; data: DraftData } | { ok: false; data: DraftData; ending: Ending };

/**
 * The reservation the renter is paying for: the one saved at an earlier attempt while it still costs what the server
 * prices now, else a new one (an older unpaid one is cancelled, so it stops holding a unit). Priced once, the coupon
 * read once.
 */
async function reservationToPay(draft: BookingDraft, data: DraftData, locale: Locale, shownTotal: number | null): Promise<Payable> {
  const client = data.client;
  if (!client || !data.termsAccepted) return { ok: false, data, ending: { goTo: stepPath('client', locale) } };
  // A coupon that no longer applies was shown as such at checkout: the payment goes ahead without it.
  const priced = await priceDraft({ data }, { reservationType: 'prepaid' });
  if (!priced.ok) return { ok: false, data, ending: { answer: failed(firstIssue(priced.issues)) } };
  // The price hold ended and the rules of the moment price it otherwise: the checkout shows the new total first.
  if (!confirmsShownTotal(shownTotal, priced.booking.quote.total)) return { ok: false, data, ending: { goTo: CHECKOUT_PATH } };
  const earlier = data.reservation && !data.reservation.done ? await readReservationById(data.reservation.id) : undefined;
  if (earlier?.status === 'paid') return { ok: false, data: finished(data, earlier), ending: { goTo: THANKS_PATH } };
  if (earlier && earlier.status === 'unpaid' && earlier.reservationType === 'prepaid' && earlier.totals.total === priced.booking.quote.total) {
    return { ok: true, reservation: earlier, data };
  }
  if (earlier && earlier.status === 'unpaid') await cancelReservation(earlier);

  const confirmationKey = `draft-${draft.id}-${randomUUID()}`;
  const outcome = await bookReservation(priced.booking, client, locale, confirmationKey, clientAddress(await headers()), 'web');
  const keyed: DraftData = { ...data, reservationType: 'prepaid', confirmationKey };
  if (!outcome.ok) return { ok: false, data: keyed, ending: { answer: failed(firstIssue(outcome.issues)) } };
  return { ok: true, reservation: outcome.reservation, data: { ...keyed, reservation: { id: outcome.reservation.id, number: outcome.reservation.number, done: false } } };
}

/**
 * An attempt still open in the draft (a refresh during the 3-D Secure check, another card, PayPal after the card) is
 * closed at its gateway before a new one starts, so two attempts can never both take money. If the renter paid with
 * it meanwhile, that is the answer.
 */
async function closeOpenAttempt(data: DraftData): Promise<{ ok: true; data: DraftData } | { ok: false; data: DraftData; ending: Ending }> {
  const open = data.payment;
  if (!open) return { ok: true, data };
  const outcome = await closeAttempt(open.key);
  if (outcome.kind === 'unavailable') return { ok: false, data, ending: { answer: failed(PROCESSING_ERROR, { message: 'booking.payment.gatewayUnavailable' }) } };
  if (outcome.kind === 'paid' && data.reservation) return { ok: false, data: finished(data, data.reservation), ending: { goTo: THANKS_PATH } };
  const { payment: _closed, ...rest } = data;
  return { ok: true, data: rest };
}

function answer(data: DraftData, reservation: SavedReservation, provider: string, outcome: PaymentOutcome): { data: DraftData; ending: Ending } {
  switch (outcome.kind) {
    case 'paid':
      return { data: finished(data, reservation), ending: { goTo: THANKS_PATH } };
    case 'action':
      return {
        data: { ...data, payment: { key: outcome.paymentKey, provider } },
        ending: { answer: provider === 'paypal' ? { status: 'redirect', url: outcome.url } : { status: 'verify', url: outcome.url } },
      };
    default:
      return { data, ending: { answer: unsuccessful(outcome) } };
  }
}

/** A payment by `provider`: the open attempt closed, the reservation priced and saved, the gateway asked. */
async function payWith(
  draft: BookingDraft,
  locale: Locale,
  shownTotal: number | null,
  provider: 'card' | 'paypal',
  pay: (reservation: SavedReservation) => Promise<PaymentOutcome>,
): Promise<{ data: DraftData; ending: Ending }> {
  if (draft.data.reservation?.done) return { data: draft.data, ending: { goTo: THANKS_PATH } };
  if (draft.data.paymentMethod !== provider) return { data: draft.data, ending: { goTo: CHECKOUT_PATH } };
  const closed = await closeOpenAttempt(draft.data);
  if (!closed.ok) return closed;
  const payable = await reservationToPay(draft, closed.data, locale, shownTotal);
  if (!payable.ok) return payable;
  return answer(payable.data, payable.reservation, provider === 'card' ? 'metrobank' : 'paypal', await pay(payable.reservation));
}

/** The total (cents) the checkout showed when the renter paid: the server charges no other. */
const shownTotalSchema = z.number().int().nonnegative();
const shownTotalOf = (value: unknown): number | null => {
  const parsed = shownTotalSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

/**
 * Pays the reservation by card with the single-use token the gateway's own fields gave the browser, at the total the
 * checkout showed (`shownTotal`, bound by the page).
 */
export async function payCheckoutByCard(shownTotal: unknown, locale: string, input: unknown): Promise<PaymentActionResult> {
  const language = localeOrDefault(locale);
  const parsed = cardTokenSchema.safeParse(input);
  if (!parsed.success) return failed(PROCESSING_ERROR);
  return withCheckoutDraft(
    (draft) => payWith(draft, language, shownTotalOf(shownTotal), 'card', (reservation) => payByCard({ reservation, locale: language, token: parsed.data.token, card: parsed.data.card })),
    language,
  );
}

/** Creates the PayPal order for the reservation at the total the checkout showed; the browser then goes to PayPal. */
export async function payCheckoutWithPayPal(shownTotal: unknown, locale: string): Promise<PaymentActionResult> {
  const language = localeOrDefault(locale);
  return withCheckoutDraft((draft) => payWith(draft, language, shownTotalOf(shownTotal), 'paypal', (reservation) => payWithPayPal({ reservation, locale: language })), language);
}

/**
 * Where the payment in progress stands (the checkout asks while the 3-D Secure window is open): the server asks the
 * gateway, so a window closed early or a lost message still ends on the right page. A paid answer is `paid`, not a
 * redirect: the page stops asking before it moves on, so no late poll reaches the thanks page.
 */
export async function checkCheckoutPayment(locale: string): Promise<PaymentActionResult> {
  return withCheckoutDraft(async (draft) => {
    const unchanged = (result: PaymentActionResult) => ({ data: draft.data, ending: { answer: result } });
    if (draft.data.reservation?.done) return unchanged({ status: 'paid' });
    const key = draft.data.payment?.key;
    const reservationRef = draft.data.reservation;
    if (!key || !reservationRef) return unchanged({ status: 'pending' });
    const settled = await settlePaymentByKey(key);
    if (!settled) return unchanged({ status: 'pending' });
    // Still with the renter: its page, so a checkout loaded during the check can offer to reopen it.
    if (settled.outcome.kind === 'action') return unchanged({ status: 'verify', url: settled.outcome.url });
    const reservation = await readReservationById(reservationRef.id);
    if (!reservation) return unchanged(failed(PROCESSING_ERROR));
    if (settled.outcome.kind === 'paid') return { data: finished(draft.data, reservation), ending: { answer: { status: 'paid' } } };
    const { payment: _attempt, ...cleared } = draft.data;
    return answer(cleared, reservation, settled.payment.provider, settled.outcome);
  }, localeOrDefault(locale));
}

/**
 * The browser showed a page other than the checkout while an attempt was marked, without asking the server for it
 * (Next's router cache, the browser's back-forward cache): the attempt ends as it would have in the proxy.
 */
export async function leaveCheckout(): Promise<void> {
  const jar = await cookies();
  if (!carriesAttemptMarker(jar)) return;
  try {
    const draft = await readBookingDraft();
    if (draft) await endCheckoutAttempt(draft);
  } catch (error) {
    // The checkout ends it when the renter comes back (the marker is gone by then).
    if (!(error instanceof ContentServiceError)) throw error;
  }
  unmarkAttempt(jar);
}
