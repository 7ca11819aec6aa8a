import { describe, expect, it } from 'vitest';
import { duplicateStockPair, stockKey } from './stock-pairs';

describe('one stock row per car and branch', () => {
  it('reads the ids of a write: a value, a nested item with its id, or nothing', () => {
    expect(stockKey(3)).toBe(3);
    expect(stockKey({ id: '4' })).toBe('4');
    expect(stockKey({ marca: 'Kia' })).toBeNull();
    expect(stockKey(undefined)).toBeNull();
  });

  it('finds a pair written twice, or one another row already has', async () => {
    const none = () => Promise.resolve(null);
    expect(await duplicateStockPair([{ id: null, car: 1, branch: 2 }, { id: null, car: 1, branch: 2 }], none)).toEqual({ pair: { id: null, car: 1, branch: 2 }, existingId: null });
    expect(await duplicateStockPair([{ id: 7, car: 1, branch: 2 }], (pair) => Promise.resolve(pair.car === 1 ? 9 : null))).toEqual({ pair: { id: 7, car: 1, branch: 2 }, existingId: 9 });
    expect(await duplicateStockPair([{ id: null, car: null, branch: 2 }, { id: null, car: 1, branch: 3 }], none)).toBeNull();
  });
});
