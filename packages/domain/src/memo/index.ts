/**
 * The limits of a bounded memo: at most `maxEntries` answers are kept, and the memory is emptied when it is full (the
 * answers a hot path asks for come back within moments, so they are back after a few calls); a string key longer than
 * `maxKeyLength` is computed and not kept (a long key is someone else's writing, an address's header or a path, not
 * one of the few values that repeat).
 */
export interface MemoLimits {
  maxEntries: number;
  maxKeyLength?: number;
}

/** `compute` with its answers kept per key: call it as `compute` is called. */
export type BoundedMemo<K extends string | number, V, C = void> = (key: K, context: C) => V;

/**
 * Remembers the answers of `compute`, a pure function of its key, within `limits`. A hit is one Map lookup, the same
 * cost as the hand-written memories it replaces (hot paths: quotes, money, Panama dates). `context` is handed to
 * `compute` on a miss, for a key made of several values (the caller makes the key name all of them; it is never part
 * of the lookup). An answer `undefined` cannot be told from a miss and is computed every time: answer `null` instead.
 */
export function boundedMemo<K extends string | number, V, C = void>(compute: (key: K, context: C) => V, limits: MemoLimits): BoundedMemo<K, V, C> {
  // One message for both limits: the check runs in browsers' bundles too (money and dates), where every byte counts.
  const { maxEntries, maxKeyLength: longestKey = Number.POSITIVE_INFINITY } = limits;
  if (!(Number.isSafeInteger(maxEntries) && maxEntries >= 1 && longestKey >= 0)) throw new RangeError('boundedMemo: maxEntries must be an integer >= 1, maxKeyLength >= 0');
  const memory = new Map<K, V>();

  return (key, context) => {
    if (typeof key === 'string' && key.length > longestKey) return compute(key, context);
    const known = memory.get(key);
    if (known !== undefined) return known;
    const value = compute(key, context);
    if (value !== undefined) {
      if (memory.size >= maxEntries) memory.clear();
      memory.set(key, value);
    }
    return value;
  };
}
