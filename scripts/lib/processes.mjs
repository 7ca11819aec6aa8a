// Small helpers for the orchestrator and the test harness: port checks, readiness polling, stopping by PID, reading a
// child's output line by line.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { jsonLevel, relayServiceLine } from './log.mjs';

export function assertPortFree(host, port, what) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () =>
      reject(new Error(`${what} cannot start: ${host}:${port} is already in use (a previous run still going?). Stop it or set another port.`)),
    );
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

export async function waitForHttp(url, { timeoutMs = 60_000, accept = (response) => response.ok, child } = {}) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited with code ${child.exitCode} before ${url} answered`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000), redirect: 'manual' });
      if (accept(response)) return;
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} not ready after ${timeoutMs} ms: ${lastError?.message ?? 'no answer'}`);
}

/** Sends SIGTERM to the process (and its group when it leads one), then SIGKILL after a grace period. */
export function stopProcess(child, { graceMs = 8000 } = {}) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  });
}

/** A port free on 127.0.0.1 right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Calls `onLine` with each non-empty line of a child's output stream (trailing white space trimmed), the last one at its end. */
export function readLines(stream, onLine) {
  let buffer = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buffer += chunk;
    let i;
    while ((i = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, i).trimEnd();
      buffer = buffer.slice(i + 1);
      if (line) onLine(line);
    }
  });
  stream.on('end', () => {
    if (buffer.trim()) onLine(buffer.trim());
  });
}

// One appending stream per log file, shared by every service that writes to it (the test harness gathers the stack's
// lines in one file). Each line is one write, so lines of several services never mix.
const logFiles = new Map();

function logFileStream(path) {
  let stream = logFiles.get(path);
  if (!stream) {
    mkdirSync(dirname(path), { recursive: true });
    stream = createWriteStream(path, { flags: 'a' });
    logFiles.set(path, stream);
  }
  return stream;
}

/** Resolves once every line handed so far to the log file `path` is written. */
export function logFileWritten(path) {
  const stream = logFiles.get(path);
  return stream ? new Promise((done) => stream.write('', () => done())) : Promise.resolve();
}

/**
 * Takes a service's output line by line: keeps the last 30 lines (for the message of a failed start), appends each
 * to `logFile` when given, and passes it on through `log` (scripts/lib/log.mjs, relayServiceLine), unless `quiet`:
 * then only problems, a JSON line of level warn or above, or a text line on standard error. `filter(line)` may drop a
 * line from what is passed on (not from the file). Returns the tail.
 */
export function takeServiceOutput(child, { name, log, quiet = false, logFile, filter = () => true }) {
  const tail = [];
  const file = logFile ? logFileStream(logFile) : undefined;
  const onLine = (line, onStderr) => {
    tail.push(line);
    if (tail.length > 30) tail.shift();
    file?.write(`${line}\n`);
    const level = jsonLevel(line);
    const problem = level === undefined ? onStderr : level >= 40;
    if ((!quiet || problem) && filter(line)) relayServiceLine(log, name, line, problem);
  };
  readLines(child.stdout, (line) => onLine(line, false));
  readLines(child.stderr, (line) => onLine(line, true));
  return tail;
}

/**
 * Starts a long-running child process as a service of the orchestrator (`npm start`, `npm run cluster`, the test
 * harness): in its own process group (a Ctrl-C reaches only the orchestrator, which stops services in order), its
 * output passed on line by line (takeServiceOutput), stopped if the orchestrator exits without stopping it.
 *   ready(child)  - resolves once the service answers (rejects: the start fails, the process is stopped)
 *   quiet         - pass on only its problems (lines of level warn and above, text on standard error)
 *   logFile       - also append every line of its output to this file
 *   stopSignal    - what asks it to stop (SIGTERM; PostgreSQL's fast shutdown is SIGINT), SIGKILL after graceMs
 * Resolves { pid, child, exited, stop() }; `exited` is a promise of the exit code or the signal that ended it.
 */
export async function startChildService({ name, command, args = [], cwd, env = process.env, log = console.log, quiet = false, logFile, ready, stopSignal = 'SIGTERM', graceMs = 8000 }) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const untrack = noteForTestHarness(child.pid);
  const tail = takeServiceOutput(child, { name, log, quiet, logFile });
  let stopping = false;
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      try {
        child.kill(signal);
      } catch {
        /* gone */
      }
    }
  };
  const killOnExit = () => signalGroup(stopSignal);
  process.once('exit', killOnExit);
  const exited = new Promise((done) => {
    child.once('exit', (code, signal) => {
      process.removeListener('exit', killOnExit);
      untrack();
      if (!stopping) log(`${name}: exited unexpectedly (${signal ?? `code ${code}`})`);
      done(code ?? signal);
    });
    child.once('error', (error) => {
      log(`${name}: could not start ${command}: ${error.message}`);
      done(127);
    });
  });
  const stop = async () => {
    stopping = true;
    process.removeListener('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const timer = setTimeout(() => signalGroup('SIGKILL'), graceMs);
    signalGroup(stopSignal);
    await exited;
    clearTimeout(timer);
  };
  try {
    await Promise.race([
      ready(child),
      exited.then((exit) => {
        throw new Error(`exited (${typeof exit === 'string' ? `signal ${exit}` : `code ${exit}`}) before it was ready`);
      }),
    ]);
  } catch (error) {
    await stop();
    throw new Error(`${name}: ${error instanceof Error ? error.message : error}${tail.length ? `\n${tail.join('\n')}` : ''}`);
  }
  return { pid: child.pid, child, exited, stop };
}

/**
 * Notes a process for the test harness (TEST_PROCESS_DIR, when it set one), so an interrupted `npm test` still stops
 * it; returns the un-noting.
 */
function noteForTestHarness(pid) {
  const dir = process.env.TEST_PROCESS_DIR;
  if (!dir || !pid) return () => {};
  const file = join(dir, String(pid));
  try {
    writeFileSync(file, '');
  } catch {
    return () => {};
  }
  return () => rmSync(file, { force: true });
}

/** Resolves once something accepts TCP connections on host:port. */
export async function waitForPort(host, port, { timeoutMs = 30_000 } = {}) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise((done) => {
      const socket = createConnection({ host, port });
      socket.setTimeout(1000);
      socket.once('connect', () => {
        socket.destroy();
        done(true);
      });
      socket.once('timeout', () => {
        socket.destroy();
        done(false);
      });
      socket.once('error', () => done(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`nothing listens on ${host}:${port} after ${timeoutMs / 1000} s`);
}

/** The first of `candidates` (paths; empty ones skipped) that exists, else an Error saying how to install it. */
export function findProgram(candidates, howToInstall) {
  const found = candidates.filter(Boolean).find((path) => existsSync(path));
  if (!found) throw new Error(howToInstall);
  return found;
}
