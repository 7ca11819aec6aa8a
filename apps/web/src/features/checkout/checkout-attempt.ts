import 'server-only';
import { ContentServiceError, readReservationById } from '@/content';
import { cancelReservation } from '@/features/reservations';
import { readBookingDraftFrom, rereadBookingDraft, saveBookingDraft, type BookingDraft, type DraftData } from '@/features/booking';
import { closeAttempt } from '@/features/payments';
import { CHECKOUT_ATTEMPT_COOKIE, clearCookie, readCookie, writeCookie, type CookieReader, type CookieWriter } from '@/lib/cookies';
import { logFor } from '@/lib/log';
import { signValue, verifySignedValue } from '@/lib/signed-value';

/**
 * A checkout attempt: the reservation the checkout saved unpaid (prepaid, holding its unit for the brand's payment
 * hold) while its payment waits for the renter (the 3-D Secure window, PayPal's approval, a declined card). It lasts
 * while the renter stays on the checkout (checkout-exit.ts says which pages keep it). The renter's browser carries
 * the attempt's marker, the cookie `checkout_attempt` naming the reservation: the pay actions set it, and it is taken
 * away as the attempt ends. The checkout resumes an attempt only while the marker names it; leaving ends it here:
 * the payment in progress is closed at its gateway, the unpaid reservation cancelled (it no longer holds a car), and
 * the draft forgets both, so the next checkout books afresh.
 */

const log = logFor('booking');
const MARKER_PURPOSE = 'checkout_attempt';

/** The reservation the draft is paying for, while it awaits its payment. */
function pendingReservation(data: DraftData): { id: string; number: string } | undefined {
  return data.reservation && !data.reservation.done ? data.reservation : undefined;
}

/** The draft of a paid attempt: the flow is over, its thanks page open. */
export function finished(data: DraftData, reservation: { id: string; number: string }): DraftData {
  const { payment: _done, ...rest } = data;
  return { ...rest, reservation: { id: reservation.id, number: reservation.number, done: true } };
}

function withoutAttempt(data: DraftData): DraftData {
  const { reservation: _pending, confirmationKey: _key, payment: _attempt, ...rest } = data;
  return rest;
}

/** Whether the renter's marker names the attempt this draft is in (false when it awaits no payment). */
export function attemptMarked(jar: CookieReader, data: DraftData): boolean {
  const pending = pendingReservation(data);
  return pending !== undefined && verifySignedValue(MARKER_PURPOSE, readCookie(jar, CHECKOUT_ATTEMPT_COOKIE)) === pending.number;
}

/**
 * The marker follows the draft (a server action's or route handler's cookies): written when the draft awaits a
 * payment the marker does not name yet, removed when it awaits none. Written only when it changes, since a cookie set
 * by a server action renders the page again.
 */
export function markAttempt(jar: CookieReader & CookieWriter, data: DraftData): void {
  const pending = pendingReservation(data);
  const current = readCookie(jar, CHECKOUT_ATTEMPT_COOKIE);
  if (pending) {
    const marker = signValue(MARKER_PURPOSE, pending.number);
    if (current !== marker) writeCookie(jar, CHECKOUT_ATTEMPT_COOKIE, marker);
  } else if (current !== undefined) clearCookie(jar, CHECKOUT_ATTEMPT_COOKIE);
}

/** Removes the marker (a response's cookies in the proxy, or a server action's). */
export function unmarkAttempt(jar: CookieWriter): void {
  clearCookie(jar, CHECKOUT_ATTEMPT_COOKIE);
}

/** Whether the request carries a marker, valid or not: the proxy then takes it away. */
export function carriesAttemptMarker(jar: CookieReader): boolean {
  return readCookie(jar, CHECKOUT_ATTEMPT_COOKIE) !== undefined;
}

/**
 * Ends the draft's attempt, if it has one, and answers the draft as it is then. The payment in progress is closed at
 * its gateway first: if the renter paid meanwhile (the 3-D Secure window completed as they left), the booking is
 * finished instead and its thanks page opens. Otherwise the unpaid reservation is cancelled, so it stops holding its
 * car (a payment that still arrives for it, the gateway having not answered, is refunded as for any cancelled
 * reservation), and the draft forgets the attempt. The draft is read again just before it is saved, and changed only
 * if it still awaits that reservation: a renter who came back and started another attempt meanwhile keeps it.
 */
export async function endCheckoutAttempt(draft: BookingDraft): Promise<BookingDraft> {
  const pending = pendingReservation(draft.data);
  if (!pending) return draft;
  let paid = false;
  if (draft.data.payment) paid = (await closeAttempt(draft.data.payment.key)).kind === 'paid';
  const saved = paid ? undefined : await readReservationById(pending.id);
  if (saved?.status === 'paid') paid = true;
  // The draft forgets the attempt before its reservation is cancelled: a checkout opened meanwhile never resumes an
  // attempt whose reservation is already gone.
  const current = await rereadBookingDraft(draft.id);
  const stillPending = current !== undefined && pendingReservation(current.data)?.id === pending.id;
  const answer = current && stillPending ? { id: current.id, data: paid ? finished(current.data, pending) : withoutAttempt(current.data) } : (current ?? draft);
  if (stillPending) await saveBookingDraft(answer);
  if (saved?.status === 'unpaid') await cancelReservation(saved);
  log.info(`checkout attempt for ${pending.number} ${paid ? 'was paid' : 'ended: the renter left the checkout'}`);
  return answer;
}

/**
 * The proxy's part, run after its answer: ends the attempt of the draft the request's cookies point at. Never throws:
 * a failure is logged, and the checkout ends the attempt itself when the renter comes back (its marker is gone).
 */
export async function endCheckoutAttemptOf(jar: CookieReader): Promise<void> {
  try {
    const draft = await readBookingDraftFrom(jar);
    if (draft) await endCheckoutAttempt(draft);
  } catch (error) {
    if (error instanceof ContentServiceError) log.warn(`ending a checkout attempt failed: ${error.message}`);
    else log.error({ err: error }, 'ending a checkout attempt failed');
  }
}
