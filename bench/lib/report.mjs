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
      `${fmt.yes(r.ratioMet)} ratio, ${fmt.yes(r.p99Met)} p99${r.page === TARGETS.loadPage ? '' : ' (info)'}`,
    ]),
  );
}

export function firstLoadTable(js) {
  return table(
    ['page', 'scripts', 'gzip KB', 'raw KB', `target <= ${TARGETS.maxFirstLoadJsKb} KB`, 'inline scripts in the HTML (not counted), raw / gzip KB'],
    js.map((r) => [r.page, r.chunks.length, fmt.kb(r.gzipKb), fmt.kb(r.rawKb), fmt.yes(r.met), `${fmt.kb(r.inline.raw / 1024)} / ${fmt.kb(r.inline.gzip / 1024)}`]),
  );
}

export function chunkTable(chunks) {
  return table(
    ['  chunk', 'gzip KB', 'raw KB'],
    chunks.map((c) => [`  ${c.file}`, fmt.kb(c.gzip / 1024), fmt.kb(c.raw / 1024)]),
  );
}

export function lighthouseTable(lighthouse) {
  const categories = Object.keys(TARGETS.lighthouse);
  return table(
    ['page', ...categories.map((c) => `${c} (>= ${TARGETS.lighthouse[c]})`), 'performance runs', 'LCP', 'TBT', 'CLS'],
    lighthouse.map((r) => [
      r.page,
      ...categories.map((c) => `${r.scores[c]}${r.scores[c] >= TARGETS.lighthouse[c] ? '' : ' NO'}`),
      r.performanceRuns.join(' '),
      r.metrics['largest-contentful-paint'],
      r.metrics['total-blocking-time'],
      r.metrics['cumulative-layout-shift'],
    ]),
  );
}

/** Lines naming every audit that cost points in a category below its target, with a few offending items. */
export function failingAuditLines(result) {
  const lines = [];
  for (const [category, target] of Object.entries(TARGETS.lighthouse)) {
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
