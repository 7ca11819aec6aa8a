// Writes that stay correct under concurrency, on SQLite and PostgreSQL (docs/content-model.md, "Booking endpoint").
//
// PostgreSQL: the car model's row (`flota`) is locked with SELECT ... FOR UPDATE, so bookings of the same model run one
// after the other, and each sees the units the one before it took (a one-way rental moves a unit to another branch, so
// the lock is the model's, not a branch's); bookings of different models do not wait for each other. A deadlock or a
// serialization failure is retried.
//
// SQLite: a transaction starts deferred and only takes the write lock at its first write, so two transactions
// could both count the free units, then both insert. So the first statement here is a write that changes nothing,
// which takes the database's write lock before anything is read. Knex gives Directus a single SQLite connection
// (pool max 1), which already queues transactions; the in-process queue below keeps that true when DB_POOL__MAX is
// raised, and SQLITE_BUSY (another connection or process holds the lock) is retried with back-off instead of
// answering 500.
import type { Knex } from 'knex';

const ATTEMPTS = 6;
const BASE_DELAY_MS = 25;

export class BusyError extends Error {
  constructor(cause: unknown) {
    super('The database stayed busy; try again', { cause });
    this.name = 'BusyError';
  }
}

/** 'sqlite', 'postgres', or the name of another Knex client. */
export type Engine = string;

export function engineOf(database: Knex): Engine {
  const client = (database.client as { config?: { client?: unknown } } | undefined)?.config?.client;
  const name = typeof client === 'string' ? client : '';
  if (name === 'sqlite3' || name === 'better-sqlite3') return 'sqlite';
  if (name === 'pg' || name === 'postgres' || name === 'postgresql') return 'postgres';
  return name;
}

/** The driver's error code of `error` ('' when it has none). */
export function errorCode(error: unknown): string {
  if (error === null || typeof error !== 'object' || !('code' in error)) return '';
  const { code } = error;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : '';
}

export function retryable(engine: Engine, error: unknown): boolean {
  const code = errorCode(error);
  if (engine === 'sqlite') return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
  if (engine === 'postgres') return code === '40P01' || code === '40001';
  return false;
}

export interface Writer {
  engine: Engine;
  /** Runs `fn` (one statement or one transaction) once, retrying what the engine reports as contention. */
  write<T>(fn: () => Promise<T>): Promise<T>;
  /** `work(trx)` in one transaction that holds the write lock (SQLite) before its first read. */
  transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T>;
  /** Locks the car model's row until the transaction ends (its units are chosen one booking at a time); false without one. */
  lockCar(trx: Knex.Transaction, car: number): Promise<boolean>;
  /** Locks a reservation row (PostgreSQL) and tells whether it exists. */
  lockReservation(trx: Knex.Transaction, id: number): Promise<boolean>;
}

export function createWriter(database: Knex): Writer {
  const engine = engineOf(database);
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };

  async function write<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await (engine === 'sqlite' ? serialized(fn) : fn());
      } catch (error) {
        if (!retryable(engine, error)) throw error;
        if (attempt >= ATTEMPTS) throw new BusyError(error);
        await new Promise((resolve) => setTimeout(resolve, BASE_DELAY_MS * 2 ** (attempt - 1) * (0.5 + Math.random())));
      }
    }
  }

  function transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return write(() => database.transaction(async (trx) => {
      if (engine === 'sqlite') await trx.raw('update flota set id = id where 1 = 0');
      return work(trx);
    }));
  }

  async function lockCar(trx: Knex.Transaction, car: number): Promise<boolean> {
    const query = trx('flota').select('id').where({ id: car }).first();
    return Boolean(await (engine === 'postgres' ? query.forUpdate() : query));
  }

  async function lockReservation(trx: Knex.Transaction, id: number): Promise<boolean> {
    const query = trx('reservations').select('id').where({ id }).first();
    return Boolean(await (engine === 'postgres' ? query.forUpdate() : query));
  }

  return { engine, write, transaction, lockCar, lockReservation };
}
