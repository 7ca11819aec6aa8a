import { describe, expect, it } from 'vitest';
import { ByteBoundedCache } from '../../byte-bounded-cache.mjs';

describe('a byte-bounded cache', () => {
  it('drops the least recently read values to stay within its budget', () => {
    const cache = new ByteBoundedCache<string, string>(10, (value) => value.length);
    cache.set('a', 'aaaa');
    cache.set('b', 'bbbb');
    expect(cache.get('a')).toBe('aaaa');
    cache.set('c', 'cccc');
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('aaaa');
    expect(cache.get('c')).toBe('cccc');
    expect(cache.weight).toBe(8);
    expect(cache.count).toBe(2);
  });

  it('weighs an entry by its key too when asked', () => {
    const cache = new ByteBoundedCache<string, string>(10, (value, key) => value.length + key.length);
    cache.set('aa', 'aa');
    cache.set('bbb', 'bbb');
    expect(cache.weight).toBe(10);
    cache.set('c', 'c');
    expect(cache.get('aa')).toBeUndefined();
    expect(cache.weight).toBe(8);
  });

  it('keeps nothing larger than the whole budget, and replaces a key’s value', () => {
    const cache = new ByteBoundedCache<string, string>(4, (value) => value.length);
    cache.set('big', 'too large');
    expect(cache.get('big')).toBeUndefined();
    cache.set('a', 'aa');
    cache.set('a', 'aaa');
    expect(cache.weight).toBe(3);
  });
});
