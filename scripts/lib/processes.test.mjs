import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { logFileWritten, takeServiceOutput } from './processes.mjs';

describe('a service\'s output', () => {
  const dir = mkdtempSync(join(tmpdir(), 'service-output-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('goes whole to its log file; when quiet, only its problems are passed on', async () => {
    const script = [
      'console.log(JSON.stringify({ level: 30, name: "storefront", msg: "request completed" }));',
      'console.log(JSON.stringify({ level: 40, name: "storefront", msg: "start-up recheck failed" }));',
      'console.error("a text line on standard error");',
      'console.log("a text line on standard output");',
    ].join('\n');
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const passed = [];
    const log = (line) => passed.push(`info ${line}`);
    log.warn = (line) => passed.push(`warn ${line}`);
    log.relay = (line) => passed.push(`relay ${line}`);
    const logFile = join(dir, 'stack.log');
    const tail = takeServiceOutput(child, { name: 'storefront', log, quiet: true, logFile });
    await new Promise((done) => child.once('close', done));
    expect(passed).toEqual([
      `relay ${JSON.stringify({ level: 40, name: 'storefront', msg: 'start-up recheck failed' })}`,
      'warn storefront: a text line on standard error',
    ]);
    expect(tail).toHaveLength(4);
    await logFileWritten(logFile);
    const written = readFileSync(logFile, 'utf8').split('\n').filter(Boolean);
    expect(written).toHaveLength(4);
    expect(written).toContain('a text line on standard output');
  });
});
