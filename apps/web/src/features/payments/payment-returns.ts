import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@/i18n/routing';
import { serverEnv } from '@/lib/env';
import { localizedPath } from '@/features/i18n/locale-detection';
import { ContentServiceError } from '@/features/content/content-error';
import { readBookingDraft, saveBookingDraft } from '@/features/booking/booking-draft';
import { CHECKOUT_PATH, MANAGE_BOOKING_PATH, THANKS_PATH } from '@/features/booking/booking-routes';
import { abandonPayment, settlePaymentByKey, type PaymentOutcome } from './payments';

/**
 * Where a gateway sends the renter back: the 3-D Secure window after the check, PayPal after approval or a cancel.
 * The query only names our own attempt (its key); the outcome is asked of the gateway here, server to server.
 */

/** The verification window's last page: it tells the checkout and closes. */
export const VERIFICATION_PATH = '/reserva/verificacion';

const KEY = /^[A-Za-z0-9_.:-]{8,255}$/;

function redirectTo(locale: Locale, path: string, query: Record<string, string> = {}): NextResponse {
  const url = new URL(localizedPath(locale, path), serverEnv().siteUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return NextResponse.redirect(url, 303);
}

function readReturn(request: NextRequest): { key: string | undefined; locale: Locale } {
  const params = request.nextUrl.searchParams;
  const locale = params.get('locale');
  const key = params.get('key') ?? '';
  return { key: KEY.test(key) ? key : undefined, locale: locale && isLocale(locale) ? locale : DEFAULT_LOCALE };
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
  await saveBookingDraft({ id: draft.id, data: { ...data, reservation } });
  return true;
}

function resultOf(outcome: PaymentOutcome): 'paid' | 'failed' | 'pending' {
  if (outcome.kind === 'paid') return 'paid';
  if (outcome.kind === 'action' || outcome.kind === 'unavailable') return 'pending';
  return 'failed';
}

export async function handlePaymentReturn(request: NextRequest, provider: string): Promise<NextResponse> {
  const { key, locale } = readReturn(request);
  if (!key) return redirectTo(locale, CHECKOUT_PATH);
  try {
    const settled = await settlePaymentByKey(key);
    if (!settled || settled.payment.provider !== provider) return redirectTo(locale, CHECKOUT_PATH);
    const result = resultOf(settled.outcome);
    const inFlow = result !== 'pending' && (await updateDraft(settled.payment.reservationId, settled.outcome));
    // The card check ran in its own window: that window's last page tells the checkout, which moves on itself.
    if (provider !== 'paypal') return redirectTo(locale, VERIFICATION_PATH, { resultado: result });
    if (!inFlow && result !== 'pending') return redirectTo(locale, MANAGE_BOOKING_PATH);
    return result === 'paid' ? redirectTo(locale, THANKS_PATH) : redirectTo(locale, CHECKOUT_PATH, { pago: result === 'failed' ? 'error' : 'pendiente' });
  } catch (error) {
    if (!(error instanceof ContentServiceError)) console.error(`[payments] ${provider} return for ${key} failed`, error);
    // Nothing is lost: the attempt stays recorded and reconciliation settles it.
    return provider === 'paypal' ? redirectTo(locale, CHECKOUT_PATH, { pago: 'pendiente' }) : redirectTo(locale, VERIFICATION_PATH, { resultado: 'pending' });
  }
}

export async function handlePaymentCancel(request: NextRequest, provider: string): Promise<NextResponse> {
  const { key, locale } = readReturn(request);
  if (!key) return redirectTo(locale, CHECKOUT_PATH);
  try {
    const payment = await abandonPayment(key);
    if (payment && payment.provider === provider) {
      const paid = payment.status === 'succeeded';
      await updateDraft(payment.reservationId, paid ? { kind: 'paid', reservationId: payment.reservationId } : { kind: 'declined', code: 'canceled_by_renter', reason: undefined });
      if (paid) return redirectTo(locale, THANKS_PATH);
    }
  } catch (error) {
    if (!(error instanceof ContentServiceError)) console.error(`[payments] ${provider} cancel for ${key} failed`, error);
  }
  return redirectTo(locale, CHECKOUT_PATH, { pago: 'cancelado' });
}
