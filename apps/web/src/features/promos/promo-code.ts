import 'server-only';
import { evaluateCoupon } from '@rentacar/domain/coupons';
import type { Brand } from '@rentacar/domain/brands';
import { PROMO_CODE_COOKIE, readCookie, writeCookie, type CookieReader, type CookieWriter } from '@/lib/cookies';
import { ContentServiceError, findCoupon } from '@/content';
import { runningPromoCouponCode } from './promos';
import { logFor } from '@/lib/log';

const log = logFor('promos');

/**
 * How a promotion's coupon travels from /promos into a booking. The page stays one static page for everyone, so its
 * "book with this code" button is a plain form: the server remembers the code for the renter (an http-only cookie,
 * PROMO_CODE_COOKIE) and sends them to the fleet; when they start a booking there, the code becomes the draft's coupon,
 * which checkout applies, shows and prices like a code typed there. At both ends the code must be the coupon of one of
 * the brand's promotions running today, so a forged form or cookie carries nothing (and cannot be used to try codes
 * without the coupon form's rate limit: only codes shown on /promos pass).
 */

/** Remembers `code` for the renter when it is a running promotion's coupon; returns whether it did. */
export async function rememberPromoCode(jar: CookieWriter, brand: Brand, code: string, now: Date = new Date()): Promise<boolean> {
  const checked = await runningPromoCouponCode(brand, code, now);
  if (checked === undefined) return false;
  writeCookie(jar, PROMO_CODE_COOKIE, checked);
  return true;
}

/**
 * The remembered code to put in a new booking draft, or undefined. Checked again (the cookie is the browser's, and the
 * promotion may have ended since), then against the coupon itself: a coupon nobody can use today (inactive, not
 * started, expired, for another brand, used up) is left out, because checkout cannot price a draft whose coupon it
 * refuses and offers no way to remove one it has not applied, so the renter would be stuck. Its minimum days are not
 * checked here: they depend on the dates, which the renter may still change; checkout shows that refusal with its
 * reason. The content service failing never stops a booking from starting: it starts without the code.
 */
export async function rememberedPromoCode(jar: CookieReader, brand: Brand, now: Date = new Date()): Promise<string | undefined> {
  const remembered = readCookie(jar, PROMO_CODE_COOKIE);
  if (!remembered) return undefined;
  try {
    const code = await runningPromoCouponCode(brand, remembered, now);
    if (code === undefined) return undefined;
    const stored = await findCoupon(code);
    const usable = evaluateCoupon(stored?.coupon, { brand, days: Number.POSITIVE_INFINITY, now });
    return usable.ok ? usable.code : undefined;
  } catch (error) {
    if (!(error instanceof ContentServiceError)) throw error;
    log.error({ err: error }, 'the remembered promotion code could not be checked; the booking starts without it');
    return undefined;
  }
}
