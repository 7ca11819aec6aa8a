// One fleet_stock row per (car, branch): which pair of a write would make a second one.

/** A row as it would be after the write: its id (null for a new one) and the ids it points at. */
export interface StockPair {
  id: number | null;
  car: number | string | null;
  branch: number | string | null;
}

/** An m2o value may be the id, or an object with it (a nested update); a nested create has no id yet. */
export function stockKey(value: unknown): number | string | null {
  if (value !== null && typeof value === 'object') {
    const id = (value as { id?: unknown }).id;
    return typeof id === 'number' || typeof id === 'string' ? id : null;
  }
  return typeof value === 'number' || typeof value === 'string' ? value : null;
}

/**
 * The first pair of `wanted` that appears twice in it (existingId null) or that `existingRow` finds in another row; null
 * when every pair is free. Pairs naming no car or no branch are left to the field checks.
 */
export async function duplicateStockPair(
  wanted: readonly StockPair[],
  existingRow: (pair: StockPair) => Promise<number | null>,
): Promise<{ pair: StockPair; existingId: number | null } | null> {
  const seen = new Set<string>();
  for (const pair of wanted) {
    if (pair.car === null || pair.branch === null) continue;
    const key = `${pair.car}/${pair.branch}`;
    if (seen.has(key)) return { pair, existingId: null };
    seen.add(key);
    const existingId = await existingRow(pair);
    if (existingId !== null) return { pair, existingId };
  }
  return null;
}
