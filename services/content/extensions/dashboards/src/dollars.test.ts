import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillDollars, DOLLAR_COPIES, withDollars } from './dollars';

const [reservations, payments] = DOLLAR_COPIES;

describe('the dollars kept beside an amount in cents', () => {
  it('follow every write of the amount, and only such writes', () => {
    expect(withDollars(reservations, { total: 7918, status: 'paid' }, { create: false })).toEqual({ total: 7918, status: 'paid', total_usd: 79.18 });
    expect(withDollars(payments, { amount: 1500, kind: 'refund' }, { create: true })).toEqual({ amount: 1500, kind: 'refund', amount_usd: 15 });
    // A write that leaves the amount alone leaves its dollars alone too, and nobody writes them by hand.
    expect(withDollars(reservations, { status: 'cancelled', total_usd: 1 }, { create: false })).toEqual({ status: 'cancelled' });
    // Created without an amount: the amount's default, 0.
    expect(withDollars(reservations, { reservation_number: 'FF-2K3M4N' }, { create: true })).toEqual({ reservation_number: 'FF-2K3M4N', total_usd: 0 });
    expect(withDollars(reservations, { total: null }, { create: false })).toEqual({ total: null, total_usd: null });
  });

  describe('for rows older than the field', () => {
    let db: Knex;
    beforeAll(async () => {
      db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
      await db.schema.createTable('reservations', (table) => {
        table.increments('id');
        table.integer('total');
        table.float('total_usd');
      });
      await db('reservations').insert([{ total: 7918 }, { total: 7918 }, { total: 100 }, { total: null }, { total: 5000, total_usd: 50 }]);
    });
    afterAll(async () => {
      await db.destroy();
    });

    it('are filled in once, from the amount, leaving rows that have them', async () => {
      expect(await backfillDollars(db, reservations)).toBe(3);
      expect(await db('reservations').select('total', 'total_usd').orderBy('id')).toEqual([
        { total: 7918, total_usd: 79.18 }, { total: 7918, total_usd: 79.18 }, { total: 100, total_usd: 1 }, { total: null, total_usd: null }, { total: 5000, total_usd: 50 },
      ]);
      expect(await backfillDollars(db, reservations)).toBe(0);
    });
  });
});
