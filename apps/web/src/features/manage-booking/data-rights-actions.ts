'use server';

import { headers } from 'next/headers';
import { localeOrDefault } from '@/i18n/routing';
import { clientAddress } from '@/lib/client-address';
import { ContentServiceError, hitRateLimit, loadAppData, requestDataCopy, requestDataErasure, type DataRightsOutcome, type DataRightsProof } from '@/content';
import { LOOKUP_LIMIT, manageBookingUrl } from '@/features/reservations';
import type { FormIssue } from '@/shared/forms';
import { buildDataCopyEmail, sendDataCopyEmail } from './data-copy-email';
import type { ManageResult } from './manage-actions';
import { readManagedReservation } from './managed-reservation';
import { logFor } from '@/lib/log';

const log = logFor('privacy');

/**
 * The renter's data rights from manage booking (docs/privacy.md): a copy of their data e-mailed to the booking's
 * address, or a request for erasure that staff handle. The proof is the reservation the renter found by number and
 * e-mail (its signed cookie); each request counts against the same per-client limit as the lookup, and the content
 * service counts it per reservation number too.
 */

const SERVICE_DOWN: FormIssue = { message: 'booking.errors.serviceUnavailable' };
const GONE: FormIssue = { message: 'booking.errors.notFound' };

function refusal(outcome: Exclude<DataRightsOutcome<unknown>, { ok: true }>): ManageResult {
  return outcome.reason === 'rate-limited'
    ? { ok: false, errors: {}, formError: { message: 'booking.errors.rateLimited', params: { seconds: outcome.retryAfterSeconds } } }
    : { ok: false, errors: {}, formError: GONE };
}

async function withProof(locale: string, action: (proof: DataRightsProof, context: { firstName: string; number: string }) => Promise<ManageResult>): Promise<ManageResult> {
  try {
    const reservation = await readManagedReservation();
    if (!reservation) return { ok: false, errors: {}, formError: GONE };
    const limit = await hitRateLimit(LOOKUP_LIMIT, clientAddress(await headers()));
    if (!limit.allowed) return { ok: false, errors: {}, formError: { message: 'booking.errors.rateLimited', params: { seconds: limit.retryAfterSeconds } } };
    const proof: DataRightsProof = { reservationNumber: reservation.number, email: reservation.client.email, language: localeOrDefault(locale) };
    return await action(proof, { firstName: reservation.client.firstName, number: reservation.number });
  } catch (error) {
    if (error instanceof ContentServiceError) return { ok: false, errors: {}, formError: SERVICE_DOWN };
    throw error;
  }
}

/** E-mails the copy of everything kept about the booking's e-mail, as a JSON file, to that address. */
export async function sendMyDataCopy(locale: string): Promise<ManageResult> {
  return withProof(locale, async (proof, { firstName, number }) => {
    const outcome = await requestDataCopy(proof);
    if (!outcome.ok) return refusal(outcome);
    const { site } = await loadAppData();
    const mail = buildDataCopyEmail({ to: outcome.value.email, json: outcome.value.json, number, firstName, siteName: site.siteName, locale: proof.language, manageUrl: manageBookingUrl(number, proof.language) });
    try {
      await sendDataCopyEmail(mail);
    } catch (error) {
      log.error({ err: error }, 'the copy of a renter\'s data could not be e-mailed');
      return { ok: false, errors: {}, formError: { message: 'booking.manage.dataRights.mailFailed' } };
    }
    return { ok: true };
  });
}

/** Records a request to erase the renter's data; staff carry it out (or refuse it with a reason) in the admin. */
export async function askForErasure(locale: string): Promise<ManageResult> {
  return withProof(locale, async (proof) => {
    const outcome = await requestDataErasure(proof);
    return outcome.ok ? { ok: true } : refusal(outcome);
  });
}
