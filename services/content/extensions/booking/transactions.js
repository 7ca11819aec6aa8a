// Write transactions that read, decide and write as one step, on SQLite and on PostgreSQL.
//
// PostgreSQL: callers lock the row their decision depends on (`SELECT ... FOR UPDATE` on the fleet_stock row) before
// they read; a concurrent transaction on the same row waits there, and reads what the first one committed (READ
// COMMITTED starts a new snapshot per statement). Deadlocks and serialization failures are retried.
//
// SQLite has one writer at a time, but a plain `BEGIN` only takes the write lock at the first write: two transactions
// could both count the free units, then both insert. So the first statement here is a write that changes nothing,
// which takes the database's write lock before anything is read. Knex gives Directus a single SQLite connection
// (pool max 1), which already queues transactions; the in-process queue below keeps that true when DB_POOL__MAX is
// raised, and SQLITE_BUSY (another connection or process holds the lock) is retried with back-off instead of
// answering 500.

const ATTEMPTS = 6;
const BASE_DELAY_MS = 25;

export class BusyError extends Error {
  constructor(cause) {
    super('The database stayed busy; try again', { cause });
    this.name = 'BusyError';
  }
}

export function engineOf(database) {
  const client = String(database.client?.config?.client ?? '');
  if (client === 'sqlite3' || client === 'better-sqlite3') return 'sqlite';
  if (client === 'pg' || client === 'postgres' || client === 'postgresql') return 'postgres';
  return client;
}

function retryable(engine, error) {
  const code = String(error?.code ?? '');
  if (engine === 'sqlite') return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
  if (engine === 'postgres') return code === '40P01' || code === '40001';
  return false;
}

export function createWriter(database) {
  const engine = engineOf(database);
  let queue = Promise.resolve();
  const serialized = (fn) => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => {});
    return run;
  };

  /** Runs `fn` (one statement or one transaction) once, retrying what the engine reports as contention. */
  async function write(fn) {
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

  /** `work(trx)` in one transaction that holds the write lock (SQLite) before its first read. */
  function transaction(work) {
    return write(() => database.transaction(async (trx) => {
      if (engine === 'sqlite') await trx.raw('update fleet_stock set units = units where 1 = 0');
      return work(trx);
    }));
  }

  /** Locks the stock row of (car, branch) until the transaction ends and returns its units (0 without a row). */
  async function lockStock(trx, car, branch) {
    const query = trx('fleet_stock').select('units').where({ car, branch }).orderBy('id').first();
    const row = await (engine === 'postgres' ? query.forUpdate() : query);
    return row ? Number(row.units) || 0 : 0;
  }

  /** Locks a reservation row (PostgreSQL) and tells whether it exists. */
  async function lockReservation(trx, id) {
    const query = trx('reservations').select('id').where({ id }).first();
    return Boolean(await (engine === 'postgres' ? query.forUpdate() : query));
  }

  return { engine, write, transaction, lockStock, lockReservation };
}
