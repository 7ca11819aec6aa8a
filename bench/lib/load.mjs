// Throughput and tail latency with autocannon, the Next server beside the static reference. The machine is small
// and noisy, so the two servers are measured in alternating rounds (ABBA: next, static, static, next, ...) and
// only the ratio measured in the same run is compared. The same alternation compares two pages of the storefront
// (the fleet for given dates against the plain fleet), and a single endpoint (POST /api/quote) is measured alone.
import autocannon from 'autocannon';

function run(url, { connections, seconds, raw, request = {} }) {
  // No cookies and no Accept-Language: the Spanish page every first-time visitor gets. `request` adds a method, a
  // body and headers for an API call.
  return autocannon({ url, connections, duration: seconds, skipAggregateResult: raw, ...request });
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
    roundRps: rounds.map((r) => Math.round(r.totalCompletedRequests / r.duration)),
  };
}

/**
 * Measures two URLs in alternating rounds (ABBA), each after its own warm-up. `targets` maps a name to a URL, A
 * first; `beforeRun(name)` is called before every run of that URL (warm-up included), e.g. to switch the counting
 * proxy's phase so each side's content-service calls are counted apart. Returns each side's figures and how many
 * requests each side answered in total (warm-up included), to divide content-service calls by.
 */
export async function measureAlternating({ targets, options, beforeRun = () => {} }) {
  const { connections, duration, rounds, warmup } = options;
  const names = Object.keys(targets);
  const warmed = {};
  // Warm-up: JIT, sockets, Next's in-memory caches; not in the figures.
  for (const name of names) {
    beforeRun(name);
    warmed[name] = await runAndDrain(targets[name], { connections, seconds: warmup });
  }

  const seconds = duration / rounds;
  const collected = Object.fromEntries(names.map((name) => [name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    for (const name of order) {
      beforeRun(name);
      collected[name].push(await runAndDrain(targets[name], { connections, seconds, raw: true }));
    }
  }
  const figures = Object.fromEntries(names.map((name) => [name, combine(collected[name], targets[name], connections)]));
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
