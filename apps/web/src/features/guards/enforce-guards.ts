import 'server-only';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { FLOW_STEP_COOKIE, readCookie } from '@/lib/cookies';
import { readPrecheckinSessionId } from '@/features/precheckin';
import { loadAppData } from '@/content';
import { readBookingDraft } from '@/features/booking';
import { runGuards, type GuardName } from './route-guards';
import { redirect } from '@/i18n/navigation';

/** Applies a page's guards: a rejection renders 'Page Not Found' (404), a redirect goes to its target. */
export async function enforceGuards(names: readonly GuardName[], step: string): Promise<void> {
  const needsDraft = names.some((name) => name.startsWith('check-reservation'));
  const [jar, { site }, locale, draft] = await Promise.all([cookies(), loadAppData(), getLocale(), needsDraft ? readBookingDraft() : undefined]);
  const outcome = runGuards(names, {
    draft: draft ? { reservation: draft.data.reservation } : undefined,
    precheckinSession: readPrecheckinSessionId(jar) !== undefined,
    flowStep: readCookie(jar, FLOW_STEP_COOKIE),
    precheckinEnabled: site.precheckinEnabled,
    step,
  });
  if (outcome.kind === 'reject') notFound();
  if (outcome.kind === 'redirect') redirect({ href: outcome.to, locale });
}
