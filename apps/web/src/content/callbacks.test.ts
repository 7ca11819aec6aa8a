import { describe, expect, it } from 'vitest';
import { readTags, tagsForCollection } from './cache';
import { isValidSecret, revalidationPayloadSchema } from './callbacks';

describe('revalidate callback', () => {
  it('compares the secret exactly', () => {
    expect(isValidSecret('s3cret-value-0123', 's3cret-value-0123')).toBe(true);
    expect(isValidSecret('s3cret-value-0124', 's3cret-value-0123')).toBe(false);
    expect(isValidSecret('short', 's3cret-value-0123')).toBe(false);
    expect(isValidSecret(null, 's3cret-value-0123')).toBe(false);
    expect(isValidSecret('anything', undefined)).toBe(false);
  });

  it('accepts a collection name with optional keys and nothing else', () => {
    expect(revalidationPayloadSchema.safeParse({ collection: 'flota', keys: [1, '2'] }).success).toBe(true);
    expect(revalidationPayloadSchema.safeParse({ collection: 'Flota; drop' }).success).toBe(false);
    expect(revalidationPayloadSchema.safeParse({}).success).toBe(false);
  });

  it('accepts the start-up recheck and nothing mixed with it', () => {
    expect(revalidationPayloadSchema.safeParse({ recheck: 'startup' }).success).toBe(true);
    expect(revalidationPayloadSchema.safeParse({ recheck: 'everything' }).success).toBe(false);
    expect(revalidationPayloadSchema.safeParse({ recheck: 'startup', collection: 'flota' }).success).toBe(false);
  });

  it('expires the parent collection when a translation changes', () => {
    expect(tagsForCollection('info_pages_translations')).toEqual(['content:info_pages_translations', 'content:info_pages']);
    expect(tagsForCollection('flota')).toEqual(['content:flota']);
  });

  it('expires the promotions when a season changes: a promotion shows its linked season', () => {
    const expiredBySeasonEdit = tagsForCollection('rate_seasons');
    expect(readTags('promos').some((tag) => expiredBySeasonEdit.includes(tag))).toBe(true);
  });
});
