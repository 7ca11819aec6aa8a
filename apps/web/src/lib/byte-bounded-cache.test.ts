import { describe, expect, it } from 'vitest';
import { ByteBoundedCache } from './byte-bounded-cache';

describe('a byte-bounded cache', () => {
  it('drops the least recently read values to stay within its budget', () => {
    const cache = new ByteBoundedCache<string>(10, (value) => value.length);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('c')).toBe('cccc');
    expect(cache.size).toBe(8);
  });

  it('keeps nothing larger than the whole budget, and replaces a key’s value', () => {
    const cache = new ByteBoundedCache<string>(4, (value) => value.length);
    cache.set('big', 'too large');
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', 'aa');
    cache.set('a', 'aaa');
    expect(cache.size).toBe(3);
  });
});
