// Terminal output of the bench: aligned tables and the verdict lines. Pure formatting, no measuring.
import { TARGETS } from './options.mjs';

export const fmt = {
  int: (n) => Math.round(n).toLocaleString('en-US'),
  ms: (n) => (n < 10 ? n.toFixed(1) : String(Math.round(n))),
  pct: (n) => `${(n * 100).toFixed(1)} %`,
  kb: (n) => n.toFixed(1),
  yes: (ok) => (ok ? 'yes' : 'NO'),
};

/** Renders rows (arrays of cells) under a header, every column padded to its widest cell. */
export function table(header, rows) {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => String(row[i]).length)));
  const line = (row) => row.map((cell, i) => String(cell).padEnd(widths[i])).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export function loadTable(load) {
  return table(
    ['page', 'next rps', 'static rps', 'ratio', 'next p99 ms', 'static p99 ms', 'non-2xx/errors', 'content calls', `target met (>= ${fmt.pct(TARGETS.minRpsRatio)}, <= ${TARGETS.maxP99Ms} ms)`],
    load.map((r) => r.failed ? [r.page, `not measured: the page ${r.failed}`, '', '', '', '', '', '', 'NO'] : [
      r.page,
      fmt.int(r.next.rps),
      fmt.int(r.static.rps),
      fmt.pct(r.ratio),
      fmt.ms(r.next.p99),
      fmt.ms(r.static.p99),
      `${r.next.non2xx + r.static.non2xx}/${r.next.errors + r.static.errors}`,
      `${r.contentCalls} / ${fmt.int(r.nextPageViews)} views`,
      `${fmt.yes(r.ratioMet)} ratio, ${fmt.yes(r.p99Met)} p99${TARGETS.loadPages.includes(r.page) ? '' : ' (info)'}`,
    ]),
  );
}

export function firstLoadTable(js, targetKb = TARGETS.maxFirstLoadJsKb) {
  return table(
    ['page', 'scripts', 'gzip KB', 'raw KB', `target <= ${targetKb} KB`, 'inline scripts in the HTML (not counted), raw / gzip KB'],
    js.map((r) => [r.page, r.chunks.length, fmt.kb(r.gzipKb), fmt.kb(r.rawKb), fmt.yes(r.met), `${fmt.kb(r.inline.raw / 1024)} / ${fmt.kb(r.inline.gzip / 1024)}`]),
  );
}

export function chunkTable(chunks) {
  return table(
    ['  chunk', 'gzip KB', 'raw KB'],
    chunks.map((c) => [`  ${c.file}`, fmt.kb(c.gzip / 1024), fmt.kb(c.raw / 1024)]),
  );
}

/** `targets` maps the judged categories to their minimum; a category without one is printed as information. */
export function lighthouseTable(lighthouse, targets = TARGETS.lighthouse) {
  const categories = Object.keys(TARGETS.lighthouse); // every category Lighthouse runs, in the same order
  const judged = (c, score) => (targets[c] === undefined || score >= targets[c] ? '' : ' NO');
  return table(
    ['page', ...categories.map((c) => (targets[c] === undefined ? `${c} (info)` : `${c} (>= ${targets[c]})`)), 'performance runs', 'LCP', 'TBT', 'CLS'],
    lighthouse.map((r) => [
      r.page,
      ...categories.map((c) => `${r.scores[c]}${judged(c, r.scores[c])}`),
      r.performanceRuns.join(' '),
      r.metrics['largest-contentful-paint'],
      r.metrics['total-blocking-time'],
      r.metrics['cumulative-layout-shift'],
    ]),
  );
}

/** Lines naming every audit that cost points in a category below its target, with a few offending items. */
export function failingAuditLines(result, targets = TARGETS.lighthouse) {
  const lines = [];
  for (const [category, target] of Object.entries(targets)) {
    if (result.scores[category] >= target) continue;
    lines.push(`  ${result.page} ${category} ${result.scores[category]} < ${target}; audits below a full score (only weighted ones cost points directly):`);
    for (const audit of result.failing[category]) {
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      lines.push(`    - ${audit.id}: ${audit.title}${value} [score ${audit.score}, weight ${audit.weight}]`);
      for (const item of audit.items) lines.push(`        ${item}`);
    }
  }
  return lines;
}

/**
 * The booking loads: POST /api/quote beside a plain server answering its JSON, then the fleet for given dates beside
 * the plain fleet (same run, alternating). Content calls are per side, warm-up included.
 */
export function bookingLoadTable({ quote, datedFleet }) {
  const { booking } = TARGETS;
  const calls = (r) => `${r.contentCalls} / ${fmt.int(r.views)} views${r.contentCalls ? ` (${r.contentCallsPerView.toFixed(4)} per view)` : ''}`;
  const row = (name, r, verdict) => [name, r.connections, fmt.int(r.rps), fmt.ms(r.p50), fmt.ms(r.p99), `${r.non2xx}/${r.errors}`, calls(r), verdict];
  const rows = [];
  if (quote) {
    rows.push(row('POST /api/quote', quote, `${fmt.yes(quote.ratioMet)} ratio ${fmt.pct(quote.ratio)} >= ${fmt.pct(booking.minQuoteRatio)}, ${fmt.yes(quote.p99Met)} p99 <= ${booking.maxQuoteP99Ms} ms`));
    rows.push(row('plain server, same JSON', { ...quote.plain, contentCalls: 0, views: quote.plain.requests }, ''));
  }
  if (datedFleet) {
    rows.push(row('/flota for dates', datedFleet.dated, `${fmt.yes(datedFleet.ratioMet)} ratio ${fmt.pct(datedFleet.ratio)} >= ${fmt.pct(booking.minDatedFleetRatio)}`));
    rows.push(row('/flota (plain, same rounds)', datedFleet.plain, ''));
  }
  return table(['what', 'connections', 'rps', 'p50 ms', 'p99 ms', 'non-2xx/errors', 'content calls', 'target met'], rows);
}

/** Counts of header values or statuses, most frequent first: `HIT 41,203 (99.9 %), UPDATING 12 (0.0 %)`. */
export function countsLine(counts = {}) {
  const entries = Object.entries(counts).sort(([, a], [, b]) => b - a);
  const all = entries.reduce((sum, [, n]) => sum + n, 0);
  if (!all) return 'none';
  return entries.map(([value, n]) => `${value} ${fmt.int(n)}${entries.length > 1 ? ` (${fmt.pct(n / all)})` : ''}`).join(', ');
}

/**
 * The cluster bench's loads (bench/cluster.mjs): the page four ways in the same alternating rounds, then the quote
 * through nginx and on one instance alone. Ratios: nginx's cache to the static server (the target), the two
 * instances behind nginx to one instance alone (information).
 */
export function clusterLoadTable({ pages, quotes }) {
  const { cluster } = TARGETS;
  const row = (name, r, ratio, note) => [name, r.connections, fmt.int(r.rps), fmt.ms(r.p50), fmt.ms(r.p99), `${r.non2xx}/${r.errors}`, ratio, note];
  const rows = [
    row(`${pages.page}, plain static server, gzip (saved copy)`, pages.staticGzip, '', ''),
    row(`${pages.page} through nginx, first visits (no cookie), gzip`, pages.gzipFirst, `${fmt.pct(pages.gzipFirstVisitRatio)} of static gzip`, `HIT ${fmt.pct(pages.gzipFirst.hitRatio)}; ${fmt.yes(pages.gzipFirstVisitRatioMet)} >= ${fmt.pct(cluster.minGzipFirstVisitRatio)}, ${fmt.yes(pages.gzipFirstVisitHitMet)} HIT >= ${fmt.pct(cluster.minGzipHitRatio)}`),
    row(`${pages.page} through nginx, returning (${pages.cookie}), gzip`, pages.gzipCache, `${fmt.pct(pages.gzipCacheRatio)} of static gzip`, `HIT ${fmt.pct(pages.gzipCache.hitRatio)}; ${fmt.yes(pages.gzipCacheRatioMet)} >= ${fmt.pct(cluster.minGzipCacheRatio)}, ${fmt.yes(pages.gzipCacheHitMet)} HIT >= ${fmt.pct(cluster.minGzipHitRatio)}`),
    row(`${pages.page}, plain static server (saved copy)`, pages.static, '', ''),
    row(`${pages.page} through nginx, first visits (no cookie)`, pages.first, `${fmt.pct(pages.firstVisitRatio)} of static`, `HIT ${fmt.pct(pages.first.hitRatio)}; ${fmt.yes(pages.firstVisitRatioMet)} >= ${fmt.pct(cluster.minFirstVisitRatio)}, ${fmt.yes(pages.firstVisitHitMet)} HIT >= ${fmt.pct(cluster.minFirstVisitHitRatio)}`),
    row(`${pages.page} through nginx, returning (${pages.cookie})`, pages.cache, `${fmt.pct(pages.cacheRatio)} of static`, `HIT ${fmt.pct(pages.cache.hitRatio)}; ${fmt.yes(pages.cacheRatioMet)} >= ${fmt.pct(cluster.minCacheRatio)}`),
    row(`${pages.page} on ${pages.single.instance} alone`, pages.single, `${fmt.pct(pages.single.rps / pages.static.rps)} of static`, '(info)'),
  ];
  if (quotes) {
    rows.push(row('POST /api/quote through nginx', quotes.nginx, `${fmt.pct(quotes.nginx.rps / quotes.single.rps)} of one`, countsLine(quotes.nginx.headers['x-served-by'])));
    rows.push(row(`POST /api/quote on ${quotes.single.instance} alone`, quotes.single, '', '(info)'));
  }
  return table(['what', 'connections', 'rps', 'p50 ms', 'p99 ms', 'non-2xx/errors', 'ratio', 'notes'], rows);
}
