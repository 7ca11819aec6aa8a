import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillChannels, channelOf } from './channel';

describe('the sales channel of a reservation', () => {
  it('is corporate with a company or an agent, else what the storefront said, else its key tells', () => {
    expect(channelOf({ corporate_account: 3, agent: 'u-1', idempotency_key: 'draft-1' }, 'web')).toBe('corporate');
    expect(channelOf({ corporate_account: null, agent: null, idempotency_key: 'draft-1' }, 'api')).toBe('api');
    expect(channelOf({ idempotency_key: 'draft-9-abc' })).toBe('web');
    expect(channelOf({ idempotency_key: 'partner-1' })).toBe('api');
  });

  describe('for rows older than the field', () => {
    let db: Knex;
    beforeAll(async () => {
      db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
      await db.schema.createTable('reservations', (table) => {
        table.increments('id');
        table.integer('corporate_account');
        table.string('agent');
        table.string('idempotency_key');
        table.string('channel');
      });
      await db('reservations').insert([
        { idempotency_key: 'draft-1-x' },
        { idempotency_key: 'partner-2' },
        { idempotency_key: null },
        { corporate_account: 1, agent: 'u-1', idempotency_key: 'draft-3-y' },
        { idempotency_key: 'draft-4-z', channel: 'api' },
      ]);
    });
    afterAll(async () => {
      await db.destroy();
    });

    it('is recorded once from the fields, leaving the rows that have one', async () => {
      expect(await backfillChannels(db)).toBe(4);
      expect((await db('reservations').select('channel').orderBy('id')).map((row: { channel: string }) => row.channel)).toEqual(['web', 'api', 'api', 'corporate', 'api']);
      expect(await backfillChannels(db)).toBe(0);
    });
  });
});
