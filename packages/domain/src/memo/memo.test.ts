import { describe, expect, it } from 'vitest';
import { boundedMemo } from './index';

/** `compute` with a count of its calls per key. */
function counted<V>(compute: (key: string) => V) {
  const calls = new Map<string, number>();
  return {
    calls: (key: string) => calls.get(key) ?? 0,
    compute: (key: string) => {
      calls.set(key, (calls.get(key) ?? 0) + 1);
      return compute(key);
    },
  };
}

describe('boundedMemo', () => {
  it('computes a key once and answers it from memory after', () => {
    const upper = counted((key) => key.toUpperCase());
    const memo = boundedMemo(upper.compute, { maxEntries: 4 });
    expect(memo('a')).toBe('A');
    expect(memo('a')).toBe('A');
    expect(memo('b')).toBe('B');
    expect(upper.calls('a')).toBe(1);
    expect(upper.calls('b')).toBe(1);
  });

  it('keeps number keys as they are (a minute, an amount in cents)', () => {
    let calls = 0;
    const memo = boundedMemo((cents: number) => {
      calls += 1;
      return (cents / 100).toFixed(2);
    }, { maxEntries: 2, maxKeyLength: 1 });
    expect(memo(123_456)).toBe('1234.56');
    expect(memo(123_456)).toBe('1234.56');
    expect(calls).toBe(1);
  });

  it('holds at most maxEntries answers: a new key past them starts the memory again', () => {
    const identity = counted((key) => key);
    const memo = boundedMemo(identity.compute, { maxEntries: 2 });
    memo('a');
    memo('b');
    memo('a');
    expect(identity.calls('a')).toBe(1);
    // The third key empties the memory: 'a' and 'b' are computed again, 'c' is kept.
    memo('c');
    memo('c');
    memo('a');
    memo('b');
    expect(identity.calls('c')).toBe(1);
    expect(identity.calls('a')).toBe(2);
    expect(identity.calls('b')).toBe(2);
  });

  it('computes a key longer than maxKeyLength every time and never keeps it', () => {
    const identity = counted((key) => key.length);
    const memo = boundedMemo(identity.compute, { maxEntries: 1, maxKeyLength: 3 });
    memo('abc');
    memo('abc');
    expect(identity.calls('abc')).toBe(1);
    expect(memo('abcd')).toBe(4);
    expect(memo('abcd')).toBe(4);
    expect(identity.calls('abcd')).toBe(2);
    // The long key took no room: the short one is still remembered.
    memo('abc');
    expect(identity.calls('abc')).toBe(1);
  });

  it('remembers null answers, but computes an undefined answer every time', () => {
    const none = counted(() => null);
    const nullMemo = boundedMemo(none.compute, { maxEntries: 4 });
    expect(nullMemo('x')).toBeNull();
    expect(nullMemo('x')).toBeNull();
    expect(none.calls('x')).toBe(1);

    const missing = counted(() => undefined);
    const undefinedMemo = boundedMemo(missing.compute, { maxEntries: 4 });
    expect(undefinedMemo('x')).toBeUndefined();
    expect(undefinedMemo('x')).toBeUndefined();
    expect(missing.calls('x')).toBe(2);
  });

  it('hands the context to compute on a miss only, for a key naming several values', () => {
    const seen: string[] = [];
    const memo = boundedMemo((key: string, context: { greeting: string; name: string }) => {
      seen.push(key);
      return `${context.greeting}, ${context.name}`;
    }, { maxEntries: 4 });
    expect(memo('es|Ana', { greeting: 'Hola', name: 'Ana' })).toBe('Hola, Ana');
    expect(memo('es|Ana', { greeting: 'Hola', name: 'Ana' })).toBe('Hola, Ana');
    expect(memo('en|Ana', { greeting: 'Hello', name: 'Ana' })).toBe('Hello, Ana');
    expect(seen).toEqual(['es|Ana', 'en|Ana']);
  });

  it('refuses limits that keep nothing or are not whole numbers', () => {
    const identity = (key: string) => key;
    expect(() => boundedMemo(identity, { maxEntries: 0 })).toThrow(RangeError);
    expect(() => boundedMemo(identity, { maxEntries: 1.5 })).toThrow(RangeError);
    expect(() => boundedMemo(identity, { maxEntries: 1, maxKeyLength: -1 })).toThrow(RangeError);
    expect(() => boundedMemo(identity, { maxEntries: 1, maxKeyLength: 0 })).not.toThrow();
  });
});
