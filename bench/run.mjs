#!/usr/bin/env node
// `npm run bench`: serves `/`, `/flota` and an info page from a production build and prints, measured in one run,
// requests/s and p99 beside a plain static server answering the same HTML, the first-load JavaScript, Lighthouse
// mobile scores, the content-service calls per page view at steady state, and whether the pages keep serving with
// the content service down. Figures go to the terminal and to bench/results/latest.json. See bench/README.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProjectEnv } from '../scripts/lib/env-file.mjs';
import { buildWeb, clearWebContentCache, startWeb } from '../scripts/lib/web-server.mjs';
import { startContentService } from '../scripts/lib/content-service.mjs';
import { DIST_DIR, HOST, LIGHTHOUSE_PAGES, PAGES, PORTS, TARGETS, readOptions, usage } from './lib/options.mjs';
import { benchEnv } from './lib/stack.mjs';
import { startCountingProxy } from '../scripts/lib/counting-proxy.mjs';
import { startStaticServer } from './lib/static-server.mjs';
import { httpGet, httpPostJson } from './lib/http-get.mjs';
import { measurePage } from './lib/load.mjs';
import { GZIP_LEVEL, measureFirstLoadJs } from './lib/first-load-js.mjs';
import { auditPage, startChrome } from './lib/lighthouse.mjs';
import { chunkTable, failingAuditLines, firstLoadTable, fmt, lighthouseTable, loadTable } from './lib/report.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const log = (line = '') => console.log(`[bench] ${line}`);
const RESULTS_DIR = join(here, 'results'); // gitignored
const WARM_REQUESTS = 3; // the first renders and caches the page; the next ones must be cache hits

// Everything started, newest last; stopped in reverse order on success, failure and Ctrl-C alike.
const running = [];
let stopping;

function stopAll() {
  stopping ??= (async () => {
    for (const { name, stop } of running.reverse()) {
      try {
        await stop();
      } catch (error) {
        console.error(`[bench] could not stop ${name}: ${error.message}`);
      }
    }
  })();
  return stopping;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    log(`${signal}: stopping everything the bench started ...`);
    stopAll().finally(() => process.exit(130));
  });
}

function track(name, service) {
  running.push({ name, stop: service.stop });
  return service;
}

/**
 * Requests each page a few times so its ISR entry exists. Returns every page's last answer (a cache hit) and the
 * cache status of the first one (MISS on a fresh start: it was rendered from the content service).
 */
async function warmPages(webUrl) {
  const pages = {};
  for (const path of PAGES) {
    const answers = [];
    for (let i = 0; i < WARM_REQUESTS; i++) answers.push(await httpGet(`${webUrl}${path}`));
    const last = answers.at(-1);
    pages[path] = { ...last, ok: last.status === 200, firstCache: answers[0].headers['x-nextjs-cache'] ?? null };
    const cache = answers.map((a) => a.headers['x-nextjs-cache'] ?? '-').join('/');
    if (pages[path].firstCache === 'HIT') log(`warm ${path}: WARNING the first request was already a cache HIT (a page left from an earlier run?)`);
    log(`warm ${path}: ${answers.map((a) => a.status).join('/')}, x-nextjs-cache ${cache}, cache-control "${last.headers['cache-control'] ?? '-'}", ${fmt.kb(last.body.length / 1024)} KB HTML`);
  }
  return pages;
}

async function measureLoad({ web, reference, proxy, options, pages }) {
  const results = [];
  for (const page of PAGES) {
    if (!pages[page].ok) {
      log(`load ${page}: skipped, the page answers ${pages[page].status}`);
      results.push({ page, failed: `answers ${pages[page].status}`, ratioMet: false, p99Met: false, clean: false, contentCalls: null });
      continue;
    }
    log(`load ${page}: ${options.connections} connections, ${options.warmup} s warm-up, ${options.duration} s per server in ${options.rounds} rounds ...`);
    proxy.phase(`load ${page}`);
    const measured = await measurePage({ path: page, nextUrl: web.url, staticUrl: reference.url, options });
    const contentCalls = proxy.count(`load ${page}`);
    const ratio = measured.next.rps / measured.static.rps;
    results.push({
      page,
      ...measured,
      ratio,
      contentCalls,
      contentCallsPerView: contentCalls / measured.nextPageViews,
      contentCallSamples: proxy.samples(`load ${page}`),
      ratioMet: ratio >= TARGETS.minRpsRatio,
      p99Met: measured.next.p99 <= TARGETS.maxP99Ms,
      clean: measured.next.non2xx + measured.next.errors + measured.static.non2xx + measured.static.errors === 0,
    });
  }
  proxy.phase('after load');
  return results;
}

async function measureJs(web, pages) {
  const results = [];
  for (const page of LIGHTHOUSE_PAGES) {
    const measured = await measureFirstLoadJs(`${web.url}${page}`, pages[page].body);
    results.push({ page, ...measured, met: measured.gzipKb <= TARGETS.maxFirstLoadJsKb });
  }
  return results;
}

/** Lighthouse on each page; the full report of the kept run goes to bench/results/ for the engineers. */
async function measureLighthouse(web, options) {
  const chrome = track('chromium', await startChrome());
  const acceptLanguage = options.lighthouseLanguage === 'browser' ? undefined : options.lighthouseLanguage;
  const results = [];
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      log(`lighthouse ${page} (${options.lighthouseRuns} run${options.lighthouseRuns > 1 ? 's' : ''}, Accept-Language ${acceptLanguage ?? "of the browser"}) ...`);
      const { lhr, ...audited } = await auditPage(`${web.url}${page}`, { chromePort: chrome.port, runs: options.lighthouseRuns, acceptLanguage });
      const report = join(RESULTS_DIR, `lighthouse${page === '/' ? '-home' : page.replaceAll('/', '-')}.json`);
      writeFileSync(report, JSON.stringify(lhr));
      const met = Object.entries(TARGETS.lighthouse).every(([category, target]) => audited.scores[category] >= target);
      results.push({ page, ...audited, report: relative(root, report), met });
    }
  } finally {
    await chrome.stop();
  }
  return results;
}

/**
 * Stops the content service, then requests every page twice; then expires the fleet's cache tag through the
 * webhook (as an edit in the content service would) and requests /flota again: the last good page must keep serving.
 */
async function checkContentServiceDown({ web, content, proxy, env }) {
  log('stopping the content service: error lines of the storefront below are expected (background regeneration fails)');
  await content.stop();
  proxy.phase('content service down');
  const requests = [];
  for (const path of PAGES) {
    for (let i = 0; i < 2; i++) {
      const answer = await httpGet(`${web.url}${path}`);
      requests.push({ path, status: answer.status, cache: answer.headers['x-nextjs-cache'] ?? null });
    }
  }
  proxy.phase('webhook while down');
  const webhook = await httpPostJson(`${web.url}/api/revalidate`, { collection: 'flota' }, { 'x-revalidate-secret': env.REVALIDATE_SECRET });
  const afterRevalidation = [];
  for (let i = 0; i < 3; i++) {
    const answer = await httpGet(`${web.url}/flota`);
    afterRevalidation.push({ path: '/flota', status: answer.status, cache: answer.headers['x-nextjs-cache'] ?? null });
    await new Promise((resolve) => setTimeout(resolve, 1000)); // let the background regeneration attempt finish
  }
  const all = [...requests, ...afterRevalidation];
  return {
    requests,
    webhook: { status: webhook.status, body: webhook.body.slice(0, 200) },
    afterRevalidation,
    // Before the webhook nothing may be read; after it, Next tries to regenerate in the background (and fails).
    contentCallAttempts: proxy.count('content service down'),
    contentCallAttemptsAfterWebhook: proxy.count('webhook while down'),
    met: all.every((r) => r.status === 200),
  };
}

function printResults(results) {
  const { load, firstLoadJs, lighthouse, contentDown, warmUp } = results;
  log();
  log(`content-service calls while warming (first renders): ${warmUp.contentCalls}`);
  log();
  console.log(loadTable(load));
  for (const r of load.filter((row) => row.contentCalls > 0)) log(`  ${r.page}: content calls during load, e.g. ${r.contentCallSamples.join(', ')}`);
  for (const r of load.filter((row) => !row.clean && !row.failed)) log(`  ${r.page}: non-2xx or errors during load, see latest.json`);
  log();
  log(`first-load JS (gzip level ${GZIP_LEVEL}, KB = 1024 bytes):`);
  console.log(firstLoadTable(firstLoadJs));
  for (const r of firstLoadJs) {
    console.log(`${r.page}:`);
    console.log(chunkTable(r.chunks));
    for (const c of r.notCounted) console.log(`  not counted (${c.why}): ${c.file} ${fmt.kb(c.gzip / 1024)} KB gzip`);
    if (r.crossOrigin.length) console.log(`  cross-origin scripts (not counted): ${r.crossOrigin.join(', ')}`);
  }
  if (!lighthouse) log('Lighthouse: skipped (--skip-lighthouse)');
  if (lighthouse) {
    log();
    log('Lighthouse mobile (median-performance run):');
    console.log(lighthouseTable(lighthouse));
    for (const r of lighthouse) {
      if (r.warnings.length) log(`  ${r.page}: ${r.warnings.join(' ')}`);
      failingAuditLines(r).forEach((line) => console.log(line));
    }
    log(`  full reports: ${lighthouse.map((r) => r.report).join(', ')}`);
    const { count, samples } = results.lighthouseContentCalls;
    log(`  content-service calls during Lighthouse (prefetched pages never rendered before): ${count}${count ? `, e.g. ${samples.join(', ')}` : ''}`);
  }
  log();
  log(`content service down: ${contentDown.requests.map((r) => `${r.path} ${r.status}`).join(', ')}`);
  log(`  after the webhook expired the fleet tag (${contentDown.webhook.status}): ${contentDown.afterRevalidation.map((r) => `/flota ${r.status} ${r.cache ?? ''}`).join(', ')}`);
  log(`  content-service calls attempted while down: ${contentDown.contentCallAttempts} before the webhook, ${contentDown.contentCallAttemptsAfterWebhook} after it (background regeneration)`);
}

/** Every check with its outcome; `target: false` marks a check the issue does not set (same criteria, for information). */
function verdicts({ load, firstLoadJs, lighthouse, contentDown }) {
  const lines = [];
  for (const r of load) {
    if (r.failed) {
      lines.push([`${r.page} serves 200 (it ${r.failed})`, false]);
      continue;
    }
    const target = r.page === TARGETS.loadPage;
    lines.push([`${r.page} rps ratio ${fmt.pct(r.ratio)} >= ${fmt.pct(TARGETS.minRpsRatio)}`, r.ratioMet, target]);
    lines.push([`${r.page} p99 ${fmt.ms(r.next.p99)} ms <= ${TARGETS.maxP99Ms} ms at ${r.next.connections} connections`, r.p99Met, target]);
    lines.push([`${r.page} 0 content-service calls per page view (${r.contentCalls})`, r.contentCalls === 0]);
    lines.push([`${r.page} no non-2xx or errors under load`, r.clean]);
  }
  for (const r of firstLoadJs) lines.push([`${r.page} first-load JS ${fmt.kb(r.gzipKb)} KB <= ${TARGETS.maxFirstLoadJsKb} KB`, r.met]);
  for (const r of lighthouse ?? []) {
    for (const [category, target] of Object.entries(TARGETS.lighthouse)) lines.push([`${r.page} Lighthouse ${category} ${r.scores[category]} >= ${target}`, r.scores[category] >= target]);
  }
  lines.push(['pages keep serving with the content service down, also after a webhook', contentDown.met]);
  lines.push([`no content-service call for cached pages while it is down (${contentDown.contentCallAttempts})`, contentDown.contentCallAttempts === 0]);
  return lines.map(([label, ok, target = true]) => ({ label, ok, target }));
}

/** A fresh database has new ids (asset URLs included): nothing cached by an earlier run may be served. */
function forgetEarlierRuns() {
  clearWebContentCache({ root, distDir: DIST_DIR });
}

async function main() {
  const options = readOptions();
  if (options.help) return console.log(usage());
  const startedAt = new Date();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const { env: projectEnv } = loadProjectEnv(root);
  const tmpDir = mkdtempSync(join(tmpdir(), 'rentacar-bench-'));
  if (!options.keepDb) running.push({ name: 'temporary data', stop: async () => rmSync(tmpDir, { recursive: true, force: true }) });
  const env = benchEnv(projectEnv, tmpDir);
  log(`temporary data in ${tmpDir}; options ${JSON.stringify(options)}`);

  buildWeb({ root, env, distDir: DIST_DIR, log });
  forgetEarlierRuns();

  const content = track('content service', await startContentService({ env, log }));
  const proxy = track('counting proxy', await startCountingProxy({ host: HOST, port: PORTS.contentProxy, target: content.url }));
  const web = track('storefront', await startWeb({ root, env, distDir: DIST_DIR, log, quiet: true }));

  proxy.phase('warm-up');
  const pages = await warmPages(web.url);
  const warmUp = {
    contentCalls: proxy.count('warm-up'),
    pages: Object.fromEntries(Object.entries(pages).map(([path, p]) => [path, { status: p.status, firstCache: p.firstCache, htmlBytes: p.body.length }])),
  };
  // The reference serves byte for byte the HTML the storefront answered (pages that failed are not measured).
  const served = Object.fromEntries(Object.entries(pages).filter(([, p]) => p.ok).map(([path, p]) => [path, p.body]));
  const reference = track('static server', await startStaticServer({ pages: served, host: HOST, port: PORTS.static, tmpDir }));

  const load = await measureLoad({ web, reference, proxy, options, pages });
  const firstLoadJs = await measureJs(web, pages);
  proxy.phase('lighthouse');
  const lighthouse = options.skipLighthouse ? null : await measureLighthouse(web, options);
  // Lighthouse's browser follows links' prefetches (e.g. /flota?tipo=suv), pages never rendered before: not page views
  // of a warmed page, so calls here are expected and only reported.
  const lighthouseContentCalls = { count: proxy.count('lighthouse'), samples: proxy.samples('lighthouse') };
  const contentDown = await checkContentServiceDown({ web, content, proxy, env });

  const results = { startedAt, machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version }, options, targets: TARGETS, warmUp, load, firstLoadJs, lighthouse, lighthouseContentCalls, contentDown, contentCallsByPhase: proxy.all() };
  results.verdicts = verdicts(results);
  printResults(results);

  log();
  log('summary:');
  for (const v of results.verdicts) log(`  ${(v.target ? (v.ok ? 'met' : 'MISSED') : v.ok ? '(ok)' : '(below)').padEnd(7)}  ${v.label}${v.target ? '' : `  [information: the issue sets this target on ${TARGETS.loadPage}]`}`);
  writeFileSync(join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  log('results written to bench/results/latest.json');
}

try {
  await main();
} catch (error) {
  console.error(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
