#!/usr/bin/env node
// Installs the content service's own npm project (services/content: Directus 11, not a root workspace).
// Run by the root `postinstall`; also by hand: `node scripts/install-content.mjs [--force]`.
//
// - Directus needs Node 22, and its native addons (isolated-vm, sqlite3) must be compiled for it: the install
//   runs with a Node 22 binary first on PATH and npm_config_nodedir pointing at that Node's headers (this
//   machine's npm config points node-gyp at /usr, Node 20's headers). Their prebuilt downloads fail offline,
//   so they compile from source: about 150 s on 2 cores, once.
// - Fast no-op when services/content/node_modules already matches the lock file (hash stamp).
// - SKIP_CONTENT_INSTALL=1 skips it altogether. Works with CI=true and no stdin.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

if (process.env.SKIP_CONTENT_INSTALL === '1') {
  console.log('[content install] skipped (SKIP_CONTENT_INSTALL=1)');
  process.exit(0);
}

const NODE_VERSION = '22.23.3';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const contentDir = join(root, 'services', 'content');
const modulesDir = join(contentDir, 'node_modules');
const stampFile = join(modulesDir, '.content-install-stamp');
const logFile = join(tmpdir(), 'rentacar-content-install.log');
const force = process.argv.includes('--force');
const say = (line) => console.log(`[content install] ${line}`);

if (!existsSync(join(contentDir, 'package.json'))) {
  say('services/content/package.json not found; nothing to install');
  process.exit(0);
}

const lockFile = join(contentDir, 'package-lock.json');
const hasLock = existsSync(lockFile);

function stampOf(nodeVersion) {
  const hash = createHash('sha256');
  hash.update(readFileSync(join(contentDir, 'package.json')));
  if (existsSync(lockFile)) hash.update(readFileSync(lockFile));
  hash.update(`node ${nodeVersion} ${process.platform} ${process.arch}`);
  return hash.digest('hex');
}

function nodeVersionOf(bin) {
  const result = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : null;
}

// The Node 22 toolchain the install runs with: node@22 from the npm registry, kept in a cache folder outside
// services/content (whose node_modules `npm ci` wipes) because node-gyp needs its headers
// (node_modules/node/node_modules/node-<platform>-<arch>/include/node). Fetched once (about 5 s).
const toolchainDir = process.env.CONTENT_TOOLCHAIN_DIR || join(tmpdir(), `rentacar-node-${NODE_VERSION}`);

function findToolchain() {
  const bin = join(toolchainDir, 'node_modules', 'node', 'bin', 'node');
  const headers = join(toolchainDir, 'node_modules', 'node', 'node_modules', `node-${process.platform}-${process.arch}`);
  if (!existsSync(bin) || !existsSync(join(headers, 'include', 'node', 'common.gypi'))) return null;
  const version = nodeVersionOf(bin);
  return version === NODE_VERSION ? { bin, version, headers } : null;
}

function fetchToolchain() {
  mkdirSync(toolchainDir, { recursive: true });
  say(`fetching node@${NODE_VERSION} (binary and headers) from the npm registry into ${toolchainDir} ...`);
  const result = spawnSync('npm', ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `node@${NODE_VERSION}`], {
    cwd: toolchainDir, stdio: ['ignore', 'inherit', 'inherit'], env: cleanNpmEnv(process.env),
  });
  if (result.status !== 0) {
    say(`could not fetch node@${NODE_VERSION} (exit ${result.status})`);
    process.exit(1);
  }
}

// npm settings inherited from the root install that must not steer this separate project.
function cleanNpmEnv(env) {
  const out = { ...env };
  for (const key of Object.keys(out)) {
    const k = key.toLowerCase();
    if (/^npm_config_(workspaces?|include_workspace_root|global|prefix|local_prefix|save.*|package_lock.*|dry_run|lockfile_version|omit|include|only|production|dev|install_strategy|install_links|legacy_peer_deps|force|nodedir|node_gyp|target|runtime|dist_url)$/.test(k)) delete out[key];
    if (k.startsWith('npm_package_') || k.startsWith('npm_lifecycle_')) delete out[key];
  }
  delete out.INIT_CWD;
  delete out.NODE_OPTIONS;
  return out;
}

const wanted = stampOf(NODE_VERSION);
const upToDate = !force && hasLock && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === wanted
  && existsSync(join(modulesDir, '@directus', 'api', 'dist', 'cli', 'run.js'));
if (upToDate) {
  say('services/content dependencies are up to date');
  process.exit(0);
}

let node = findToolchain();
if (!node) {
  fetchToolchain();
  node = findToolchain();
  if (!node) {
    say(`node@${NODE_VERSION} from the registry has no usable binary and headers in ${toolchainDir}`);
    process.exit(1);
  }
}

const command = hasLock ? 'ci' : 'install';
say(`installing services/content with Node ${node.version} (npm ${command}; native addons isolated-vm and sqlite3 compile from source, about 2 minutes on 2 cores the first time)`);
say(`headers: ${node.headers}`);
say(`full npm output: ${logFile}`);

const env = cleanNpmEnv(process.env);
env.PATH = [dirname(node.bin), process.env.PATH ?? ''].join(delimiter);
env.npm_config_nodedir = node.headers;
env.npm_config_update_notifier = 'false';
env.npm_config_fund = 'false';
env.npm_config_audit = 'false';
env.npm_config_yes = 'true';
env.CI = env.CI ?? 'true';

const started = Date.now();
const out = createWriteStream(logFile);
const child = spawn('npm', [command, '--no-audit', '--no-fund'], {
  cwd: contentDir, env, stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.pipe(out, { end: false });
child.stderr.pipe(out, { end: false });
let tail = '';
const keepTail = (chunk) => { tail = (tail + chunk.toString()).slice(-6000); };
child.stdout.on('data', keepTail);
child.stderr.on('data', keepTail);
const heartbeat = setInterval(() => say(`still installing ... ${Math.round((Date.now() - started) / 1000)} s`), 30_000);
const code = await new Promise((resolve) => {
  child.once('error', (error) => { keepTail(`\n${error.message}\n`); resolve(1); });
  child.once('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
clearInterval(heartbeat);
out.end();
const seconds = Math.round((Date.now() - started) / 1000);
if (code !== 0) {
  console.error(tail.split('\n').filter((l) => !/install-scripts|allowScripts/.test(l)).slice(-40).join('\n'));
  say(`npm ${command} failed after ${seconds} s (exit ${code}); full output in ${logFile}`);
  process.exit(1);
}

// The native addons must load on Node 22.
const check = spawnSync(node.bin, ['-e', "require('sqlite3'); require('isolated-vm'); require('argon2'); require('sharp')"], { cwd: contentDir, encoding: 'utf8' });
if (check.status !== 0) {
  console.error(check.stderr);
  say(`installed, but a native addon does not load on Node ${node.version}; see above`);
  process.exit(1);
}
writeFileSync(stampFile, `${stampOf(NODE_VERSION)}\n`);
say(`services/content installed in ${seconds} s`);
