'use server';

import { headers } from 'next/headers';
import * as z from 'zod/mini';
import { createCorporateLeadSchema } from '@rentacar/domain/corporate';
import { normalizePhone } from '@rentacar/domain/validation';
import { localeOrDefault } from '@/i18n/routing';
import { serverEnv } from '@/lib/env';
import { ContentServiceError, hitRateLimit, loadAppData, saveLead } from '@/content';
import { issuesByField, type FormResult } from '@/shared/forms';
import { clientAddress } from '@/lib/client-address';
import { sendLeadEmails } from './lead-emails';
import { logFor } from '@/lib/log';

const log = logFor('corporate');

/**
 * The corporate contact form: checked again here, kept from bots by a field people never see (filled, the answer
 * looks the same and nothing is kept) and by a limit per client address; stored in the content service, confirmed to
 * the sender and announced to the brand's staff by email.
 */

export type LeadResult = FormResult;

/** Leads per client address in an hour: a company writes once or twice; more is a script. */
const LEAD_LIMIT = { name: 'corporate-lead', limit: 5, windowSeconds: 60 * 60 };

/** The page the form was sent from, as a path of this site. */
const sourcePageSchema = z.string().check(z.regex(/^\/[a-z0-9/-]{0,200}$/));

export async function submitCorporateLead(locale: string, sourcePage: string, values: unknown): Promise<LeadResult> {
  const language = localeOrDefault(locale);
  const page = z.safeParse(sourcePageSchema, sourcePage).success ? sourcePage : '/';
  // The honeypot: a field hidden from people, filled in by form-filling bots.
  if (typeof values === 'object' && values !== null && typeof (values as { website?: unknown }).website === 'string' && (values as { website: string }).website.trim() !== '') {
    log.warn(`a lead from ${page} filled the hidden field: taken for a bot, not kept`);
    return { ok: true };
  }
  const parsed = z.safeParse(createCorporateLeadSchema({ normalizePhone }), values);
  if (!parsed.success) {
    return { ok: false, errors: issuesByField(parsed.error) };
  }
  try {
    const limit = await hitRateLimit(LEAD_LIMIT, clientAddress(await headers()));
    if (!limit.allowed) return { ok: false, errors: {}, formError: { message: 'booking.errors.rateLimited', params: { seconds: limit.retryAfterSeconds } } };
    const { site } = await loadAppData();
    await saveLead(parsed.data, serverEnv().brand, page);
    try {
      await sendLeadEmails(parsed.data, { locale: language, siteName: site.siteName, staffAddress: site.assistance.email, sourcePage: page });
    } catch (error) {
      // The lead is stored: staff see it in the admin even when the mail server is down.
      log.error({ err: error }, 'the lead emails could not be sent');
    }
    return { ok: true };
  } catch (error) {
    if (error instanceof ContentServiceError) return { ok: false, errors: {}, formError: { message: 'booking.errors.serviceUnavailable' } };
    throw error;
  }
}
