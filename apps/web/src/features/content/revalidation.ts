import { z } from 'zod';
import { timingSafeEqual } from 'node:crypto';

/** Body the content service's "Revalidate storefront" flow posts. */
export const revalidationPayloadSchema = z.object({
  collection: z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'collection must be a collection name'),
  keys: z.array(z.union([z.string(), z.number()])).max(1000).optional(),
});

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
  const tags = new Set([`content:${collection}`, `content:${parent}`]);
  return [...tags];
}
