import 'server-only';
import { unstable_cache } from 'next/cache';

/** Cache tag of everything read from a content-service collection; the revalidation webhook expires it. */
export function collectionTag(collection: string): string {
  return `content:${collection}`;
}

/** Tag on every content read: expiring it drops all cached content (the start-up recheck does when it must). */
export const ALL_CONTENT_TAG = 'content';

/**
 * The longest a content read (and so a page built from it: Next gives a page the shortest lifetime of its reads) is
 * served before it is read again, even when no webhook came. A page may be rendered from a read up to this old, so an
 * edit whose webhook was lost (the storefront was stopped, the network failed) reaches its pages within twice this. A
 * stale read is served while the new one is fetched in the background, so this costs one content-service call per read
 * per hour, not one per page view.
 */
export const CONTENT_MAX_AGE_SECONDS = 60 * 60;

/**
 * Caches a content read across requests and restarts, tagged by the collections it touches. The storefront makes no
 * content-service call per page view at steady state; a webhook from the content service expires the tags, and while
 * the content service is down the last good value keeps serving.
 */
export function cachedContentRead<Args extends unknown[], Result>(
  read: (...args: Args) => Promise<Result>,
  key: string,
  collections: readonly string[],
): (...args: Args) => Promise<Result> {
  return unstable_cache(read, ['content', key], {
    tags: [ALL_CONTENT_TAG, ...collections.map(collectionTag)],
    revalidate: CONTENT_MAX_AGE_SECONDS,
  });
}
