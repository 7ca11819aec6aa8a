// What the scripts print: their own messages, and the lines of the services they start (the storefront, the gateway
// sandbox and the content service write JSON lines with pino; nginx, PostgreSQL and Redis write text).
//
// An orchestrator (`npm start`, `npm run cluster`, `node scripts/content.mjs`) logs with pino too, so its output is
// one stream of JSON lines a collector can take as it is: its own lines, named after it, and the services' lines passed
// through unchanged (each names its service). Read by a person in a terminal, the same lines are shown one short line
// each: time, level, who, message and the fields that matter (`npm start | cat`, or LOG_FORMAT=json, gives the JSON).
// The test harness prints a report for people, not a log: it shows a service's lines readably (readableLine).
//
// A log function, as the helpers in scripts/lib take it: log(line) writes one of the script's own lines (info);
// log.warn(line) and log.error(line), when present, write a problem; log.relay(line), when present, passes a service's
// JSON line on as it is. relayServiceLine picks what a given log function can do.
import { pino } from 'pino';

const LEVELS = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
// Known in every line, or shown another way.
const PLAIN = new Set(['level', 'time', 'pid', 'hostname', 'name', 'msg', 'v', 'err', 'req', 'res', 'responseTime', 'area', 'instance']);

/** The level of a pino JSON line (30 is info, 40 warn, 50 error), or undefined for any other line. */
export function jsonLevel(line) {
  // pino writes the level first; the storefront's access lines are many, so no JSON.parse for this.
  const match = /^\{"level":(\d+)/.exec(line);
  return match ? Number(match[1]) : undefined;
}

function clock(time) {
  const at = typeof time === 'number' || typeof time === 'string' ? new Date(time) : new Date();
  return Number.isNaN(at.getTime()) ? '--:--:--' : at.toTimeString().slice(0, 8);
}

function shown(value) {
  if (typeof value === 'string') return /\s/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value);
}

/**
 * A JSON log line as a person reads it: `12:04:05 WARN  storefront/payments  message  key=value ...`, the error's
 * message after the text (its stack below, for errors). Directus' request lines (pino-http) read as
 * `GET /items/flota 200 12ms`. Any other line is returned as it is.
 */
export function readableLine(line) {
  let entry;
  try {
    entry = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof entry !== 'object' || entry === null || typeof entry.level !== 'number') return line;
  const who = [entry.name, entry.instance, entry.area].filter(Boolean).join('/');
  let text = typeof entry.msg === 'string' ? entry.msg : '';
  const skip = new Set(PLAIN);
  if (entry.req && entry.res) text = `${entry.req.method} ${entry.req.url} ${entry.res.statusCode} ${entry.responseTime ?? '?'}ms${text ? ` (${text})` : ''}`;
  // A request's own line (the storefront's, the sandbox's): `GET /es 200 12ms`.
  if (typeof entry.method === 'string' && typeof entry.path === 'string' && entry.status !== undefined) {
    text = `${entry.method} ${entry.path} ${entry.status}${entry.ms !== undefined ? ` ${entry.ms}ms` : ''}${entry.aborted ? ' (aborted)' : ''}`;
    for (const key of ['method', 'path', 'status', 'ms', 'aborted']) skip.add(key);
  }
  const fields = Object.entries(entry)
    .filter(([key, value]) => !skip.has(key) && value !== undefined && value !== null)
    .map(([key, value]) => `${key}=${shown(value)}`);
  if (entry.req?.id !== undefined && entry.res) fields.push(`reqId=${shown(entry.req.id)}`);
  const err = entry.err;
  if (err && typeof err === 'object' && typeof err.message === 'string') text += `${text ? ': ' : ''}${err.message}`;
  const head = `${clock(entry.time)} ${(LEVELS[entry.level] ?? String(entry.level)).padEnd(5)} ${who}  ${text}${fields.length ? `  ${fields.join(' ')}` : ''}`;
  return entry.level >= 50 && typeof err?.stack === 'string' ? `${head}\n${err.stack}` : head;
}

/** Whether the scripts' output is read by a person: a terminal, unless LOG_FORMAT=json. */
export function readByPerson(stream = process.stdout, env = process.env) {
  return Boolean(stream.isTTY) && env.LOG_FORMAT !== 'json';
}

/**
 * The log function of a script named `name` (start, cluster, content): pino's JSON lines on `stream`, or readable
 * lines when a person reads it (readByPerson). log.relay passes a service's JSON line through the same output.
 */
export function scriptLog(name, { stream = process.stdout, readable = readByPerson(stream) } = {}) {
  const write = (line) => stream.write(`${readable ? readableLine(line) : line}\n`);
  const logger = pino({ name }, { write: (chunk) => write(chunk.trimEnd()) });
  const log = (line) => logger.info(line);
  log.warn = (line) => logger.warn(line);
  log.error = (line) => logger.error(line);
  log.relay = (line) => write(line);
  return log;
}

/**
 * Passes one line of the service `name` on through `log` (a log function as above): a JSON line through log.relay
 * when it has one, else as `name: text` (a JSON line made readable), a problem through log.warn when it has one.
 */
export function relayServiceLine(log, name, line, problem) {
  const json = jsonLevel(line) !== undefined;
  if (json && typeof log.relay === 'function') return log.relay(line);
  const say = problem && typeof log.warn === 'function' ? log.warn : log;
  say(`${name}: ${json ? readableLine(line) : line}`);
}

/** `log` with `prefix` before each of its own lines; a service's JSON line is still passed on as it is. */
export function prefixedLog(log, prefix) {
  const wrapped = (line) => log(`${prefix}${line}`);
  if (typeof log.warn === 'function') wrapped.warn = (line) => log.warn(`${prefix}${line}`);
  if (typeof log.error === 'function') wrapped.error = (line) => log.error(`${prefix}${line}`);
  if (typeof log.relay === 'function') wrapped.relay = log.relay;
  return wrapped;
}
