'use server';

import { cookies } from 'next/headers';
import * as zm from 'zod/mini';
import { createPreferencesSchema, createPrecheckinFormSchema } from '@rentacar/domain/precheckin';
import { normalizePhone } from '@rentacar/domain/validation';
import { type Locale, localeOrDefault } from '@/i18n/routing';
import { ContentServiceError, loadAppData, saveDetails, savePreferences, type SavedReservation } from '@/content';
import { issuesByField, type FormIssue, type FormResult } from '@/shared/forms';
import { lookUpReservation } from '@/features/manage-booking';
import {
  cardTokenSchema,
  closeAttempt,
  failed,
  payByCard,
  payWithPayPal,
  PROCESSING_ERROR,
  settlePayment,
  unsuccessful,
  type PaymentActionResult,
  type PaymentOutcome,
} from '@/features/payments';
import { documentIdOf } from './precheckin-documents';
import { completeAfterPayment, completePrecheckin, latestCharge, openCharge, precheckinRefusal, precheckinState, type PrecheckinState } from './precheckin-flow';
import { PRECHECKIN_PATHS } from './precheckin-paths';
import { reachFlowStep, readPrecheckinReservation, startPrecheckinSession } from './precheckin-session';
import { redirect } from '@/i18n/navigation';

/**
 * The pre-check-in's mutations: find the reservation (number and email, rate-limited like manage booking), save the
 * driver's details, pay what is still due (the amount is the server's, never the browser's), finish, and keep
 * preferences. Each reads the reservation again from the signed session; none trusts an id from the browser.
 */

export type PrecheckinResult = FormResult;

const SERVICE_DOWN: FormIssue = { message: 'booking.errors.serviceUnavailable' };
const SESSION_EXPIRED: FormIssue = { message: 'precheckin.errors.sessionExpired' };

function refused(formError: FormIssue, errors: Record<string, FormIssue> = {}): PrecheckinResult {
  return { ok: false, errors, formError };
}

async function guarded<Result>(action: () => Promise<Result>, down: Result): Promise<Result> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ContentServiceError) return down;
    throw error;
  }
}

/** Finds the reservation by number and email (manage booking's lookup) and opens the pre-check-in, or its preferences. */
export async function startPrecheckin(locale: string, next: unknown, values: unknown): Promise<PrecheckinResult> {
  const language = localeOrDefault(locale);
  const found = await guarded<PrecheckinResult | SavedReservation>(async () => {
    const { site } = await loadAppData();
    if (!site.precheckinEnabled) return refused({ message: 'booking.errors.notFound' });
    const lookup = await lookUpReservation(values);
    if (!lookup.ok) return lookup;
    const refusal = precheckinRefusal(lookup.reservation);
    return refusal ? refused(refusal) : lookup.reservation;
  }, refused(SERVICE_DOWN));
  if ('ok' in found) return found;
  startPrecheckinSession(await cookies(), found.id);
  redirect({ href: next === 'preferences' ? PRECHECKIN_PATHS.preferences : PRECHECKIN_PATHS.verify, locale: language });
}

/** The session's reservation while it can still be pre-checked in, else the reason. */
async function sessionReservation(): Promise<{ ok: true; reservation: SavedReservation } | { ok: false; issue: FormIssue }> {
  const reservation = await readPrecheckinReservation();
  if (!reservation) return { ok: false, issue: SESSION_EXPIRED };
  const refusal = precheckinRefusal(reservation);
  return refusal ? { ok: false, issue: refusal } : { ok: true, reservation };
}

const DOCUMENT_FIELDS = { licenseFile: 'license', idFile: 'id' } as const;

/** Saves the verification form, checked again here, and goes on to the payment. */
export async function savePrecheckinDetails(locale: string, values: unknown): Promise<PrecheckinResult> {
  const language = localeOrDefault(locale);
  const outcome = await guarded<PrecheckinResult>(async () => {
    const session = await sessionReservation();
    if (!session.ok) return refused(session.issue);
    const { reservation } = session;
    const { site } = await loadAppData();
    const schema = createPrecheckinFormSchema({
      pickupAt: reservation.pickupAt,
      returnAt: reservation.returnAt,
      mainDriverName: `${reservation.client.firstName} ${reservation.client.lastName}`,
      minimumAge: site.minimumRenterAge,
    });
    const parsed = zm.safeParse(schema, values);
    if (!parsed.success) {
      return { ok: false, errors: issuesByField(parsed.error) };
    }
    const form = parsed.data;
    const licenseFileId = documentIdOf(reservation.id, DOCUMENT_FIELDS.licenseFile, form.licenseFile);
    const idFileId = documentIdOf(reservation.id, DOCUMENT_FIELDS.idFile, form.idFile);
    if (!licenseFileId || !idFileId) {
      const again: FormIssue = { message: 'precheckin.errors.uploadAgain' };
      return { ok: false, errors: { ...(licenseFileId ? {} : { licenseFile: again }), ...(idFileId ? {} : { idFile: again }) } };
    }
    await saveDetails(reservation.id, {
      licenseNumber: form.licenseNumber,
      licenseCountry: form.licenseCountry,
      licenseExpiry: form.licenseExpiry,
      idDocument: form.idDocument,
      licenseFileId,
      idFileId,
      flightNumber: form.flightNumber,
      additionalDrivers: form.additionalDrivers,
      termsAcceptedName: form.acceptedName,
    });
    return { ok: true };
  }, refused(SERVICE_DOWN));
  if (!outcome.ok) return outcome;
  reachFlowStep(await cookies(), 'precheckin-checkout');
  redirect({ href: PRECHECKIN_PATHS.checkout, locale: language });
}

/** Nothing is due (prepaid, or paid meanwhile): the pre-check-in is complete. */
export async function finishPrecheckin(locale: string): Promise<PrecheckinResult> {
  const language = localeOrDefault(locale);
  const outcome = await guarded<PrecheckinResult>(async () => {
    const session = await sessionReservation();
    if (!session.ok) return refused(session.issue);
    const state = await precheckinState(session.reservation);
    if (!state.precheckin?.details) redirect({ href: PRECHECKIN_PATHS.verify, locale: language });
    if (state.due > 0) return refused({ message: 'precheckin.errors.stillDue' });
    await completePrecheckin(state);
    return { ok: true };
  }, refused(SERVICE_DOWN));
  if (!outcome.ok) return outcome;
  reachFlowStep(await cookies(), 'precheckin-thanks');
  redirect({ href: PRECHECKIN_PATHS.thanks, locale: language });
}

// ---------------------------------------------------------------------------------------------------------------
// Paying what is due: the same gateways and records as the booking checkout, for the amount still due.
// ---------------------------------------------------------------------------------------------------------------

type Payable = { ok: true; state: PrecheckinState } | { ok: false; result: PaymentActionResult } | { ok: 'done' };

/** The state to pay from: details saved, an attempt still open closed first (so two can never both take money). */
async function payable(language: Locale): Promise<Payable> {
  const session = await sessionReservation();
  if (!session.ok) return { ok: false, result: failed(session.issue) };
  let state = await precheckinState(session.reservation);
  if (!state.precheckin?.details) redirect({ href: PRECHECKIN_PATHS.verify, locale: language });
  const open = openCharge(state.payments);
  if (open) {
    const closed = await closeAttempt(open.idempotencyKey);
    if (closed.kind === 'unavailable') return { ok: false, result: failed(PROCESSING_ERROR, { message: 'booking.payment.gatewayUnavailable' }) };
    state = await precheckinState(session.reservation);
  }
  if (state.due === 0) return (await completePrecheckin(state)) ? { ok: 'done' } : { ok: false, result: failed(PROCESSING_ERROR) };
  return { ok: true, state };
}

async function answer(language: Locale, state: PrecheckinState, provider: string, outcome: PaymentOutcome): Promise<PaymentActionResult> {
  switch (outcome.kind) {
    case 'paid':
      return finished(language, state);
    case 'action':
      return provider === 'paypal' ? { status: 'redirect', url: outcome.url } : { status: 'verify', url: outcome.url };
    default:
      return unsuccessful(outcome);
  }
}

/** Paid: the pre-check-in is complete and the renter goes to its confirmation. */
async function finished(language: Locale, state: PrecheckinState): Promise<never> {
  await completeAfterPayment(await precheckinState(state.reservation));
  reachFlowStep(await cookies(), 'precheckin-thanks');
  redirect({ href: PRECHECKIN_PATHS.thanks, locale: language });
}

async function goToThanks(language: Locale): Promise<never> {
  reachFlowStep(await cookies(), 'precheckin-thanks');
  redirect({ href: PRECHECKIN_PATHS.thanks, locale: language });
}

/** Pays what is due by card, with the single-use token the gateway's own fields gave the browser. */
export async function payPrecheckinByCard(locale: string, input: unknown): Promise<PaymentActionResult> {
  const language = localeOrDefault(locale);
  const card = cardTokenSchema.safeParse(input);
  if (!card.success) return failed(PROCESSING_ERROR);
  const ready = await guarded<Payable>(() => payable(language), { ok: false, result: failed(SERVICE_DOWN) });
  if (ready.ok === 'done') return goToThanks(language);
  if (!ready.ok) return ready.result;
  const { state } = ready;
  const outcome = await guarded<PaymentOutcome>(
    () => payByCard({ reservation: state.reservation, locale: language, token: card.data.token, card: card.data.card, amount: state.due, flow: 'precheckin' }),
    { kind: 'unavailable' },
  );
  return answer(language, state, 'metrobank', outcome);
}

/** Creates the PayPal order for what is due; the browser then goes to PayPal's approval page. */
export async function payPrecheckinWithPayPal(locale: string): Promise<PaymentActionResult> {
  const language = localeOrDefault(locale);
  const ready = await guarded<Payable>(() => payable(language), { ok: false, result: failed(SERVICE_DOWN) });
  if (ready.ok === 'done') return goToThanks(language);
  if (!ready.ok) return ready.result;
  const { state } = ready;
  const outcome = await guarded<PaymentOutcome>(() => payWithPayPal({ reservation: state.reservation, locale: language, amount: state.due, flow: 'precheckin' }), { kind: 'unavailable' });
  return answer(language, state, 'paypal', outcome);
}

/**
 * Where the payment in progress stands (asked while the 3-D Secure window is open): the server asks the gateway. A
 * paid answer completes the pre-check-in and says `paid`; the page then moves on itself.
 */
export async function checkPrecheckinPayment(locale: string): Promise<PaymentActionResult> {
  void locale;
  return guarded<PaymentActionResult>(async () => {
    const session = await sessionReservation();
    if (!session.ok) return failed(session.issue);
    const state = await precheckinState(session.reservation);
    const open = openCharge(state.payments);
    const outcome = open ? await settlePayment(open) : undefined;
    // Still with the renter: its page, so a page loaded during the check can offer to reopen it.
    if (outcome?.kind === 'action') return { status: 'verify', url: outcome.url };
    if (outcome?.kind === 'unavailable') return { status: 'pending' };
    const now = outcome ? await precheckinState(session.reservation) : state;
    if (now.due === 0) {
      await completeAfterPayment(now);
      reachFlowStep(await cookies(), 'precheckin-thanks');
      return { status: 'paid' };
    }
    const last = latestCharge(now.payments);
    if (outcome && outcome.kind !== 'paid') return unsuccessful(outcome);
    if (last && (last.status === 'failed' || last.status === 'canceled')) {
      return unsuccessful({ kind: 'declined', code: last.failure?.code, reason: last.failure?.message || undefined });
    }
    return { status: 'pending' };
  }, failed(SERVICE_DOWN));
}

// ---------------------------------------------------------------------------------------------------------------
// Preferences
// ---------------------------------------------------------------------------------------------------------------

/** Keeps how the renter wants to be reached before pickup, and in which language. */
export async function savePrecheckinPreferences(values: unknown): Promise<PrecheckinResult> {
  return guarded<PrecheckinResult>(async () => {
    const reservation = await readPrecheckinReservation();
    if (!reservation) return refused(SESSION_EXPIRED);
    if (reservation.status === 'cancelled') return refused({ message: 'precheckin.errors.cancelled' });
    const parsed = zm.safeParse(createPreferencesSchema({ normalizePhone }), values);
    if (!parsed.success) {
      return { ok: false, errors: issuesByField(parsed.error) };
    }
    await savePreferences(reservation.id, parsed.data);
    return { ok: true };
  }, refused(SERVICE_DOWN));
}
