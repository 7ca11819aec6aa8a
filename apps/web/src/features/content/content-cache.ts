import 'server-only';
import { unstable_cache } from 'next/cache';

/** Cache tag of everything read from a content-service collection; the revalidation webhook expires it. */
export function collectionTag(collection: string): string {
  return `content:${collection}`;
}

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
  return unstable_cache(read, ['content', key], { tags: collections.map(collectionTag) });
}
