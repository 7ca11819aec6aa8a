import { describe, expect, it } from 'vitest';
import { createUnitsFromCounts, migratedPlate, readStockCounts, unitsOfCounts } from './migrate-stock.mjs';

describe('stock counts become units', () => {
  it('gives each count that many units at its branch, with unique plates of Panama\'s form', () => {
    const units = unitsOfCounts([{ car: 1, branch: 7, units: 3 }, { car: 2, branch: 8, units: 2 }]);
    expect(units).toHaveLength(5);
    expect(units.filter((unit) => unit.car === 1 && unit.current_branch === 7 && unit.home_branch === 7)).toHaveLength(3);
    expect(new Set(units.map((unit) => unit.plate)).size).toBe(5);
    for (const unit of units) expect(unit.plate).toMatch(/^[A-Z]{2}\d{4}$/);
    expect(units.every((unit) => unit.status === 'ready')).toBe(true);
  });

  it('numbers plates past the first ten thousand', () => {
    expect(migratedPlate(0)).toBe('MG0001');
    expect(migratedPlate(9_998)).toBe('MG9999');
    expect(migratedPlate(9_999)).toBe('MH0000');
  });
});

describe('the migration on a database', () => {
  // An in-memory SQLite database with the two tables as Directus has them (only the columns the migration touches).
  async function database({ stock }) {
    const { default: knex } = await import('knex');
    const db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
    if (stock) {
      await db.schema.createTable('fleet_stock', (t) => { t.increments('id'); t.integer('car'); t.integer('branch'); t.integer('units'); });
      await db('fleet_stock').insert(stock);
    }
    await db.schema.createTable('vehicles', (t) => {
      t.increments('id'); t.string('plate').unique(); t.integer('car'); t.integer('home_branch'); t.integer('current_branch');
      t.string('status'); t.integer('mileage'); t.integer('fuel_eighths');
    });
    return db;
  }

  it('reads the counts before the snapshot drops their table, and creates the units once', async () => {
    const db = await database({ stock: [{ car: 1, branch: 7, units: 2 }, { car: 2, branch: 7, units: 0 }, { car: 2, branch: 8, units: 1 }] });
    try {
      const counts = await readStockCounts(db);
      expect(counts).toEqual([{ car: 1, branch: 7, units: 2 }, { car: 2, branch: 8, units: 1 }]);
      expect(await createUnitsFromCounts(db, counts)).toBe(3);
      const rows = await db('vehicles').select('plate', 'car', 'current_branch', 'status').orderBy('plate');
      expect(rows).toEqual([
        { plate: 'MG0001', car: 1, current_branch: 7, status: 'ready' },
        { plate: 'MG0002', car: 1, current_branch: 7, status: 'ready' },
        { plate: 'MG0003', car: 2, current_branch: 8, status: 'ready' },
      ]);
      // The next start (units present) creates nothing.
      expect(await createUnitsFromCounts(db, counts)).toBe(0);
      expect(Number((await db('vehicles').count('* as n').first()).n)).toBe(3);
    } finally {
      await db.destroy();
    }
  });

  it('has nothing to do on a database without stock counts', async () => {
    const db = await database({ stock: null });
    try {
      expect(await readStockCounts(db)).toBeNull();
      expect(await createUnitsFromCounts(db, null)).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
