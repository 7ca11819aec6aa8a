// The project's Node: every entry point (npm scripts, `node scripts/...`) runs on the Node 22 binary that `npm install`
// brings (npm package node@22), so tests and tools behave the same whichever `node` the shell found first.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const REQUIRED_MAJOR = 22;

export const PROJECT_NODE = join(ROOT, 'node_modules', 'node', 'bin', 'node');

const runningMajor = () => Number(process.versions.node.split('.')[0]);

/**
 * Re-runs the current script on the project's Node 22 when this process runs on an older Node; returns only when the
 * current process already is Node 22 or newer. Signals reach the re-run script, and its exit code becomes ours.
 */
export async function ensureProjectNode() {
  if (runningMajor() >= REQUIRED_MAJOR) return;
  if (!existsSync(PROJECT_NODE)) {
    console.error(`This script needs Node ${REQUIRED_MAJOR} (running ${process.version}); run \`npm install\` at the repository root first.`);
    process.exit(1);
  }
  const child = spawn(PROJECT_NODE, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: projectNodeEnv() });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((done) => child.once('exit', (exitCode, signal) => done(exitCode ?? 128 + (constants.signals[signal] ?? 0))));
  process.exit(code);
}

/** An environment whose `node` (for `#!/usr/bin/env node` tools such as vitest and playwright) is the project's. */
export function projectNodeEnv(base = process.env) {
  const bins = [dirname(PROJECT_NODE), join(ROOT, 'node_modules', '.bin')].filter(existsSync);
  return { ...base, PATH: [...bins, base.PATH ?? ''].join(delimiter) };
}
