import 'server-only';
import { cookies } from 'next/headers';
import { NextResponse, type NextRequest } from 'next/server';
import { type Locale, localeOrDefault } from '@/i18n/routing';
import { serverEnv } from '@/lib/env';
import { ContentServiceError, readReservationById } from '@/content';
import { CHECKOUT_PATH, readBookingDraft, saveBookingDraft, THANKS_PATH } from '@/features/booking';
import { MANAGE_BOOKING_PATH } from '@/features/reservations';
import { completePrecheckin, PRECHECKIN_PATHS, precheckinState, reachFlowStep, readPrecheckinSessionId } from '@/features/precheckin';
import { abandonPayment, settlePaymentByKey, type PaymentFlow, type PaymentOutcome } from '@/features/payments';
import { getPathname } from '@/i18n/navigation';
import { logFor } from '@/lib/log';
import { markAttempt } from './checkout-attempt';
import { VERIFICATION_PATH } from './checkout-exit';

const log = logFor('payments');

/**
 * Where a gateway sends the renter back: the 3-D Secure window after the check, PayPal after approval or a cancel.
 * The query only names our own attempt (its key); the outcome is asked of the gateway here, server to server.
 */

const KEY = /^[A-Za-z0-9_.:-]{8,255}$/;

function redirectTo(locale: Locale, path: string, query: Record<string, string> = {}): NextResponse {
  const url = new URL(getPathname({ href: path, locale }), serverEnv().siteUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return NextResponse.redirect(url, 303);
}

function readReturn(request: NextRequest): { key: string | undefined; locale: Locale; flow: PaymentFlow } {
  const params = request.nextUrl.searchParams;
  const locale = params.get('locale');
  const key = params.get('key') ?? '';
  return { key: KEY.test(key) ? key : undefined, locale: localeOrDefault(locale), flow: params.get('flow') === 'precheckin' ? 'precheckin' : 'booking' };
}

/** Where each flow sends the renter back: its payment page, and its confirmation. */
const FLOW_PAGES: Record<PaymentFlow, { checkout: string; thanks: string }> = {
  booking: { checkout: CHECKOUT_PATH, thanks: THANKS_PATH },
  precheckin: { checkout: PRECHECKIN_PATHS.checkout, thanks: PRECHECKIN_PATHS.thanks },
};

/**
 * A pre-check-in paid: completed (whoever comes back, the gateway said so), and its confirmation opened to the renter
 * whose session it is. True when the renter's own pre-check-in is now complete.
 */
async function finishPrecheckin(reservationId: string): Promise<boolean> {
  const reservation = await readReservationById(reservationId);
  if (!reservation) return false;
  const complete = await completePrecheckin(await precheckinState(reservation));
  const jar = await cookies();
  if (!complete || readPrecheckinSessionId(jar) !== reservationId) return false;
  reachFlowStep(jar, 'precheckin-thanks');
  return true;
}

/**
 * The renter's own draft, when it is the one this payment was for, is finished (or its attempt cleared). False when
 * the payment was started elsewhere (the public API): there is no flow to go back to.
 */
async function updateDraft(reservationId: string, outcome: PaymentOutcome): Promise<boolean> {
  const draft = await readBookingDraft();
  if (!draft?.data.reservation || draft.data.reservation.id !== reservationId) return false;
  const { payment: _attempt, ...data } = draft.data;
  const reservation = outcome.kind === 'paid' ? { ...draft.data.reservation, done: true } : draft.data.reservation;
  const updated = { ...data, reservation };
  await saveBookingDraft({ id: draft.id, data: updated });
  markAttempt(await cookies(), updated);
  return true;
}

function resultOf(outcome: PaymentOutcome): 'paid' | 'failed' | 'pending' {
  if (outcome.kind === 'paid') return 'paid';
  if (outcome.kind === 'action' || outcome.kind === 'unavailable') return 'pending';
  return 'failed';
}

export async function handlePaymentReturn(request: NextRequest, provider: string): Promise<NextResponse> {
  const { key, locale, flow } = readReturn(request);
  const pages = FLOW_PAGES[flow];
  if (!key) return redirectTo(locale, pages.checkout);
  try {
    const settled = await settlePaymentByKey(key);
    if (!settled || settled.payment.provider !== provider) return redirectTo(locale, pages.checkout);
    const result = resultOf(settled.outcome);
    const inFlow =
      result === 'pending'
        ? false
        : flow === 'precheckin'
          ? result === 'paid' && (await finishPrecheckin(settled.payment.reservationId))
          : await updateDraft(settled.payment.reservationId, settled.outcome);
    // The card check ran in its own window: that window's last page tells the checkout, which moves on itself.
    if (provider !== 'paypal') return redirectTo(locale, VERIFICATION_PATH, { resultado: result });
    if (flow === 'booking' && !inFlow && result !== 'pending') return redirectTo(locale, MANAGE_BOOKING_PATH);
    return result === 'paid' && (inFlow || flow === 'booking') ? redirectTo(locale, pages.thanks) : redirectTo(locale, pages.checkout, { pago: result === 'failed' ? 'error' : 'pendiente' });
  } catch (error) {
    if (!(error instanceof ContentServiceError)) log.error({ err: error }, `${provider} return for ${key} failed`);
    // Nothing is lost: the attempt stays recorded and reconciliation settles it.
    return provider === 'paypal' ? redirectTo(locale, pages.checkout, { pago: 'pendiente' }) : redirectTo(locale, VERIFICATION_PATH, { resultado: 'pending' });
  }
}

export async function handlePaymentCancel(request: NextRequest, provider: string): Promise<NextResponse> {
  const { key, locale, flow } = readReturn(request);
  const pages = FLOW_PAGES[flow];
  if (!key) return redirectTo(locale, pages.checkout);
  try {
    const payment = await abandonPayment(key);
    if (payment && payment.provider === provider) {
      const paid = payment.status === 'succeeded';
      if (flow === 'precheckin') {
        if (paid && (await finishPrecheckin(payment.reservationId))) return redirectTo(locale, pages.thanks);
      } else {
        await updateDraft(payment.reservationId, paid ? { kind: 'paid', reservationId: payment.reservationId } : { kind: 'declined', code: 'canceled_by_renter', reason: undefined });
        if (paid) return redirectTo(locale, pages.thanks);
      }
    }
  } catch (error) {
    if (!(error instanceof ContentServiceError)) log.error({ err: error }, `${provider} cancel for ${key} failed`);
  }
  return redirectTo(locale, pages.checkout, { pago: 'cancelado' });
}
