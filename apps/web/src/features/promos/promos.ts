import 'server-only';
import { unstable_cache } from 'next/cache';
import type { Brand } from '@rentacar/domain/brands';
import { normalizeCouponCode } from '@rentacar/domain/coupons';
import { CONTENT_MAX_AGE_SECONDS, getPublishedPromos, type Promo } from '@/content';
import { nextPromoChange, runningPromos, secondsUntil } from './promo-schedule';

/**
 * Ends the lifetime of the page being rendered at `change` (when that is sooner than the content reads' hour), so the
 * page is rendered again when a promotion starts or ends, without a deploy or a webhook. Next gives a cached page the
 * shortest lifetime of the reads it made, and a page cannot set its own lifetime at render time otherwise (the
 * `revalidate` segment option is fixed at build): so the limit is a read of its own, an `unstable_cache` entry whose
 * value is unused and whose `revalidate` is the seconds left. Only needed in the last hour before `change`: the
 * content reads already end every page's lifetime within the hour. After `change`, the first visit may still get the
 * page rendered before (stale-while-revalidate) while the new one is rendered; a coupon button on that copy no longer
 * carries its code, since the server checks the promotion again (runningPromoCouponCode).
 */
async function endPageLifetimeAt(change: Date | undefined, now: Date): Promise<void> {
  if (change === undefined) return;
  const seconds = secondsUntil(change, now);
  if (seconds >= CONTENT_MAX_AGE_SECONDS) return;
  await unstable_cache(() => Promise.resolve(seconds), ['promos', 'page-lifetime'], { revalidate: seconds })();
}

/**
 * The brand's promotions on show at `now`: published, for this brand (those without a brand list apply to every
 * brand), and running on today's Panama date (promo-schedule.ts: an expired or not yet started one is not shown).
 * Filtered at render from the cached read, and the page calling this is given a lifetime that ends at the next
 * Panama midnight a promotion starts or ends, so it drops an expired promotion on its own.
 */
export async function getPromos(brand: Brand, now: Date = new Date()): Promise<Promo[]> {
  const promos = await getPublishedPromos(brand);
  await endPageLifetimeAt(nextPromoChange(promos, now), now);
  return runningPromos(promos, now);
}

/**
 * The coupon code (upper case) when `code` is the coupon of one of the brand's promotions running at `now`, else
 * undefined. Only such a code is carried from /promos into a booking: what a browser sends or keeps in a cookie is
 * never trusted otherwise.
 */
export async function runningPromoCouponCode(brand: Brand, code: string, now: Date): Promise<string | undefined> {
  const wanted = normalizeCouponCode(code);
  if (wanted === '') return undefined;
  const promos = runningPromos(await getPublishedPromos(brand), now);
  return promos.find((promo) => promo.couponCode === wanted)?.couponCode;
}
