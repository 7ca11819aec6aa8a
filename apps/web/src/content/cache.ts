import 'server-only';
import { unstable_cache } from 'next/cache';

/** Cache tag of everything read from a content-service collection; the revalidation webhook expires it. */
export function collectionTag(collection: string): string {
  return `content:${collection}`;
}

/** Tag on every content read: expiring it drops all cached content (the start-up recheck does when it must). */
export const ALL_CONTENT_TAG = 'content';

/**
 * The one map of what each cached read touches: a read is tagged with these collections, and an edit of any of them
 * (the revalidation webhook, tagsForCollection) expires it. Files are listed where a read shows images.
 */
export const READ_COLLECTIONS = {
  siteConfig: ['sites_config', 'sites_config_cars', 'sites_config_cta', 'cta', 'directus_files'],
  brandSummaries: ['sites_config'],
  fleet: ['flota', 'prepaid_discounts', 'directus_files'],
  branches: ['branches'],
  coverages: ['coverages'],
  extras: ['extras'],
  deliveryOptions: ['delivery_options'],
  dropoffFees: ['dropoff_fees', 'branches'],
  rateSeasons: ['rate_seasons'],
  lengthDiscounts: ['length_discounts'],
  infoPages: ['info_pages', 'directus_files'],
  /** With rate_seasons: a promotion shows its linked season's change and dates. */
  promos: ['promos', 'rate_seasons', 'directus_files'],
  jobs: ['jobs', 'branches'],
  /** Availability for dates, also expired by this instance's own bookings (stock.ts). */
  availability: ['vehicles', 'reservations'],
} as const satisfies Record<string, readonly string[]>;

export type CachedRead = keyof typeof READ_COLLECTIONS;

/** The tags of a read: every content read's, and one per collection it touches. */
export function readTags(read: CachedRead): string[] {
  return [ALL_CONTENT_TAG, ...READ_COLLECTIONS[read].map(collectionTag)];
}

/** Collections whose translations live in `<name>_translations` expire their parent's tag too. */
export function tagsForCollection(collection: string): string[] {
  const parent = collection.replace(/_translations$/, '');
  return [...new Set([collectionTag(collection), collectionTag(parent)])];
}

/**
 * The longest a content read (and so a page built from it: Next gives a page the shortest lifetime of its reads) is
 * served before it is read again, even when no webhook came. A page may be rendered from a read up to this old, so an
 * edit whose webhook was lost (the storefront was stopped, the network failed) reaches its pages within twice this. A
 * stale read is served while the new one is fetched in the background, so this costs one content-service call per read
 * per hour, not one per page view.
 */
export const CONTENT_MAX_AGE_SECONDS = 60 * 60;

/**
 * Caches a content read across requests and restarts under the tags of `read` (READ_COLLECTIONS). The storefront
 * makes no content-service call per page view at steady state; a webhook from the content service expires the tags,
 * and while the content service is down the last good value keeps serving. `key` names the cached shape: a new key
 * for a new shape means entries an older build wrote are never read.
 */
export function cachedContentRead<Args extends unknown[], Result>(
  read: (...args: Args) => Promise<Result>,
  name: CachedRead,
  key: string = name,
  revalidate: number = CONTENT_MAX_AGE_SECONDS,
): (...args: Args) => Promise<Result> {
  return unstable_cache(read, ['content', key], { tags: readTags(name), revalidate });
}
