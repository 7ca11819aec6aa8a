// Settings of one bench run: fixed ports (so the bench never collides with `npm start` on 3000/8055 or the test
// harness), targets from the issue, and the load/Lighthouse knobs, each settable by a flag or an env variable.

export const PORTS = {
  content: 8255, // the bench's own content service, on a temporary database
  contentProxy: 8256, // counting proxy in front of it: the web server's DIRECTUS_URL
  web: 3200,
  static: 3299,
  staticJson: 3298, // the plain server answering the quote's JSON
};

export const HOST = '127.0.0.1';
export const DIST_DIR = '.next-bench';

export const PAGES = ['/es', '/es/flota', '/es/info/terminos-y-condiciones'];
// Lighthouse audits the addresses search engines index (a page's canonical: Spanish without its prefix); /es points its
// canonical at /, which Lighthouse's SEO audit reads as a page pointing at the home page.
export const LIGHTHOUSE_PAGES = ['/', '/flota'];

export const TARGETS = {
  loadPages: ['/es/flota', '/es'], // issue 28 sets the throughput targets on these; the other pages get the same criteria as information
  minRpsRatio: 0.25, // next rps >= 25 % of the static server's, same run (issue 28; 10 % before)
  maxP99Ms: 150, // at 50 connections (issue 28)
  maxFirstLoadJsKb: 150, // gzip, every same-origin script of the page
  lighthouse: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
  booking: {
    maxQuoteP99Ms: 40, // POST /api/quote, at `quoteConnections` (20) (issue 28)
    minQuoteRatio: 0.2, // POST /api/quote rps >= 20 % of a plain server answering the same JSON, same run (issue 28)
    minDatedFleetRatio: 0.5, // /flota for given dates >= 50 % of the plain /flota's rps, same run
    maxFirstLoadJsKb: 200, // gzip, each booking step
    // Only these two: a step is a private page (noindex), so SEO is printed for information, not judged.
    lighthouse: { performance: 95, accessibility: 100 },
  },
  // The cluster's figures (bench/cluster.mjs): the page through nginx's shared cache against the plain static server.
  cluster: {
    page: '/es/flota', // a page nginx may keep: its language in the path
    minFirstVisitRatio: 0.8, // a first visit (no cookie) through nginx >= 80 % of the static server's rps, same run (issue 28)
    minFirstVisitHitRatio: 0.95, // ... answered HIT by nginx under load
    minCacheRatio: 0.5, // a returning visitor (language cookie) through nginx's cache >= 50 % of the static server's rps
    // As browsers ask (Accept-Encoding with gzip), against the plain server answering the same compressed bytes (issue
    // 41): first visits and returning visitors each >= 80 % of its rps, each answered HIT >= 95 %, every answer gzip.
    browserAcceptEncoding: { firstVisits: 'gzip, deflate, br, zstd', returning: 'gzip, deflate, br' }, // Chromium's, an older Firefox's
    minGzipFirstVisitRatio: 0.8,
    minGzipCacheRatio: 0.8,
    minGzipHitRatio: 0.95,
  },
};

// The booking steps, in the renter's order. They answer only with the renter's draft cookie (404 without).
export const BOOKING_STEPS = ['/reserva?paso=fechas', '/reserva?paso=cobertura', '/reserva?paso=extras', '/reserva?paso=datos', '/reserva/checkout'];
export const BOOKING_LIGHTHOUSE_PAGE = BOOKING_STEPS[0];
export const BOOKING_BRANCH = 'PTY';
// About a month ahead, so same-day notice and `disable_reservations_until` never apply; 3 days, 10:00 to 10:00.
export const BOOKING_DAYS_AHEAD = 30;
export const BOOKING_RENTAL_DAYS = 3;

const KNOBS = {
  connections: { env: 'BENCH_CONNECTIONS', default: 50, help: 'autocannon connections' },
  duration: { env: 'BENCH_DURATION', default: 10, help: 'measured seconds per server and page (split over the rounds)' },
  rounds: { env: 'BENCH_ROUNDS', default: 2, help: 'alternating rounds per page (next, static, static, next, ...)' },
  warmup: { env: 'BENCH_WARMUP', default: 2, help: 'autocannon warm-up seconds per server and page (not measured)' },
  lighthouseRuns: { env: 'BENCH_LH_RUNS', default: 3, help: 'Lighthouse runs per page; the run with the median performance is kept' },
  lighthouseLanguage: {
    env: 'BENCH_LH_LANGUAGE',
    default: 'es',
    help: "Accept-Language Lighthouse sends; 'browser' keeps headless Chrome's en-US, which the storefront redirects to /en/...",
  },
  quoteConnections: { env: 'BENCH_QUOTE_CONNECTIONS', default: 20, help: 'autocannon connections for POST /api/quote (the issue sets its p99 at 20)' },
  skipLighthouse: { env: 'BENCH_SKIP_LH', default: false, help: 'skip Lighthouse' },
  skipBooking: { env: 'BENCH_SKIP_BOOKING', default: false, help: 'skip the booking figures (quote, fleet for dates, booking steps)' },
  keepDb: { env: 'BENCH_KEEP_DB', default: false, help: 'keep the temporary content database (its path is printed)' },
  cluster: {
    env: 'BENCH_CLUSTER',
    default: false,
    help: 'only the cluster figures (bench/cluster.mjs): nginx cache for first and returning visits, one instance, the quote through nginx',
  },
  skipCluster: { env: 'BENCH_SKIP_CLUSTER', default: false, help: 'skip the cluster figures (they need nginx, Redis and PostgreSQL)' },
};

const flagName = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function coerce(raw, fallback) {
  if (typeof fallback === 'boolean') return raw === '' || raw === 'true' || raw === '1';
  if (typeof fallback === 'string') return raw;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`expected a positive number, got "${raw}"`);
  return value;
}

export function usage() {
  const lines = Object.entries(KNOBS).map(
    ([key, knob]) => `  --${flagName(key)}${typeof knob.default === 'boolean' ? '' : typeof knob.default === 'string' ? '=S' : '=N'}  (${knob.env}, default ${knob.default})  ${knob.help}`,
  );
  return `Usage: node bench/run.mjs [options]\n${lines.join('\n')}`;
}

/** Flags win over env variables, which win over defaults. */
export function readOptions(argv = process.argv.slice(2), env = process.env) {
  const options = {};
  for (const [key, knob] of Object.entries(KNOBS)) {
    options[key] = env[knob.env] !== undefined && env[knob.env] !== '' ? coerce(env[knob.env], knob.default) : knob.default;
  }
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') return { help: true };
    const match = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const key = match && Object.keys(KNOBS).find((k) => flagName(k) === match[1]);
    if (!key) throw new Error(`unknown option ${arg}\n${usage()}`);
    options[key] = coerce(match[2] ?? '', KNOBS[key].default);
  }
  options.rounds = Math.max(1, Math.round(options.rounds));
  options.lighthouseRuns = Math.max(1, Math.round(options.lighthouseRuns));
  return options;
}
