import 'server-only';
import { cookies } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { getLocale } from 'next-intl/server';
import { isLocale } from '@/i18n/routing';
import { localizedPath } from '@/features/i18n/locale-detection';
import { FLOW_STEP_COOKIE, PRECHECKIN_SESSION_COOKIE, RESERVATION_DRAFT_COOKIE } from '@/lib/cookies';
import { loadAppData } from '@/features/content/app-data';
import { runGuards, type GuardName } from './route-guards';

/** Applies a page's guards: a rejection renders 'Page Not Found' (404), a redirect goes to its target. */
export async function enforceGuards(names: readonly GuardName[], step: string): Promise<void> {
  const [jar, { site }, locale] = await Promise.all([cookies(), loadAppData(), getLocale()]);
  const outcome = runGuards(names, {
    cookie: (name) => jar.get(name)?.value,
    precheckinEnabled: site.precheckinEnabled,
    step,
    names: { draft: RESERVATION_DRAFT_COOKIE.name, precheckin: PRECHECKIN_SESSION_COOKIE.name, flowStep: FLOW_STEP_COOKIE.name },
  });
  if (outcome.kind === 'reject') notFound();
  if (outcome.kind === 'redirect') redirect(localizedPath(isLocale(locale) ? locale : 'es', outcome.to));
}
