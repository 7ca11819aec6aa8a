// A PostgreSQL server from Debian's packages for `npm run cluster`: the content service's database, in a folder of its
// own (created with initdb on first start), listening on 127.0.0.1 only, password authentication. PostgreSQL refuses
// to run as root: run as root, the folder belongs to the `postgres` user and the server runs as that user.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assertPortFree, startChildService } from './processes.mjs';

/** The folder of PostgreSQL's programs: PG_BIN_DIR, else the newest /usr/lib/postgresql/<version>/bin. */
export function findPostgresBin(env = process.env) {
  if (env.PG_BIN_DIR) return env.PG_BIN_DIR;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).filter((v) => existsSync(join(base, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a)) : [];
  if (!versions.length) throw new Error('PostgreSQL is not installed: `apt-get install -y postgresql` (Debian), or set PG_BIN_DIR');
  return join(base, versions[0], 'bin');
}

const runsAsRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** [command, args] running `program` as the postgres user when this process is root. */
function asDatabaseUser(program, args) {
  return runsAsRoot() ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', program, ...args]] : [program, args];
}

function run(command, args, { env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${args.includes('--') ? args[args.indexOf('--') + 1] : command} failed (exit ${code}): ${output.trim()}`))));
  });
}

function ownByDatabaseUser(path) {
  if (!runsAsRoot()) return;
  const [user, group] = databaseUserIds();
  chownSync(path, user, group);
}

/** The postgres user's ids (Debian's postgresql package creates the user). */
function databaseUserIds() {
  const fields = (spawnSync('getent', ['passwd', 'postgres'], { encoding: 'utf8' }).stdout ?? '').split(':');
  if (fields.length < 4) throw new Error("PostgreSQL must not run as root, and there is no `postgres` user to run it as (Debian's postgresql package creates one)");
  return [Number(fields[2]), Number(fields[3])];
}

/**
 * Starts PostgreSQL with its data in `dir` (initdb on first start, with `user`/`password`), on host:port, and makes
 * sure `database` exists. Resolves { pid, stop(), exited, url } once it accepts connections.
 */
export async function startPostgres({ dir, host = '127.0.0.1', port, user, password, database, log = console.log, env = process.env }) {
  await assertPortFree(host, port, 'PostgreSQL');
  const bin = findPostgresBin(env);
  if (!existsSync(join(dir, 'PG_VERSION'))) await initCluster({ bin, dir, user, password, log });
  const [command, args] = asDatabaseUser(join(bin, 'postgres'), [
    '-D', dir,
    '-c', `listen_addresses=${host}`,
    '-c', `port=${port}`,
    // TCP only: the default socket folder (/var/run/postgresql) may not exist or be writable.
    '-c', 'unix_socket_directories=',
    '-c', 'max_connections=200',
    // Only a crash is worth showing: a refused query or a closed session is the content service's to report.
    '-c', 'log_min_messages=panic',
  ]);
  const connection = { PGHOST: host, PGPORT: String(port), PGUSER: user, PGPASSWORD: password };
  const service = await startChildService({
    name: 'postgres',
    command,
    args,
    log,
    quiet: true,
    // SIGINT is PostgreSQL's fast shutdown; SIGTERM would wait for every client (the content service's pool) to leave.
    stopSignal: 'SIGINT',
    graceMs: 20_000,
    ready: () => waitForReady(bin, connection, 30_000),
  });
  const exists = await run(join(bin, 'psql'), ['-d', 'postgres', '-tAc', `SELECT 1 FROM pg_database WHERE datname = '${database.replace(/'/g, "''")}'`], { env: connection });
  if (exists.trim() !== '1') {
    await run(join(bin, 'createdb'), [database], { env: connection });
    log(`postgres: database ${database} created`);
  }
  log(`postgres: ready at ${host}:${port} (pid ${service.pid}; data in ${dir})`);
  return { ...service, host, port };
}

async function initCluster({ bin, dir, user, password, log }) {
  log(`postgres: creating a database cluster in ${dir}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  ownByDatabaseUser(dir);
  const passwordFile = join(tmpdir(), `rentacar-pg-${process.pid}-${Date.now()}`);
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  ownByDatabaseUser(passwordFile);
  try {
    const [command, args] = asDatabaseUser(join(bin, 'initdb'), ['-D', dir, '-U', user, `--pwfile=${passwordFile}`, '--auth=scram-sha-256', '-E', 'UTF8', '--locale=C', '--no-instructions']);
    await run(command, args);
  } catch (error) {
    const hint = runsAsRoot() && /Permission denied/.test(String(error))
      ? ` (run as root, PostgreSQL runs as the postgres user, which cannot reach ${dir}: set CLUSTER_DATA_DIR to a folder every user can traverse, such as /var/tmp/rentacar-cluster)`
      : '';
    throw new Error(`${error instanceof Error ? error.message : error}${hint}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

async function waitForReady(bin, connection, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      await run(join(bin, 'pg_isready'), ['-q', '-d', 'postgres'], { env: connection });
      return;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`not accepting connections after ${timeoutMs / 1000} s (${last})`);
}
