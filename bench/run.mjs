#!/usr/bin/env node
// `npm run bench`: serves `/`, `/flota` and an info page from a production build and prints, measured in one run,
// requests/s and p99 beside a plain static server answering the same HTML, the first-load JavaScript, Lighthouse
// mobile scores, the content-service calls per page view at steady state, and whether the pages keep serving with
// the content service down. Then the booking figures: POST /api/quote under load, the fleet for given dates beside
// the plain fleet, and the booking steps' first-load JS and Lighthouse scores (with a renter's draft cookie).
// Figures go to the terminal and to bench/results/latest.json. See bench/README.md.
// `--cluster` runs the cluster figures instead (bench/cluster.mjs): nginx's cache, two instances and one, the quote.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProjectEnv } from '../scripts/lib/env-file.mjs';
import { buildWeb, clearWebContentCache, startWeb } from '../scripts/lib/web-server.mjs';
import { startContentService } from '../scripts/lib/content-service.mjs';
import { BOOKING_LIGHTHOUSE_PAGE, DIST_DIR, HOST, LIGHTHOUSE_PAGES, PAGES, PORTS, TARGETS, readOptions, usage } from './lib/options.mjs';
import { benchEnv } from './lib/stack.mjs';
import { startCountingProxy } from '../scripts/lib/counting-proxy.mjs';
import { startStaticServer } from './lib/static-server.mjs';
import { httpGet, httpPostJson } from './lib/http-get.mjs';
import { measureAlternating, measurePage } from './lib/load.mjs';
import { GZIP_LEVEL, measureFirstLoadJs } from './lib/first-load-js.mjs';
import { auditPage, startChrome } from './lib/lighthouse.mjs';
import { bookingLoadTable, chunkTable, failingAuditLines, firstLoadTable, fmt, lighthouseTable, loadTable } from './lib/report.mjs';
import { checkBookingSteps, createDraft, datedFleetPath, findBookingFixture } from './lib/booking.mjs';
import { runClusterBench } from './cluster.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');
const log = (line = '') => console.log(`[bench] ${line}`);
const RESULTS_DIR = join(here, 'results'); // gitignored
const WARM_REQUESTS = 3; // the first renders and caches the page; the next ones must be cache hits

// Everything started, newest last; stopped in reverse order on success, failure and Ctrl-C alike (and the
// single-machine stack before the cluster starts).
const running = [];

async function stopAll() {
  while (running.length > 0) {
    const { name, stop } = running.pop();
    try {
      await stop();
    } catch (error) {
      console.error(`[bench] could not stop ${name}: ${error.message}`);
    }
  }
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
    // The Lighthouse pages are the unprefixed addresses, not among the pages measured under load: fetched here then.
    const html = pages[page]?.body ?? (await httpGet(`${web.url}${page}`)).body;
    const measured = await measureFirstLoadJs(`${web.url}${page}`, html);
    results.push({ page, ...measured, met: measured.gzipKb <= TARGETS.maxFirstLoadJsKb });
  }
  return results;
}

/**
 * Lighthouse on each page; the full report of the kept run goes to bench/results/ for the engineers. Then, when
 * `bookingCookie` is given, the first booking step with the renter's draft cookie (its own proxy phase: every view of
 * a step reads the draft from the content service, which is not a page view of a cached page).
 */
async function measureLighthouse({ web, options, proxy, bookingCookie }) {
  const chrome = track('chromium', await startChrome());
  const acceptLanguage = options.lighthouseLanguage === 'browser' ? undefined : options.lighthouseLanguage;
  const results = [];
  let booking = null;
  try {
    for (const page of LIGHTHOUSE_PAGES) {
      log(`lighthouse ${page} (${options.lighthouseRuns} run${options.lighthouseRuns > 1 ? 's' : ''}, Accept-Language ${acceptLanguage ?? "of the browser"}) ...`);
      const { lhr, ...audited } = await auditPage(`${web.url}${page}`, { chromePort: chrome.port, runs: options.lighthouseRuns, acceptLanguage });
      const report = join(RESULTS_DIR, `lighthouse${page === '/' ? '-home' : page.replaceAll('/', '-')}.json`);
      writeFileSync(report, JSON.stringify(lhr));
      const met = Object.entries(TARGETS.lighthouse).every(([category, target]) => audited.scores[category] >= target);
      results.push({ page, ...audited, report: relative(root, report), met });
    }
    if (bookingCookie) {
      proxy.phase('lighthouse booking');
      // A failed audit of the booking step is reported with the other booking figures, not thrown: the pages' audits
      // and the content-service-down check still count.
      booking = await auditBookingStep({ web, chrome, options, acceptLanguage, cookie: bookingCookie }).catch((error) => ({ page: BOOKING_LIGHTHOUSE_PAGE, failed: error.message }));
    }
  } finally {
    await chrome.stop();
  }
  return { pages: results, booking };
}

async function auditBookingStep({ web, chrome, options, acceptLanguage, cookie }) {
  const page = BOOKING_LIGHTHOUSE_PAGE;
  log(`lighthouse ${page} with the draft cookie (${options.lighthouseRuns} run${options.lighthouseRuns > 1 ? 's' : ''}, Accept-Language ${acceptLanguage ?? 'of the browser'}) ...`);
  const { lhr, ...audited } = await auditPage(`${web.url}${page}`, { chromePort: chrome.port, runs: options.lighthouseRuns, acceptLanguage, cookie });
  const report = join(RESULTS_DIR, `lighthouse${page.replace(/[^a-z0-9]+/gi, '-')}.json`);
  writeFileSync(report, JSON.stringify(lhr));
  const met = Object.entries(TARGETS.booking.lighthouse).every(([category, target]) => audited.scores[category] >= target);
  return { page, ...audited, report: relative(root, report), met };
}

/**
 * Ids, a quote answering 200, the renter's draft and its cookie, each step checked (200 with the cookie, 404
 * without), and the fleet for the dates warmed. Throws when something the figures need is missing.
 */
async function setUpBooking({ web, content, env }) {
  const fixture = await findBookingFixture({ webUrl: web.url, contentUrl: content.url });
  const { quoteBody, quote, refused } = fixture;
  log(`booking: car ${fixture.car.id} (${fixture.car.marca} ${fixture.car.modelo}), ${fixture.branch.code} = branch ${fixture.branch.id}, coverage ${fixture.coverage.id} (${fixture.coverage.code}), ${quoteBody.pickup_date} to ${quoteBody.return_date}, era`);
  log(`  POST /api/quote: 200, ${quote.days} days, total ${quote.totals.total} cents${refused.length ? `; refused before: ${refused.map((r) => `${r.status} (car ${r.car}, ${r.pickupDate})`).join(', ')}` : ''}`);
  const draft = await createDraft({ contentUrl: content.url, env, fixture });
  log(`  draft ${draft.id} saved through POST /booking/drafts; cookie reservation_draft=<reference>.<HMAC of SESSION_SECRET>`);
  const steps = await checkBookingSteps(web.url, draft.cookie);
  for (const s of steps) log(`  ${s.page}: ${s.status} with the cookie${s.location ? ` (to ${s.location})` : ''}, ${s.statusWithoutCookie} without${s.ok ? '' : '  <- expected 200 and 404'}`);
  const datedPath = datedFleetPath(fixture);
  const answers = [];
  for (let i = 0; i < WARM_REQUESTS; i++) answers.push(await httpGet(`${web.url}${datedPath}`));
  const dated = { path: datedPath, status: answers.at(-1).status, ok: answers.at(-1).status === 200, htmlBytes: answers.at(-1).body.length };
  log(`  ${datedPath}: ${answers.map((a) => a.status).join('/')}, cache-control "${answers.at(-1).headers['cache-control'] ?? '-'}", ${fmt.kb(dated.htmlBytes / 1024)} KB HTML`);
  return { fixture, draft, steps, dated };
}

/**
 * POST /api/quote under load, beside a plain Node server answering the same JSON to the same POST (ABBA). Its answers
 * are per request (no-store), computed from cached content reads.
 */
async function measureQuote({ web, proxy, options, quoteBody, tmpDir }) {
  const request = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(quoteBody) };
  const answer = await fetch(`${web.url}/api/quote`, { method: 'POST', headers: request.headers, body: request.body });
  const reference = track('plain JSON server', await startStaticServer({ json: { '/api/quote': await answer.text() }, host: HOST, port: PORTS.staticJson, tmpDir }));
  log(`load POST /api/quote beside a plain server answering its JSON: ${options.quoteConnections} connections, ${options.warmup} s warm-up, ${options.duration} s each in ${options.rounds} rounds ...`);
  const measured = await measureAlternating({
    targets: { quote: { url: `${web.url}/api/quote`, request }, plain: { url: `${reference.url}/api/quote`, request } },
    options,
    connections: options.quoteConnections,
    beforeRun: (name) => proxy.phase(name === 'quote' ? 'booking quote' : 'booking quote reference'),
  });
  const quote = measured.quote;
  const contentCalls = proxy.count('booking quote');
  const ratio = quote.rps / measured.plain.rps;
  return {
    ...quote,
    views: measured.views.quote,
    plain: measured.plain,
    ratio,
    ratioMet: ratio >= TARGETS.booking.minQuoteRatio,
    contentCalls,
    contentCallsPerView: contentCalls / measured.views.quote,
    contentCallSamples: proxy.samples('booking quote'),
    p99Met: quote.p99 <= TARGETS.booking.maxQuoteP99Ms,
    clean: quote.non2xx + quote.errors + measured.plain.non2xx + measured.plain.errors === 0,
  };
}

/**
 * The fleet for given dates (a per-request page) beside the plain /flota (a cached page), alternating ABBA with the
 * page loads' settings. Each side has its own proxy phase, so the dated page's stock reads (30-second cache) are
 * counted per its own views; a background refresh the dated page started may still land in the plain side's count.
 */
async function measureDatedFleet({ web, proxy, options, path }) {
  log(`load ${path} beside /flota: ${options.connections} connections, ${options.warmup} s warm-up, ${options.duration} s per page in ${options.rounds} rounds ...`);
  const phases = { dated: 'booking /flota for dates', plain: 'booking /flota plain' };
  const measured = await measureAlternating({ targets: { dated: `${web.url}${path}`, plain: `${web.url}/flota` }, options, beforeRun: (name) => proxy.phase(phases[name]) });
  proxy.phase('after booking load');
  const side = (name) => {
    const contentCalls = proxy.count(phases[name]);
    return { ...measured[name], views: measured.views[name], contentCalls, contentCallsPerView: contentCalls / measured.views[name], contentCallSamples: proxy.samples(phases[name]) };
  };
  const dated = side('dated');
  const plain = side('plain');
  const ratio = dated.rps / plain.rps;
  return { path, dated, plain, ratio, ratioMet: ratio >= TARGETS.booking.minDatedFleetRatio, clean: dated.non2xx + dated.errors + plain.non2xx + plain.errors === 0 };
}

async function measureBookingJs(web, steps) {
  const results = [];
  for (const step of steps.filter((s) => s.ok)) {
    const measured = await measureFirstLoadJs(`${web.url}${step.page}`, step.body);
    results.push({ page: step.page, ...measured, met: measured.gzipKb <= TARGETS.booking.maxFirstLoadJsKb });
  }
  return results;
}

/** The booking figures but Lighthouse (measured with the other pages' audits). A failed set-up is reported, not thrown. */
async function measureBooking({ web, content, proxy, env, options, tmpDir }) {
  proxy.phase('booking set-up');
  let setUp;
  try {
    setUp = await setUpBooking({ web, content, env });
  } catch (error) {
    log(`booking: set-up failed, no booking figures: ${error.message}`);
    return { failed: error.message };
  }
  const { fixture, draft, steps, dated } = setUp;
  const setUpContentCalls = proxy.count('booking set-up');
  const quote = await measureQuote({ web, proxy, options, quoteBody: fixture.quoteBody, tmpDir });
  const datedFleet = dated.ok ? await measureDatedFleet({ web, proxy, options, path: dated.path }) : null;
  const firstLoadJs = await measureBookingJs(web, steps);
  return {
    fixture: { branch: fixture.branch, car: fixture.car, coverage: fixture.coverage, pickupDate: fixture.pickupDate, returnDate: fixture.returnDate, quoteBody: fixture.quoteBody, quoteTotal: fixture.quote.totals.total, refused: fixture.refused },
    draft: { id: draft.id },
    cookie: draft.cookie, // for Lighthouse; left out of latest.json
    steps: steps.map(({ body, ...step }) => ({ ...step, htmlBytes: body.length })),
    setUpContentCalls,
    dated,
    quote,
    datedFleet,
    firstLoadJs,
  };
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
  const webhook = await httpPostJson(`${web.url}/api/content-callbacks/revalidate`, { collection: 'flota' }, { 'x-callback-secret': env.REVALIDATE_SECRET });
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
  if (results.booking) printBooking(results.booking, results.options);
}

function printBooking(booking, options) {
  log();
  if (booking.failed) return log(`booking: not measured, the set-up failed: ${booking.failed}`);
  const { fixture, quote, datedFleet, firstLoadJs, lighthouse } = booking;
  log(`booking (car ${fixture.car.id} at ${fixture.branch.code}, ${fixture.pickupDate} 10:00 to ${fixture.returnDate} 10:00; the steps with a draft cookie):`);
  console.log(bookingLoadTable({ quote, datedFleet }));
  if (!datedFleet) log(`  ${booking.dated.path}: not measured, it answers ${booking.dated.status}`);
  for (const [name, r] of [['POST /api/quote', quote], ['/flota for dates', datedFleet?.dated], ['/flota plain', datedFleet?.plain]]) {
    if (r?.contentCalls) log(`  ${name}: content calls during load, e.g. ${r.contentCallSamples.join(', ')}`);
    if (r && r.non2xx + r.errors > 0) log(`  ${name}: ${r.non2xx} non-2xx, ${r.errors} errors/timeouts during load`);
  }
  log(`  content-service calls of the set-up (first quotes, draft checks, first dated renders): ${booking.setUpContentCalls}`);
  log();
  log(`first-load JS of the booking steps (gzip level ${GZIP_LEVEL}, with the draft cookie):`);
  console.log(firstLoadTable(firstLoadJs, TARGETS.booking.maxFirstLoadJsKb));
  // The steps share one layout, so their scripts mostly coincide: the first step over budget is listed in full,
  // the others by the scripts it does not have.
  const [first, ...others] = firstLoadJs.filter((row) => !row.met);
  if (first) {
    const shown = new Set(first.chunks.map((c) => c.file));
    console.log(`${first.page} (over the budget; shared chunks of / and /flota included):`);
    console.log(chunkTable(first.chunks));
    for (const r of others) {
      const own = r.chunks.filter((c) => !shown.has(c.file));
      console.log(`${r.page}: ${own.length ? `the scripts of ${first.page} but ${first.chunks.filter((c) => !r.chunks.some((o) => o.file === c.file)).map((c) => c.file).join(', ') || 'none'}, plus:` : `the same scripts as ${first.page}`}`);
      if (own.length) console.log(chunkTable(own));
    }
  }
  if (!lighthouse) return log(`Lighthouse of ${BOOKING_LIGHTHOUSE_PAGE}: ${options.skipLighthouse ? 'skipped (--skip-lighthouse)' : 'not run (the step does not answer 200 with the cookie)'}`);
  log();
  if (lighthouse.failed) return log(`Lighthouse of ${lighthouse.page} with the draft cookie failed: ${lighthouse.failed}`);
  log(`Lighthouse mobile of the first booking step, with the draft cookie (median-performance run):`);
  console.log(lighthouseTable([lighthouse], TARGETS.booking.lighthouse));
  if (lighthouse.warnings.length) log(`  ${lighthouse.page}: ${lighthouse.warnings.join(' ')}`);
  failingAuditLines(lighthouse, TARGETS.booking.lighthouse).forEach((line) => console.log(line));
  log(`  full report: ${lighthouse.report}`);
  log(`  content-service calls during its Lighthouse runs (each view reads the draft): ${booking.lighthouseContentCalls}`);
}

/**
 * Every check with its outcome; `target: false` marks a check the issue does not set (same criteria, for
 * information), and its fourth element says why it is printed.
 */
function verdicts({ load, firstLoadJs, lighthouse, contentDown, booking }) {
  const lines = [];
  for (const r of load) {
    if (r.failed) {
      lines.push([`${r.page} serves 200 (it ${r.failed})`, false]);
      continue;
    }
    const target = TARGETS.loadPages.includes(r.page);
    const note = `the issue sets this target on ${TARGETS.loadPages.join(' and ')}`;
    lines.push([`${r.page} rps ratio ${fmt.pct(r.ratio)} >= ${fmt.pct(TARGETS.minRpsRatio)}`, r.ratioMet, target, note]);
    lines.push([`${r.page} p99 ${fmt.ms(r.next.p99)} ms <= ${TARGETS.maxP99Ms} ms at ${r.next.connections} connections`, r.p99Met, target, note]);
    lines.push([`${r.page} 0 content-service calls per page view (${r.contentCalls})`, r.contentCalls === 0]);
    lines.push([`${r.page} no non-2xx or errors under load`, r.clean]);
  }
  for (const r of firstLoadJs) lines.push([`${r.page} first-load JS ${fmt.kb(r.gzipKb)} KB <= ${TARGETS.maxFirstLoadJsKb} KB`, r.met]);
  for (const r of lighthouse ?? []) {
    for (const [category, target] of Object.entries(TARGETS.lighthouse)) lines.push([`${r.page} Lighthouse ${category} ${r.scores[category]} >= ${target}`, r.scores[category] >= target]);
  }
  lines.push(['pages keep serving with the content service down, also after a webhook', contentDown.met]);
  lines.push([`no content-service call for cached pages while it is down (${contentDown.contentCallAttempts})`, contentDown.contentCallAttempts === 0]);
  if (booking) lines.push(...bookingVerdicts(booking));
  return lines.map(([label, ok, target = true, note]) => ({ label, ok, target, ...(note && { note }) }));
}

function bookingVerdicts(booking) {
  const { booking: targets } = TARGETS;
  if (booking.failed) return [[`booking figures measured (the set-up failed: ${booking.failed})`, false]];
  const { quote, datedFleet, dated, steps, firstLoadJs, lighthouse } = booking;
  const lines = [];
  lines.push([`POST /api/quote rps ${fmt.int(quote.rps)} = ${fmt.pct(quote.ratio)} of a plain server answering its JSON (${fmt.int(quote.plain.rps)}) >= ${fmt.pct(targets.minQuoteRatio)}`, quote.ratioMet]);
  lines.push([`POST /api/quote p99 ${fmt.ms(quote.p99)} ms <= ${targets.maxQuoteP99Ms} ms at ${quote.connections} connections`, quote.p99Met]);
  lines.push([`POST /api/quote no non-2xx or errors under load (${quote.non2xx}/${quote.errors})`, quote.clean]);
  lines.push([`POST /api/quote 0 content-service calls per quote (${quote.contentCalls} / ${fmt.int(quote.views)})`, quote.contentCalls === 0, false, 'expected at steady state, not a target of the issue']);
  if (!datedFleet) lines.push([`${dated.path} serves 200 (it answers ${dated.status})`, false]);
  if (datedFleet) {
    lines.push([`/flota for dates rps ${fmt.int(datedFleet.dated.rps)} = ${fmt.pct(datedFleet.ratio)} of the plain /flota's ${fmt.int(datedFleet.plain.rps)} >= ${fmt.pct(targets.minDatedFleetRatio)}`, datedFleet.ratioMet]);
    lines.push([`/flota for dates and plain no non-2xx or errors under load`, datedFleet.clean]);
  }
  for (const s of steps) lines.push([`${s.page} answers 200 with the draft cookie, 404 without (${s.status}/${s.statusWithoutCookie})`, s.ok]);
  for (const r of firstLoadJs) lines.push([`${r.page} first-load JS ${fmt.kb(r.gzipKb)} KB <= ${targets.maxFirstLoadJsKb} KB`, r.met]);
  if (lighthouse?.failed) lines.push([`${lighthouse.page} Lighthouse with the draft cookie (it failed: ${lighthouse.failed})`, false]);
  for (const [category, target] of Object.entries(lighthouse && !lighthouse.failed ? targets.lighthouse : {})) {
    lines.push([`${lighthouse.page} Lighthouse ${category} ${lighthouse.scores[category]} >= ${target} (with the draft cookie)`, lighthouse.scores[category] >= target]);
  }
  return lines;
}

/** A fresh database has new ids (asset URLs included): nothing cached by an earlier run may be served. */
function forgetEarlierRuns() {
  clearWebContentCache({ root, distDir: DIST_DIR });
}

async function main() {
  const options = readOptions();
  if (options.help) return console.log(usage());
  const trackCluster = (name, stop) => running.push({ name, stop });
  if (options.cluster) return runClusterBench({ options, root, log, resultsDir: RESULTS_DIR, track: trackCluster });
  const startedAt = new Date();
  mkdirSync(RESULTS_DIR, { recursive: true });
  const { env: projectEnv } = loadProjectEnv(root);
  const tmpDir = mkdtempSync(join(tmpdir(), 'rentacar-bench-'));
  if (!options.keepDb) running.push({ name: 'temporary data', stop: async () => rmSync(tmpDir, { recursive: true, force: true }) });
  const env = benchEnv(projectEnv, tmpDir);
  log(`temporary data in ${tmpDir}; options ${JSON.stringify(options)}`);

  await buildWeb({ root, env, distDir: DIST_DIR, log });
  forgetEarlierRuns();

  const content = track('content service', await startContentService({ env, log }));
  const proxy = track('counting proxy', await startCountingProxy({ host: HOST, port: PORTS.contentProxy, target: content.url }));
  const web = track('storefront', await startWeb({ root, env, distDir: DIST_DIR, log, quiet: true }));
  // The payment reconciler's start-up pass (5 s after start: open payments, then lapsed holds) is not a page view's
  // call: measured after it, so "content calls per page view" counts the pages alone.
  const reconciled = await proxy.waitFor(/^POST \/booking\/holds\/expire/, 30_000);
  log(reconciled ? 'storefront: the payment reconciler made its start-up pass' : 'storefront: no payment reconciler pass seen in 30 s (no gateway configured?)');

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
  const booking = options.skipBooking ? null : await measureBooking({ web, content, proxy, env, options, tmpDir });
  const firstLoadJs = await measureJs(web, pages);
  proxy.phase('lighthouse');
  const bookingCookie = booking?.steps?.find((s) => s.page === BOOKING_LIGHTHOUSE_PAGE)?.ok ? booking.cookie : undefined;
  const audits = options.skipLighthouse ? null : await measureLighthouse({ web, options, proxy, bookingCookie });
  const lighthouse = audits?.pages ?? null;
  // Lighthouse's browser follows links' prefetches (e.g. /flota?tipo=suv), pages never rendered before: not page views
  // of a warmed page, so calls here are expected and only reported.
  const lighthouseContentCalls = { count: proxy.count('lighthouse'), samples: proxy.samples('lighthouse') };
  if (booking && !booking.failed) {
    booking.lighthouse = audits?.booking ?? null;
    booking.lighthouseContentCalls = proxy.count('lighthouse booking');
    delete booking.cookie;
  }
  const contentDown = await checkContentServiceDown({ web, content, proxy, env });

  const results = { startedAt, machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version }, options, targets: TARGETS, warmUp, load, firstLoadJs, lighthouse, lighthouseContentCalls, contentDown, booking, contentCallsByPhase: proxy.all() };
  results.verdicts = verdicts(results);
  printResults(results);

  log();
  log('summary:');
  for (const v of results.verdicts) log(`  ${(v.target ? (v.ok ? 'met' : 'MISSED') : v.ok ? '(ok)' : '(below)').padEnd(7)}  ${v.label}${v.target ? '' : `  [information: ${v.note}]`}`);
  writeFileSync(join(RESULTS_DIR, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  log('results written to bench/results/latest.json');
  if (options.skipCluster) return;

  // The cluster's figures in the same run, once this stack is stopped (the machine's cores are not shared with it).
  await stopAll();
  log();
  const cluster = await runClusterBench({ options, root, log, resultsDir: RESULTS_DIR, track: trackCluster });
  log();
  log(`every target of this run (${startedAt.toISOString()}; single machine, then the cluster; each ratio against its plain server in the same rounds):`);
  for (const v of [...results.verdicts, ...cluster.verdicts].filter((verdict) => verdict.target)) log(`  ${(v.ok ? 'met' : 'MISSED').padEnd(7)}  ${v.label}`);
}

try {
  await main();
} catch (error) {
  console.error(`[bench] failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  process.exitCode = 1;
} finally {
  await stopAll();
}
