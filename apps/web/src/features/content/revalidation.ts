import { z } from 'zod';
import { timingSafeEqual } from 'node:crypto';
import { collectionTag } from './content-cache';

/**
 * Bodies the webhook takes: what the content service's "Revalidate storefront" flow posts after an edit, or the
 * storefront's own request at start to recheck what changed while it was stopped.
 */
export const revalidationPayloadSchema = z.union([
  z.strictObject({
    collection: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'collection must be a collection name'),
    keys: z.array(z.union([z.string(), z.number()])).max(1000).optional(),
  }),
  z.strictObject({ recheck: z.literal('startup') }),
]);

/** Constant-time comparison of the webhook's secret header. */
export function isValidSecret(given: string | null, expected: string | undefined): boolean {
  if (!given || !expected) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Collections whose translations live in `<name>_translations` revalidate their parent's tag too. */
export function tagsForCollection(collection: string): string[] {
  const parent = collection.replace(/_translations$/, '');
  const tags = new Set([collectionTag(collection), collectionTag(parent)]);
  return [...tags];
}
