import type { Knex } from 'knex';
import { describe, expect, it } from 'vitest';
import { BusyError, createWriter, engineOf, retryable } from './transactions';

const databaseOf = (client: string) => ({ client: { config: { client } } }) as unknown as Knex;
const failure = (code: string) => Object.assign(new Error(code), { code });

describe('the database engine', () => {
  it('is told from the Knex client', () => {
    expect(engineOf(databaseOf('sqlite3'))).toBe('sqlite');
    expect(engineOf(databaseOf('pg'))).toBe('postgres');
    expect(engineOf(databaseOf('mysql'))).toBe('mysql');
  });

  it('decides which failures are contention worth retrying', () => {
    expect(retryable('sqlite', failure('SQLITE_BUSY'))).toBe(true);
    expect(retryable('sqlite', failure('SQLITE_CONSTRAINT'))).toBe(false);
    expect(retryable('postgres', failure('40P01'))).toBe(true);
    expect(retryable('postgres', failure('23505'))).toBe(false);
    expect(retryable('postgres', 'not an error')).toBe(false);
  });
});

describe('writes', () => {
  it('retries contention, then answers', async () => {
    const writer = createWriter(databaseOf('pg'));
    let calls = 0;
    const answer = await writer.write(() => {
      calls += 1;
      return calls < 3 ? Promise.reject(failure('40001')) : Promise.resolve('written');
    });
    expect({ answer, calls }).toEqual({ answer: 'written', calls: 3 });
  });

  it('gives up with BusyError after six attempts, and passes other failures on at once', async () => {
    const writer = createWriter(databaseOf('sqlite3'));
    let calls = 0;
    const busy = writer.write(() => {
      calls += 1;
      return Promise.reject(failure('SQLITE_BUSY'));
    });
    await expect(busy).rejects.toBeInstanceOf(BusyError);
    expect(calls).toBe(6);
    await expect(writer.write(() => Promise.reject(failure('SQLITE_CONSTRAINT')))).rejects.toThrow('SQLITE_CONSTRAINT');
  });

  it('runs the writes of one SQLite process one at a time', async () => {
    const writer = createWriter(databaseOf('sqlite3'));
    const order: string[] = [];
    const slow = (name: string, ms: number) => writer.write(async () => {
      order.push(`${name} start`);
      await new Promise((resolve) => setTimeout(resolve, ms));
      order.push(`${name} end`);
    });
    await Promise.all([slow('a', 20), slow('b', 1)]);
    expect(order).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
