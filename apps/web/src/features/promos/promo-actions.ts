'use server';

import { cookies } from 'next/headers';
import { z } from 'zod';
import { localeOrDefault } from '@/i18n/routing';
import { ContentServiceError, loadAppData } from '@/content';
import { formFields } from '@/shared/forms';
import { rememberPromoCode } from './promo-code';
import { redirect } from '@/i18n/navigation';
import { logFor } from '@/lib/log';

const log = logFor('promos');

// Whatever the form sends: a missing or odd field is an empty string, so a bad code never loses the renter's language.
const bookWithCodeSchema = z.object({
  code: z.string().trim().max(64).catch(''),
  locale: z.string().catch('').transform(localeOrDefault),
});

/**
 * A promotion's "book with this code" button (a plain form, so it works without JavaScript): remembers the code when
 * it is a running promotion's coupon of this brand, and sends the renter to the fleet to choose a car and dates. A
 * code that is not (tampered with, or its promotion ended since the page was rendered) is ignored: the renter still
 * goes to the fleet, and books without it.
 */
export async function bookWithPromoCode(formData: unknown): Promise<void> {
  const { code, locale } = bookWithCodeSchema.parse(formFields(formData));
  if (code !== '') {
    try {
      const { site } = await loadAppData();
      await rememberPromoCode(await cookies(), site.brand, code);
    } catch (error) {
      // The content service being down must not turn a click into an error page: the fleet is served from the cache.
      if (!(error instanceof ContentServiceError)) throw error;
      log.error({ err: error }, 'the promotion code could not be checked; the renter goes on without it');
    }
  }
  redirect({ href: '/flota', locale });
}
