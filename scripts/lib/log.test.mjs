import { describe, expect, it } from 'vitest';
import { jsonLevel, prefixedLog, readableLine, relayServiceLine, scriptLog } from './log.mjs';

/** A stream that keeps what is written, as a terminal (isTTY) or a pipe. */
function stream(isTTY) {
  const written = [];
  return { isTTY, written, write: (chunk) => written.push(chunk) };
}

const at = new Date(2026, 0, 5, 14, 3, 9).getTime();
const storefrontLine = JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', name: 'storefront', instance: 'web-1', area: 'request', reqId: 'abc123def456', method: 'POST', path: '/api/quote', status: 200, ms: 7, msg: 'request completed' });
const directusLine = JSON.stringify({ level: 30, time: at, name: 'content', req: { id: 'abc123def456', method: 'GET', url: '/items/flota' }, res: { statusCode: 200 }, responseTime: 12, msg: 'request completed' });

describe('a script\'s log', () => {
  it('is JSON lines named after the script when no person reads it (a pipe, a collector)', () => {
    const out = stream(false);
    scriptLog('start', { stream: out })('storefront ready');
    expect(out.written).toHaveLength(1);
    expect(JSON.parse(out.written[0])).toMatchObject({ level: 30, name: 'start', msg: 'storefront ready' });
    expect(out.written[0].endsWith('\n')).toBe(true);
  });

  it('is one readable line each in a terminal', () => {
    const out = stream(true);
    const log = scriptLog('start', { stream: out });
    log.warn('content service exited unexpectedly');
    expect(out.written[0]).toMatch(/^\d\d:\d\d:\d\d WARN {2}start {2}content service exited unexpectedly\n$/);
  });

  it('passes a service\'s JSON line on unchanged, or readable in a terminal', () => {
    const pipe = stream(false);
    relayServiceLine(scriptLog('start', { stream: pipe }), 'storefront', storefrontLine, false);
    expect(pipe.written).toEqual([`${storefrontLine}\n`]);
    const terminal = stream(true);
    relayServiceLine(scriptLog('start', { stream: terminal }), 'storefront', storefrontLine, false);
    expect(terminal.written).toEqual(['14:03:09 INFO  storefront/web-1/request  POST /api/quote 200 7ms  reqId=abc123def456\n']);
  });

  it('shows a text line of a service after its name, and a JSON one readably, to a log function that cannot relay', () => {
    const lines = [];
    const log = (line) => lines.push(`info ${line}`);
    log.warn = (line) => lines.push(`warn ${line}`);
    relayServiceLine(log, 'nginx', 'worker process started', false);
    relayServiceLine(log, 'postgres', 'FATAL: could not open file', true);
    relayServiceLine(log, 'content', directusLine, false);
    expect(lines).toEqual([
      'info nginx: worker process started',
      'warn postgres: FATAL: could not open file',
      'info content: 14:03:09 INFO  content  GET /items/flota 200 12ms (request completed)  reqId=abc123def456',
    ]);
  });

  it('keeps relaying through a prefixed log', () => {
    const out = stream(false);
    const log = prefixedLog(scriptLog('cluster', { stream: out }), 'web-1: ');
    log('storefront ready');
    relayServiceLine(log, 'storefront', storefrontLine, false);
    expect(JSON.parse(out.written[0])).toMatchObject({ name: 'cluster', msg: 'web-1: storefront ready' });
    expect(out.written[1]).toBe(`${storefrontLine}\n`);
  });
});

describe('readableLine', () => {
  it('puts an error\'s message after the text, and its stack below for errors', () => {
    const line = JSON.stringify({ level: 50, time: at, name: 'storefront', area: 'content', msg: 'GET /items/flota failed', err: { message: 'fetch failed', stack: 'Error: fetch failed\n    at x' } });
    expect(readableLine(line)).toBe('14:03:09 ERROR storefront/content  GET /items/flota failed: fetch failed\nError: fetch failed\n    at x');
  });

  it('leaves any other line as it is', () => {
    expect(readableLine('plain text')).toBe('plain text');
    expect(readableLine('{"not":"a log line"}')).toBe('{"not":"a log line"}');
  });
});

describe('jsonLevel', () => {
  it('reads the level of a pino line without parsing it, and nothing of another line', () => {
    expect(jsonLevel(storefrontLine)).toBe(30);
    expect(jsonLevel('{"level":50,"msg":"x"}')).toBe(50);
    expect(jsonLevel('2026/01/05 [error] 12#12: upstream timed out')).toBeUndefined();
    expect(jsonLevel('{"time":"2026-01-05","name":"nginx"}')).toBeUndefined();
  });
});
