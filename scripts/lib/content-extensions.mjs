// Builds the content service's extensions (services/content/extensions/<name>/src/*.ts) with the Directus extensions
// SDK (`directus-extension build`, pinned in services/content/package.json), before Directus starts: startContentService
// calls it on every start, and `node scripts/content.mjs extensions` runs it alone.
//
// An extension is built only when what goes into it changed since its last build: its own folder, the shared folder
// every extension bundles (services/content/extensions/shared), the domain, the schema files it imports, the
// TypeScript settings, services/content's lock file (the SDK and the libraries it bundles) and this file (how it is
// built). A hash of those is stamped into its dist/ folder. Each build writes into a folder of its own and then moves
// the files into dist/, so that a Directus starting meanwhile (another checkout's `npm start` and `npm test` at once)
// never reads a half-written file. It runs on the Node 22 the content service runs on, two builds at a time.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hashTree } from './source-hash.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const CONTENT_DIR = join(ROOT, 'services', 'content');
export const EXTENSIONS_DIR = join(CONTENT_DIR, 'extensions');
const SDK_DIR = join(CONTENT_DIR, 'node_modules', '@directus', 'extensions-sdk');
const STAMP = '.build-stamp';

// What every extension bundles or is built with, besides its own folder (paths from the repository root).
export const SHARED_INPUTS = [
  'services/content/extensions/shared',
  'services/content/extensions/tsconfig.json',
  'tsconfig.base.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'services/content/schema/model.mjs',
  'services/content/schema/access.mjs',
  'services/content/schema/accounts.mjs',
  'services/content/schema/dashboards.mjs',
  'services/content/schema/callbacks.mjs',
  'services/content/package-lock.json',
  relative(ROOT, fileURLToPath(import.meta.url)),
];

// Tests and earlier builds are no input of a build.
const skip = (path) => /\.test\.ts$/.test(path) || ['dist', 'node_modules'].includes(basename(path));

/** The extensions: every folder of `extensionsDir` whose package.json has a `directus:extension`. */
export function listExtensions(extensionsDir = EXTENSIONS_DIR) {
  if (!existsSync(extensionsDir)) return [];
  return readdirSync(extensionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(extensionsDir, entry.name, 'package.json')))
    .map((entry) => {
      const dir = join(extensionsDir, entry.name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))['directus:extension'];
      return manifest ? { name: entry.name, dir, manifest } : null;
    })
    .filter(Boolean);
}

function sdkVersion() {
  const file = join(SDK_DIR, 'package.json');
  if (!existsSync(file)) {
    throw new Error('content: the Directus extensions SDK is not installed in services/content; run `npm install` at the repository root');
  }
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

/** The files a build writes, as the manifest names them (relative to the extension's folder). */
function outputsOf(manifest) {
  return typeof manifest.path === 'string' ? [manifest.path] : [manifest.path.app, manifest.path.api];
}

/** `directus-extension build` arguments that write the extension's outputs into `outDir` instead of beside them. */
function buildArguments({ manifest }, outDir) {
  const into = (path) => join(outDir, basename(path));
  if (manifest.type === 'bundle') {
    return ['-t', 'bundle', '-i', JSON.stringify(manifest.entries), '-o', JSON.stringify({ app: into(manifest.path.app), api: into(manifest.path.api) })];
  }
  return ['-t', manifest.type, '-i', manifest.source, '-o', into(manifest.path)];
}

function runBuild(extension, { nodeBin, outDir }) {
  const args = [join(SDK_DIR, 'cli.js'), 'build', ...buildArguments(extension, outDir), '--no-minify'];
  return new Promise((done) => {
    const child = spawn(nodeBin, args, { cwd: extension.dir, env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-8000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error) => done({ code: 127, output: error.message }));
    child.once('exit', (code, signal) => done({ code: code ?? (signal ? 1 : 0), output }));
  });
}

async function build(extension, { nodeBin, hash }) {
  const distDir = join(extension.dir, 'dist');
  mkdirSync(distDir, { recursive: true });
  const outDir = mkdtempSync(join(distDir, '.building-'));
  try {
    const { code, output } = await runBuild(extension, { nodeBin, outDir });
    const outputs = outputsOf(extension.manifest);
    if (code !== 0 || !outputs.every((path) => existsSync(join(outDir, basename(path))))) {
      throw new Error(`content: building the extension ${extension.name} failed (exit ${code}):\n${output.trim()}`);
    }
    for (const path of outputs) renameSync(join(outDir, basename(path)), join(extension.dir, path));
    writeFileSync(join(outDir, STAMP), hash);
    renameSync(join(outDir, STAMP), join(distDir, STAMP));
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * Builds the extensions whose inputs changed since their last build (all of them with `force`). `nodeBin` is the Node
 * the SDK runs on (the content service's Node 22). Resolves with the names of those built; rejects with the SDK's
 * output when a build fails.
 */
export async function buildContentExtensions({ nodeBin = process.execPath, log = console.log, force = false, extensionsDir = EXTENSIONS_DIR } = {}) {
  const extensions = listExtensions(extensionsDir);
  if (!extensions.length) return [];
  const shared = `${hashTree(ROOT, SHARED_INPUTS, skip)} sdk ${sdkVersion()}`;
  const stale = [];
  for (const extension of extensions) {
    const hash = `${hashTree(extension.dir, ['.'], skip)} ${shared}`;
    const stampFile = join(extension.dir, 'dist', STAMP);
    const built = existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash
      && outputsOf(extension.manifest).every((path) => existsSync(join(extension.dir, path)));
    if (force || !built) stale.push({ extension, hash });
  }
  if (!stale.length) return [];

  log(`content: building the extensions ${stale.map(({ extension }) => extension.name).join(', ')} (Directus extensions SDK ${sdkVersion()}) ...`);
  const started = Date.now();
  const queue = [...stale];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await build(next.extension, { nodeBin, hash: next.hash });
  };
  await Promise.all(Array.from({ length: Math.min(2, availableParallelism(), queue.length) }, worker));
  log(`content: extensions built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return stale.map(({ extension }) => extension.name);
}
