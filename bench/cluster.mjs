// The cluster's figures of `npm run bench` (after the single machine's; `--cluster` alone): the cluster of
// `npm run cluster` (scripts/lib/cluster.mjs: PostgreSQL, Redis, the content service, the payment sandbox, two
// storefront instances and nginx in front) started on free ports in a temporary folder, and, measured in one run and
// beside each other:
//   1. the plain static server answering a saved copy of /es/flota (the single-machine bench's reference);
//   2. /es/flota through nginx for a first visit (no cookie) and for a returning visitor (cookie i18n_redirected=es),
//      X-Cache-Status counted on every response, each rate against (1);
//   3. /es/flota on one instance alone (its page cache in Redis), for what nginx saves;
//   4. POST /api/quote through nginx at the quote's connections (20), beside the same on one instance alone.
// Every response's status is counted in each load. Figures go to the terminal and to bench/results/cluster-latest.json.
// See bench/README.md, "Cluster (issue 10)".
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
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
 * Warms every path the loads take and checks what each answers: through nginx without a cookie (a first visit: MISS,
 * then HIT, no Set-Cookie), through nginx with the cookie (HIT: the same cached copy; the answer the static server then
 * serves byte for byte), and each instance directly (its page cache in Redis: MISS once for the pair, then HIT).
 * Throws when the page does not answer 200 or nginx never answers HIT: no figure of this run would mean what it says.
 */
async function warmUp({ layout, page, cookie, log }) {
  const firstVisits = [];
  for (let i = 0; i < MAX_CACHE_WARM_REQUESTS; i++) {
    const answer = await httpGet(`${layout.siteUrl}${page}`);
    firstVisits.push(answer);
    if (answer.status !== 200) throw new Error(`GET ${page} through nginx (no cookie) answered ${answer.status}`);
    if (header(answer, 'x-cache-status') === 'HIT') break;
  }
  log(`warm ${page} through nginx, no cookie (first visits): ${firstVisits.map((a) => `${a.status} ${header(a, 'x-cache-status')} (${header(a, 'x-served-by')})`).join(', ')}; set-cookie "${String(firstVisits.at(-1).headers['set-cookie'] ?? '-').split(';')[0]}"`);
  if (header(firstVisits.at(-1), 'x-cache-status') !== 'HIT') throw new Error(`nginx did not answer ${page} to a first visit from its cache after ${firstVisits.length} requests (X-Cache-Status ${firstVisits.map((a) => header(a, 'x-cache-status')).join(', ')})`);

  const cached = [];
  for (let i = 0; i < MAX_CACHE_WARM_REQUESTS; i++) {
    const answer = await httpGet(`${layout.siteUrl}${page}`, { headers: { cookie } });
    cached.push(answer);
    if (answer.status !== 200) throw new Error(`GET ${page} through nginx (cookie ${cookie}) answered ${answer.status}`);
    if (header(answer, 'x-cache-status') === 'HIT') break;
  }
  const last = cached.at(-1);
  log(`warm ${page} through nginx, cookie ${cookie}: ${cached.map((a) => `${a.status} ${header(a, 'x-cache-status')} (${header(a, 'x-served-by')})`).join(', ')}; cache-control "${header(last, 'cache-control')}", ${fmt.kb(last.body.length / 1024)} KB HTML`);
  if (header(last, 'x-cache-status') !== 'HIT') throw new Error(`nginx did not answer ${page} from its cache after ${cached.length} requests with ${cookie} (X-Cache-Status ${cached.map((a) => header(a, 'x-cache-status')).join(', ')})`);


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
    summary: {
      throughNginxWithCookie: cached.map((a) => ({ status: a.status, cache: a.headers['x-cache-status'] ?? null, servedBy: a.headers['x-served-by'] ?? null })),
      cacheControl: last.headers['cache-control'] ?? null,
      throughNginxWithoutCookie: firstVisits.map((a) => ({ status: a.status, cache: a.headers['x-cache-status'] ?? null, servedBy: a.headers['x-served-by'] ?? null, setCookie: a.headers['set-cookie'] ?? null })),
      instances,
      htmlBytes: last.body.length,
    },
  };
}

const total = (counts = {}) => Object.values(counts).reduce((sum, n) => sum + n, 0);
const share = (counts = {}, values) => values.reduce((sum, value) => sum + (counts[value] ?? 0), 0) / Math.max(1, total(counts));
const clean = (r) => r.non2xx + r.errors === 0;

/** The page four ways in the same alternating rounds (ABBA over four: static, first visits, returning, one instance). */
async function measurePages({ layout, reference, page, cookie, options, log }) {
  const web1 = layout.instances[0];
  log(`load ${page}: static server, nginx for first visits (no cookie), nginx for returning visitors (${cookie}), ${web1.name} alone; ${options.connections} connections, ${options.warmup} s warm-up, ${options.duration} s each in ${options.rounds} rounds ...`);
  const measured = await measureAlternating({
    targets: {
      static: `${reference.url}${page}`,
      first: { url: `${layout.siteUrl}${page}`, countHeaders: ['x-cache-status', 'x-served-by', 'set-cookie'] },
      cache: { url: `${layout.siteUrl}${page}`, request: { headers: { cookie } }, countHeaders: ['x-cache-status', 'x-served-by'] },
      single: { url: `${web1.url}${page}`, countHeaders: ['x-served-by'] },
    },
    options,
  });
  const { static: plain, first, cache, single } = measured;
  const cacheFigures = (r) => ({ ...r, hitRatio: share(r.headers['x-cache-status'], ['HIT']), fromCacheRatio: share(r.headers['x-cache-status'], FROM_NGINX_CACHE) });
  const firstVisits = cacheFigures(first);
  const returning = cacheFigures(cache);
  const firstVisitRatio = first.rps / plain.rps;
  const cacheRatio = cache.rps / plain.rps;
  return {
    page,
    cookie,
    static: plain,
    first: firstVisits,
    cache: returning,
    single: { ...single, instance: web1.name },
    firstVisitRatio,
    firstVisitRatioMet: firstVisitRatio >= TARGETS.cluster.minFirstVisitRatio,
    firstVisitHitMet: firstVisits.hitRatio >= TARGETS.cluster.minFirstVisitHitRatio,
    cacheRatio,
    cacheRatioMet: cacheRatio >= TARGETS.cluster.minCacheRatio,
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
  const { first, cache, single, static: plain } = pages;
  const { cluster: targets } = TARGETS;
  lines.push([`${pages.page} through nginx, first visit: a HIT after the first request (${warm.throughNginxWithoutCookie.map((a) => a.cache ?? '-').join(', ')}), no Set-Cookie`, warm.throughNginxWithoutCookie.at(-1).cache === 'HIT' && warm.throughNginxWithoutCookie.every((a) => a.setCookie === null)]);
  lines.push([`${pages.page} through nginx, first visits: rps ${fmt.int(first.rps)} = ${fmt.pct(pages.firstVisitRatio)} of the static server's ${fmt.int(plain.rps)} >= ${fmt.pct(targets.minFirstVisitRatio)}`, pages.firstVisitRatioMet]);
  lines.push([`${pages.page} through nginx, first visits: HIT ratio under load ${fmt.pct(first.hitRatio)} >= ${fmt.pct(targets.minFirstVisitHitRatio)} (from the cache: ${fmt.pct(first.fromCacheRatio)})`, pages.firstVisitHitMet]);
  lines.push([`${pages.page} through nginx, returning visitors: rps ${fmt.int(cache.rps)} = ${fmt.pct(pages.cacheRatio)} of the static server's >= ${fmt.pct(targets.minCacheRatio)}`, pages.cacheRatioMet]);
  // Else the figure is not the cache's: some requests went to an instance.
  lines.push([`${pages.page} through nginx, returning visitors: every response from the cache (HIT ${fmt.pct(cache.hitRatio)}; HIT, STALE, UPDATING ${fmt.pct(cache.fromCacheRatio)})`, cache.fromCacheRatio === 1]);
  lines.push([`${pages.page} on ${single.instance} alone (no nginx): rps ${fmt.int(single.rps)} = ${fmt.pct(single.rps / plain.rps)} of the static server's`, true, false, 'what the cache saves; the 2 cores are shared with nginx, Redis and the load generator']);
  for (const [label, r] of [
    ['static server', plain],
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
  log(`  nginx, first visits, X-Cache-Status: ${countsLine(pages.first.headers['x-cache-status'])}; X-Served-By: ${countsLine(pages.first.headers['x-served-by'])}; Set-Cookie: ${countsLine(pages.first.headers['set-cookie'])}`);
  log(`  nginx, returning visitors, X-Cache-Status: ${countsLine(pages.cache.headers['x-cache-status'])}; X-Served-By: ${countsLine(pages.cache.headers['x-served-by'])}`);
  log(`  ${pages.single.instance} alone, X-Served-By: ${countsLine(pages.single.headers['x-served-by'])}`);
  if (!quotes.failed) {
    log(`  quote through nginx, X-Cache-Status: ${countsLine(quotes.nginx.headers['x-cache-status'])}; X-Served-By: ${countsLine(quotes.nginx.headers['x-served-by'])}`);
  }
  for (const [name, r] of [['static', pages.static], ['first visits', pages.first], ['returning', pages.cache], ['one instance', pages.single]]) log(`  rps per round, ${name}: ${r.roundRps.join(', ')}`);
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
  const { html, summary: warm } = await warmUp({ layout, page, cookie, log });
  // The reference serves byte for byte the HTML nginx's cache answered.
  const reference = await startStaticServer({ pages: { [page]: html }, host: HOST, port: await freePort(), tmpDir: dataDir });
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
