// Throughput and tail latency with autocannon, the Next server beside the static reference. The machine is small
// and noisy, so the two servers are measured in alternating rounds (ABBA: next, static, static, next, ...) and
// only the ratio measured in the same run is compared. The same alternation compares two pages of the storefront
// (the fleet for given dates against the plain fleet), and a single endpoint (POST /api/quote) is measured alone.
import autocannon from 'autocannon';

function run(url, { connections, seconds, raw, request = {}, setupClient }) {
  // No cookies and no Accept-Language: the Spanish page every first-time visitor gets. `request` adds a method, a
  // body and headers for an API call (or a cookie); `setupClient` sees every connection (to count response headers).
  return autocannon({ url, connections, duration: seconds, skipAggregateResult: raw, ...request, ...(setupClient && { setupClient }) });
}

/**
 * Counts the values of some response headers over every response of the runs it is given to (`setupClient`), e.g.
 * nginx's X-Cache-Status and the instance's X-Served-By; a response without the header counts as `(none)`.
 */
export function headerCounter(names) {
  const wanted = names.map((name) => name.toLowerCase());
  const counts = Object.fromEntries(wanted.map((name) => [name, {}]));
  const add = (name, value) => (counts[name][value] = (counts[name][value] ?? 0) + 1);
  // autocannon's client emits the parser's headers-complete info; `headers` is the raw [name, value, ...] list.
  const setupClient = (client) =>
    client.on('headers', (info) => {
      const raw = info?.headers ?? [];
      const seen = new Set();
      for (let i = 0; i + 1 < raw.length; i += 2) {
        const name = String(raw[i]).toLowerCase();
        if (name in counts && !seen.has(name)) {
          seen.add(name);
          add(name, String(raw[i + 1]));
        }
      }
      for (const name of wanted) if (!seen.has(name)) add(name, '(none)');
    });
  return { counts, setupClient };
}

const MAX_DRAIN_MS = 10_000;

/**
 * autocannon ends a run with up to `connections` requests in flight and drops them, but the server still works them
 * off. A slow page (the fleet for given dates answers about 20/s at 50 connections) would then spend the next run's
 * first seconds on them, and slow whatever is measured next. So each run is followed by a pause as long as the server
 * needs for that many requests at the rate it just had (milliseconds after a cached page).
 */
function drain(result, connections) {
  const rps = (result.totalCompletedRequests ?? result.requests.total) / result.duration;
  const ms = Math.min(MAX_DRAIN_MS, (1000 * connections) / Math.max(rps, 1));
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function runAndDrain(url, settings) {
  const result = await run(url, settings);
  await drain(result, settings.connections);
  return result;
}

/** Requests/s over all rounds, p99 from the merged latency histograms, and every failure counted. */
function combine(rounds, url, connections) {
  const merged = autocannon.aggregateResult(rounds, { url, connections });
  const requests = rounds.reduce((sum, r) => sum + r.totalCompletedRequests, 0);
  const seconds = rounds.reduce((sum, r) => sum + r.duration, 0);
  return {
    connections,
    rps: requests / seconds,
    requests,
    seconds,
    p50: merged.latency.p50,
    p99: merged.latency.p99,
    max: merged.latency.max,
    non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
    errors: rounds.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
    statuses: Object.fromEntries(Object.entries(merged.statusCodeStats ?? {}).map(([code, { count }]) => [code, count])),
    roundRps: rounds.map((r) => Math.round(r.totalCompletedRequests / r.duration)),
  };
}

/**
 * Measures two URLs (or more) in alternating rounds (ABBA: A, B, C, then C, B, A ...), each after its own warm-up.
 * `targets` maps a name to a URL, A first, or to { url, request, countHeaders } for a request with a method, body or
 * headers of its own and response headers to count over its measured rounds (the figures' `headers`, see
 * headerCounter). `beforeRun(name)` is called before every run of that URL (warm-up included), e.g. to switch the
 * counting proxy's phase so each side's content-service calls are counted apart. Returns each side's figures and how
 * many requests each side answered in total (warm-up included), to divide content-service calls by. `connections`
 * (default: the options') sets the connections of every side.
 */
export async function measureAlternating({ targets, options, beforeRun = () => {}, connections = options.connections }) {
  const { duration, rounds, warmup } = options;
  const names = Object.keys(targets);
  const target = Object.fromEntries(names.map((name) => [name, typeof targets[name] === 'string' ? { url: targets[name] } : targets[name]]));
  const counters = Object.fromEntries(names.filter((name) => target[name].countHeaders?.length).map((name) => [name, headerCounter(target[name].countHeaders)]));
  const warmed = {};
  // Warm-up: JIT, sockets, Next's in-memory caches; not in the figures.
  for (const name of names) {
    beforeRun(name);
    warmed[name] = await runAndDrain(target[name].url, { connections, seconds: warmup, request: target[name].request });
  }

  const seconds = duration / rounds;
  const collected = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      beforeRun(name);
      const { url, request } = target[name];
      collected[name].push(await runAndDrain(url, { connections, seconds, raw: true, request, setupClient: counters[name]?.setupClient }));
    }
  }
  const figures = Object.fromEntries(
    names.map((name) => [name, { ...combine(collected[name], target[name].url, connections), ...(counters[name] && { headers: counters[name].counts }) }]),
  );
  const views = Object.fromEntries(names.map((name) => [name, figures[name].requests + warmed[name].requests.total]));
  return { ...figures, views };
}

/**
 * Measures one page on both servers. Returns each server's figures and how many requests the Next server answered
 * in total (warm-up included), so the caller can divide the content-service calls it counted by page views.
 */
export async function measurePage({ path, nextUrl, staticUrl, options }) {
  const measured = await measureAlternating({ targets: { next: `${nextUrl}${path}`, static: `${staticUrl}${path}` }, options });
  return { next: measured.next, static: measured.static, nextPageViews: measured.views.next };
}

/**
 * Measures one request alone (no reference to alternate with): a warm-up, then `duration` seconds in `rounds` runs.
 * `request` is autocannon's { method, headers, body }. Returns the figures and the requests answered, warm-up included.
 */
export async function measureRequest({ url, request, connections, options }) {
  const { duration, rounds, warmup } = options;
  const warmed = await runAndDrain(url, { connections, seconds: warmup, request });
  const collected = [];
  for (let round = 0; round < rounds; round++) collected.push(await runAndDrain(url, { connections, seconds: duration / rounds, raw: true, request }));
  const figures = combine(collected, url, connections);
  return { ...figures, views: figures.requests + warmed.requests.total };
}
