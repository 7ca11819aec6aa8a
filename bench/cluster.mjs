// The cluster's figures of `npm run bench` (after the single machine's; `--cluster` alone): the cluster of
// `npm run cluster` (scripts/lib/cluster.mjs: PostgreSQL, Redis, the content service, the payment sandbox, two
// storefront instances and nginx in front) started on free ports in a temporary folder, and, measured in one run and
// beside each other:
//   1. the plain static server answering a saved copy of /es/flota (the single-machine bench's reference);
//   2. /es/flota through nginx for a first visit (no cookie) and for a returning visitor (cookie i18n_redirected=es),
//      each as browsers ask (Accept-Encoding with gzip: Chromium's for first visits, an older Firefox's for returning
//      visitors) against the plain server answering the same compressed bytes, and without Accept-Encoding against it
//      answering the same HTML; X-Cache-Status and Content-Encoding counted on every response;
//   3. /es/flota on one instance alone (its page cache in Redis), for what nginx saves;
//   4. POST /api/quote through nginx at the quote's connections (20), beside the same on one instance alone.
// Every response's status is counted in each load. Figures go to the terminal and to bench/results/cluster-latest.json.
// See bench/README.md, "Cluster (issue 10)".
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { loadProjectEnv } from '../scripts/lib/env-file.mjs';
import { startCluster, temporaryCluster } from '../scripts/lib/cluster.mjs';
import { freePort } from '../scripts/lib/processes.mjs';
import { DIST_DIR, HOST, TARGETS } from './lib/options.mjs';
import { startStaticServer } from './lib/static-server.mjs';
import { httpGet } from './lib/http-get.mjs';
import { measureAlternating } from './lib/load.mjs';
import { findBookingFixture } from './lib/booking.mjs';
import { clusterLoadTable, countsLine, fmt } from './lib/report.mjs';

const WARM_REQUESTS = 3; // on each instance: the first renders the page into Redis, the next ones must be cache hits
const MAX_CACHE_WARM_REQUESTS = 5; // through nginx with the cookie: MISS, then HIT (a few more if the first was a lock wait)
// nginx serves a stored page as HIT; past its s-maxage it answers STALE (the one request that starts the background
// refresh) or UPDATING (the others, while that refresh runs): still from its cache, no instance involved.
const FROM_NGINX_CACHE = ['HIT', 'STALE', 'UPDATING', 'REVALIDATED'];

/** The settings of the single-machine bench that matter here, on the cluster's own layout (ports, PostgreSQL, Redis). */
function clusterBenchEnv(projectEnv) {
  return {
    ...projectEnv,
    BRAND: 'firefly',
    // The payment reconciler's background calls are not what is measured: once a day (as the single-machine bench).
    PAYMENT_RECONCILE_INTERVAL_SECONDS: '86400',
    // The content service's load shedding would answer 503 under the bench's load on 2 cores (as the test harnesses).
    PRESSURE_LIMITER_ENABLED: 'false',
    // As the single-machine bench: the instances' line per request would be read by this process, which runs the load.
    LOG_LEVEL: 'warn',
  };
}

const header = (answer, name) => answer.headers[name] ?? '-';

/**
 * Asks nginx for `page` until it answers from its cache (HIT), at most MAX_CACHE_WARM_REQUESTS times, and logs what
 * each answer was. Throws on a status other than 200, or when no answer was a HIT.
 */
async function warmThroughNginx({ layout, page, headers, label, log }) {
  const answers = [];
  for (let i = 0; i < MAX_CACHE_WARM_REQUESTS; i++) {
    const answer = await httpGet(`${layout.siteUrl}${page}`, { headers });
    answers.push(answer);
    if (answer.status !== 200) throw new Error(`GET ${page} through nginx (${label}) answered ${answer.status}`);
    if (header(answer, 'x-cache-status') === 'HIT') break;
  }
  const last = answers.at(-1);
  log(`warm ${page} through nginx, ${label}: ${answers.map((a) => `${a.status} ${header(a, 'x-cache-status')} (${header(a, 'x-served-by')})`).join(', ')}; content-encoding ${header(last, 'content-encoding')}, vary "${header(last, 'vary')}", cache-control "${header(last, 'cache-control')}", ${fmt.kb(last.bytes.length / 1024)} KB; set-cookie "${String(last.headers['set-cookie'] ?? '-').split(';')[0]}"`);
  if (header(last, 'x-cache-status') !== 'HIT') throw new Error(`nginx did not answer ${page} (${label}) from its cache after ${answers.length} requests (X-Cache-Status ${answers.map((a) => header(a, 'x-cache-status')).join(', ')})`);
  return answers;
}

const warmSummary = (answers) =>
  answers.map((a) => ({ status: a.status, cache: a.headers['x-cache-status'] ?? null, servedBy: a.headers['x-served-by'] ?? null, contentEncoding: a.headers['content-encoding'] ?? null, setCookie: a.headers['set-cookie'] ?? null }));

/**
 * Warms every path the loads take and checks what each answers: through nginx without a cookie (a first visit: MISS,
 * then HIT, no Set-Cookie), through nginx with the cookie (HIT: the same cached copy; the answer the static server then
 * serves byte for byte), the same two as browsers ask (Accept-Encoding with gzip: a HIT answered gzip, whose bytes the
 * static server then serves to requests that accept gzip), and each instance directly (its page cache in Redis: MISS
 * once for the pair, then HIT). Throws when the page does not answer 200, nginx never answers HIT, or a browser's
 * request is not answered gzip: no figure of this run would mean what it says.
 */
async function warmUp({ layout, page, cookie, log }) {
  const { browserAcceptEncoding } = TARGETS.cluster;
  const firstVisits = await warmThroughNginx({ layout, page, headers: {}, label: 'no cookie, no Accept-Encoding (first visits)', log });
  const cached = await warmThroughNginx({ layout, page, headers: { cookie }, label: `cookie ${cookie}, no Accept-Encoding`, log });
  const last = cached.at(-1);
  const gzipFirstVisits = await warmThroughNginx({ layout, page, headers: { 'accept-encoding': browserAcceptEncoding.firstVisits }, label: `no cookie, Accept-Encoding "${browserAcceptEncoding.firstVisits}" (first visits)`, log });
  const gzipCached = await warmThroughNginx({ layout, page, headers: { cookie, 'accept-encoding': browserAcceptEncoding.returning }, label: `cookie ${cookie}, Accept-Encoding "${browserAcceptEncoding.returning}"`, log });
  const gzipLast = gzipCached.at(-1);
  for (const [label, answer] of [['first visit', gzipFirstVisits.at(-1)], ['returning visitor', gzipLast]]) {
    if (header(answer, 'content-encoding') !== 'gzip') throw new Error(`nginx answered ${page} to a browser's ${label} with Content-Encoding ${header(answer, 'content-encoding')}, not gzip`);
  }
  const gzipDecodesToHtml = gunzipSync(gzipLast.bytes).toString('utf8') === last.body;
  log(`  gzip copy: ${gzipLast.bytes.length} bytes for ${last.bytes.length} of HTML (${fmt.pct(gzipLast.bytes.length / last.bytes.length)}); decodes to the uncompressed copy: ${gzipDecodesToHtml ? 'yes' : 'no (another render of the page)'}`);

  const instances = [];
  for (const instance of layout.instances) {
    const answers = [];
    for (let i = 0; i < WARM_REQUESTS; i++) answers.push(await httpGet(`${instance.url}${page}`));
    log(`warm ${page} on ${instance.name} alone: ${answers.map((a) => `${a.status} ${header(a, 'x-nextjs-cache')}`).join(', ')} (X-Served-By ${header(answers.at(-1), 'x-served-by')})`);
    if (answers.some((a) => a.status !== 200)) throw new Error(`GET ${page} on ${instance.name} answered ${answers.map((a) => a.status).join(', ')}`);
    instances.push({ name: instance.name, statuses: answers.map((a) => a.status), cache: answers.map((a) => a.headers['x-nextjs-cache'] ?? null), htmlBytes: answers.at(-1).body.length });
  }
  const sameHtml = instances.every((i) => i.htmlBytes === last.body.length);
  if (!sameHtml) log(`  note: the instances' HTML (${instances.map((i) => i.htmlBytes).join(', ')} bytes) differs in length from nginx's cached copy (${last.body.length})`);
  return {
    html: last.body,
    gzipBytes: gzipLast.bytes,
    summary: {
      throughNginxWithCookie: warmSummary(cached),
      cacheControl: last.headers['cache-control'] ?? null,
      throughNginxWithoutCookie: warmSummary(firstVisits),
      gzipThroughNginxWithoutCookie: warmSummary(gzipFirstVisits),
      gzipThroughNginxWithCookie: warmSummary(gzipCached),
      vary: gzipLast.headers.vary ?? null,
      instances,
      htmlBytes: last.body.length,
      gzipBytes: gzipLast.bytes.length,
      gzipDecodesToHtml,
    },
  };
}

const total = (counts = {}) => Object.values(counts).reduce((sum, n) => sum + n, 0);
const share = (counts = {}, values) => values.reduce((sum, value) => sum + (counts[value] ?? 0), 0) / Math.max(1, total(counts));
const clean = (r) => r.non2xx + r.errors === 0;

/**
 * The page seven ways in the same alternating rounds (ABBA): the static server answering compressed bytes and HTML,
 * nginx for first visits and returning visitors as browsers ask (gzip) and without Accept-Encoding, one instance alone.
 */
async function measurePages({ layout, reference, page, cookie, options, log }) {
  const web1 = layout.instances[0];
  const { browserAcceptEncoding } = TARGETS.cluster;
  const nginxHeaders = ['x-cache-status', 'x-served-by', 'content-encoding'];
  log(`load ${page}: static server (gzip, then uncompressed), nginx for first visits (no cookie) and returning visitors (${cookie}) with Accept-Encoding "${browserAcceptEncoding.firstVisits}" and "${browserAcceptEncoding.returning}", the same without Accept-Encoding, ${web1.name} alone; ${options.connections} connections, ${options.warmup} s warm-up, ${options.duration} s each in ${options.rounds} rounds ...`);
  const measured = await measureAlternating({
    targets: {
      staticGzip: { url: `${reference.url}${page}`, request: { headers: { 'accept-encoding': browserAcceptEncoding.firstVisits } }, countHeaders: ['content-encoding'] },
      gzipFirst: { url: `${layout.siteUrl}${page}`, request: { headers: { 'accept-encoding': browserAcceptEncoding.firstVisits } }, countHeaders: [...nginxHeaders, 'set-cookie'] },
      gzipCache: { url: `${layout.siteUrl}${page}`, request: { headers: { cookie, 'accept-encoding': browserAcceptEncoding.returning } }, countHeaders: nginxHeaders },
      static: { url: `${reference.url}${page}`, countHeaders: ['content-encoding'] },
      first: { url: `${layout.siteUrl}${page}`, countHeaders: [...nginxHeaders, 'set-cookie'] },
      cache: { url: `${layout.siteUrl}${page}`, request: { headers: { cookie } }, countHeaders: nginxHeaders },
      single: { url: `${web1.url}${page}`, countHeaders: ['x-served-by'] },
    },
    options,
  });
  const { static: plain, staticGzip, first, cache, gzipFirst, gzipCache, single } = measured;
  const cacheFigures = (r) => ({
    ...r,
    hitRatio: share(r.headers['x-cache-status'], ['HIT']),
    fromCacheRatio: share(r.headers['x-cache-status'], FROM_NGINX_CACHE),
    gzipRatio: share(r.headers['content-encoding'], ['gzip']),
  });
  const firstVisits = cacheFigures(first);
  const returning = cacheFigures(cache);
  const gzipFirstVisits = cacheFigures(gzipFirst);
  const gzipReturning = cacheFigures(gzipCache);
  const firstVisitRatio = first.rps / plain.rps;
  const cacheRatio = cache.rps / plain.rps;
  const gzipFirstVisitRatio = gzipFirst.rps / staticGzip.rps;
  const gzipCacheRatio = gzipCache.rps / staticGzip.rps;
  const { cluster: targets } = TARGETS;
  return {
    page,
    cookie,
    acceptEncoding: browserAcceptEncoding,
    static: plain,
    staticGzip,
    first: firstVisits,
    cache: returning,
    gzipFirst: gzipFirstVisits,
    gzipCache: gzipReturning,
    single: { ...single, instance: web1.name },
    firstVisitRatio,
    firstVisitRatioMet: firstVisitRatio >= targets.minFirstVisitRatio,
    firstVisitHitMet: firstVisits.hitRatio >= targets.minFirstVisitHitRatio,
    cacheRatio,
    cacheRatioMet: cacheRatio >= targets.minCacheRatio,
    gzipFirstVisitRatio,
    gzipFirstVisitRatioMet: gzipFirstVisitRatio >= targets.minGzipFirstVisitRatio,
    gzipFirstVisitHitMet: gzipFirstVisits.hitRatio >= targets.minGzipHitRatio,
    gzipCacheRatio,
    gzipCacheRatioMet: gzipCacheRatio >= targets.minGzipCacheRatio,
    gzipCacheHitMet: gzipReturning.hitRatio >= targets.minGzipHitRatio,
    views: measured.views,
  };
}

/** POST /api/quote through nginx and on one instance alone, alternating, at the quote's connections. */
async function measureQuotes({ layout, options, log }) {
  const web1 = layout.instances[0];
  const fixture = await findBookingFixture({ webUrl: layout.siteUrl, contentUrl: layout.contentUrl });
  const { quoteBody } = fixture;
  log(`quote: car ${fixture.car.id} (${fixture.car.marca} ${fixture.car.modelo}), ${fixture.branch.code} = branch ${fixture.branch.id}, coverage ${fixture.coverage.id}, ${quoteBody.pickup_date} to ${quoteBody.return_date}: 200 through nginx, total ${fixture.quote.totals.total} cents${fixture.refused.length ? `; refused before: ${fixture.refused.map((r) => `${r.status} (car ${r.car}, ${r.pickupDate})`).join(', ')}` : ''}`);
  log(`load POST /api/quote through nginx and on ${web1.name} alone: ${options.quoteConnections} connections, ${options.warmup} s warm-up, ${options.duration} s each in ${options.rounds} rounds ...`);
  const request = { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(quoteBody) };
  const measured = await measureAlternating({
    targets: {
      nginx: { url: `${layout.siteUrl}/api/quote`, request, countHeaders: ['x-cache-status', 'x-served-by'] },
      single: { url: `${web1.url}/api/quote`, request, countHeaders: ['x-served-by'] },
    },
    options,
    connections: options.quoteConnections,
  });
  return {
    fixture: { branch: fixture.branch, car: fixture.car, coverage: fixture.coverage, quoteBody, quoteTotal: fixture.quote.totals.total, refused: fixture.refused },
    nginx: measured.nginx,
    single: { ...measured.single, instance: web1.name },
    views: measured.views,
  };
}

/** Every check with its outcome; `target: false` marks information (the issue sets only the cache's ratio here). */
function verdicts({ warm, pages, quotes }) {
  const lines = [];
  const { first, cache, gzipFirst, gzipCache, single, static: plain, staticGzip } = pages;
  const { cluster: targets } = TARGETS;
  lines.push([`${pages.page} through nginx, first visit: a HIT after the first request (${warm.throughNginxWithoutCookie.map((a) => a.cache ?? '-').join(', ')}), no Set-Cookie`, warm.throughNginxWithoutCookie.at(-1).cache === 'HIT' && warm.throughNginxWithoutCookie.every((a) => a.setCookie === null)]);
  lines.push([`${pages.page} through nginx, a browser's first visit (gzip): rps ${fmt.int(gzipFirst.rps)} = ${fmt.pct(pages.gzipFirstVisitRatio)} of the static server's ${fmt.int(staticGzip.rps)} answering the same compressed bytes >= ${fmt.pct(targets.minGzipFirstVisitRatio)}`, pages.gzipFirstVisitRatioMet]);
  lines.push([`${pages.page} through nginx, a browser's first visit (gzip): HIT ratio under load ${fmt.pct(gzipFirst.hitRatio)} >= ${fmt.pct(targets.minGzipHitRatio)}`, pages.gzipFirstVisitHitMet]);
  lines.push([`${pages.page} through nginx, a browser's return (gzip): rps ${fmt.int(gzipCache.rps)} = ${fmt.pct(pages.gzipCacheRatio)} of the static server's answering the same compressed bytes >= ${fmt.pct(targets.minGzipCacheRatio)}`, pages.gzipCacheRatioMet]);
  lines.push([`${pages.page} through nginx, a browser's return (gzip): HIT ratio under load ${fmt.pct(gzipCache.hitRatio)} >= ${fmt.pct(targets.minGzipHitRatio)}`, pages.gzipCacheHitMet]);
  // Else the gzip figures are not those of a compressed answer.
  lines.push([`${pages.page} through nginx, browsers: every answer gzip (first visits ${fmt.pct(gzipFirst.gzipRatio)}, returning ${fmt.pct(gzipCache.gzipRatio)}; the static server ${fmt.pct(share(staticGzip.headers['content-encoding'], ['gzip']))})`, gzipFirst.gzipRatio === 1 && gzipCache.gzipRatio === 1 && share(staticGzip.headers['content-encoding'], ['gzip']) === 1]);
  lines.push([`${pages.page} through nginx, no Accept-Encoding: every answer uncompressed (first visits ${fmt.pct(share(first.headers['content-encoding'], ['(none)']))}, returning ${fmt.pct(share(cache.headers['content-encoding'], ['(none)']))})`, share(first.headers['content-encoding'], ['(none)']) === 1 && share(cache.headers['content-encoding'], ['(none)']) === 1]);
  lines.push([`${pages.page} through nginx, first visits: rps ${fmt.int(first.rps)} = ${fmt.pct(pages.firstVisitRatio)} of the static server's ${fmt.int(plain.rps)} >= ${fmt.pct(targets.minFirstVisitRatio)}`, pages.firstVisitRatioMet]);
  lines.push([`${pages.page} through nginx, first visits: HIT ratio under load ${fmt.pct(first.hitRatio)} >= ${fmt.pct(targets.minFirstVisitHitRatio)} (from the cache: ${fmt.pct(first.fromCacheRatio)})`, pages.firstVisitHitMet]);
  lines.push([`${pages.page} through nginx, returning visitors: rps ${fmt.int(cache.rps)} = ${fmt.pct(pages.cacheRatio)} of the static server's >= ${fmt.pct(targets.minCacheRatio)}`, pages.cacheRatioMet]);
  // Else the figure is not the cache's: some requests went to an instance.
  lines.push([`${pages.page} through nginx, returning visitors: every response from the cache (HIT ${fmt.pct(cache.hitRatio)}; HIT, STALE, UPDATING ${fmt.pct(cache.fromCacheRatio)})`, cache.fromCacheRatio === 1]);
  lines.push([`${pages.page} on ${single.instance} alone (no nginx): rps ${fmt.int(single.rps)} = ${fmt.pct(single.rps / plain.rps)} of the static server's`, true, false, 'what the cache saves; the 2 cores are shared with nginx, Redis and the load generator']);
  for (const [label, r] of [
    ['static server', plain],
    ['static server, gzip', staticGzip],
    [`${pages.page} through nginx, a browser's first visits (gzip)`, gzipFirst],
    [`${pages.page} through nginx, a browser's returns (gzip)`, gzipCache],
    [`${pages.page} through nginx, first visits`, first],
    [`${pages.page} through nginx, returning visitors`, cache],
    [`${pages.page} on ${single.instance} alone`, single],
  ]) lines.push([`${label}: no non-2xx or errors under load (${r.non2xx}/${r.errors}; statuses ${countsLine(r.statuses)})`, clean(r)]);
  if (quotes.failed) lines.push([`POST /api/quote measured (it failed: ${quotes.failed})`, false]);
  else {
    lines.push([`POST /api/quote through nginx p99 ${fmt.ms(quotes.nginx.p99)} ms <= ${TARGETS.booking.maxQuoteP99Ms} ms at ${quotes.nginx.connections} connections`, quotes.nginx.p99 <= TARGETS.booking.maxQuoteP99Ms, false, 'the single-machine bench judges it; see "What a machine of this size can and cannot show"']);
    lines.push([`POST /api/quote through nginx: no non-2xx or errors under load (${quotes.nginx.non2xx}/${quotes.nginx.errors}; statuses ${countsLine(quotes.nginx.statuses)})`, clean(quotes.nginx)]);
    lines.push([`POST /api/quote on ${quotes.single.instance} alone: no non-2xx or errors under load (${quotes.single.non2xx}/${quotes.single.errors}; statuses ${countsLine(quotes.single.statuses)})`, clean(quotes.single)]);
  }
  return lines.map(([label, ok, target = true, note]) => ({ label, ok, target, ...(note && { note }) }));
}

function printResults({ pages, quotes, log }) {
  log();
  console.log(clusterLoadTable({ pages, quotes: quotes.failed ? null : quotes }));
  log();
  for (const [label, r] of [['first visits, gzip', pages.gzipFirst], ['returning visitors, gzip', pages.gzipCache], ['first visits, no Accept-Encoding', pages.first], ['returning visitors, no Accept-Encoding', pages.cache]]) {
    log(`  nginx, ${label}, X-Cache-Status: ${countsLine(r.headers['x-cache-status'])}; Content-Encoding: ${countsLine(r.headers['content-encoding'])}; X-Served-By: ${countsLine(r.headers['x-served-by'])}${r.headers['set-cookie'] ? `; Set-Cookie: ${countsLine(r.headers['set-cookie'])}` : ''}`);
  }
  log(`  ${pages.single.instance} alone, X-Served-By: ${countsLine(pages.single.headers['x-served-by'])}`);
  if (!quotes.failed) {
    log(`  quote through nginx, X-Cache-Status: ${countsLine(quotes.nginx.headers['x-cache-status'])}; X-Served-By: ${countsLine(quotes.nginx.headers['x-served-by'])}`);
  }
  for (const [name, r] of [['static, gzip', pages.staticGzip], ['first visits, gzip', pages.gzipFirst], ['returning, gzip', pages.gzipCache], ['static', pages.static], ['first visits', pages.first], ['returning', pages.cache], ['one instance', pages.single]]) log(`  rps per round, ${name}: ${r.roundRps.join(', ')}`);
  if (quotes.failed) log(`quote: not measured: ${quotes.failed}`);
}

/**
 * Runs the cluster bench. `track(name, stop)` registers what must be stopped at the end, on failure and on Ctrl-C
 * (bench/run.mjs stops it newest first); `resultsDir` receives cluster-latest.json.
 */
export async function runClusterBench({ options, root, log, track, resultsDir }) {
  const startedAt = new Date();
  mkdirSync(resultsDir, { recursive: true });
  const { env: projectEnv, file } = loadProjectEnv(root);
  const env = clusterBenchEnv(projectEnv);
  const { overrides, dataDir } = await temporaryCluster('rentacar-bench-cluster-');
  if (!options.keepDb) track('temporary data', async () => rmSync(dataDir, { recursive: true, force: true }));
  log(`cluster bench: settings from ${file}, data in ${dataDir}; options ${JSON.stringify(options)}`);

  // Stopped on Ctrl-C even while it starts: the start is told to stop, what it started is stopped by it or here.
  const starting = new AbortController();
  const started = startCluster({ root, env, overrides, distDir: DIST_DIR, log: (line) => log(`cluster: ${line}`), signal: starting.signal, quiet: true });
  track('cluster', async () => {
    starting.abort();
    const cluster = await started.catch(() => null);
    await cluster?.stop();
  });
  const { layout, parts } = await started;
  log(`cluster up: nginx ${layout.siteUrl}; ${layout.instances.map((i) => `${i.name} ${i.url}`).join(', ')}; content ${layout.contentUrl}; pids ${[...parts].map(([name, part]) => `${name} ${part.current().pid}`).join(', ')}`);

  const page = TARGETS.cluster.page;
  const cookie = `i18n_redirected=${page.split('/')[1]}`;
  const { html, gzipBytes, summary: warm } = await warmUp({ layout, page, cookie, log });
  // The reference serves byte for byte what nginx answered: the HTML, and the compressed bytes to requests accepting gzip.
  const reference = await startStaticServer({ pages: { [page]: html }, gzipPages: { [page]: gzipBytes }, host: HOST, port: await freePort(), tmpDir: dataDir });
  track('static server', reference.stop);

  const pages = await measurePages({ layout, reference, page, cookie, options, log });
  const quotes = await measureQuotes({ layout, options, log }).catch((error) => {
    log(`quote: failed: ${error.message}`);
    return { failed: error.message };
  });

  const results = {
    startedAt,
    machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, node: process.version },
    options,
    target: TARGETS.cluster,
    layout: { siteUrl: layout.siteUrl, instances: layout.instances.map((i) => ({ name: i.name, url: i.url })), contentUrl: layout.contentUrl },
    warm,
    pages,
    quotes,
  };
  results.verdicts = verdicts(results);
  printResults({ pages, quotes, log });
  log();
  log('summary:');
  for (const v of results.verdicts) log(`  ${(v.target ? (v.ok ? 'met' : 'MISSED') : v.ok ? '(ok)' : '(below)').padEnd(7)}  ${v.label}${v.target ? '' : `  [information: ${v.note}]`}`);
  writeFileSync(join(resultsDir, 'cluster-latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  log('results written to bench/results/cluster-latest.json');
  return results;
}
