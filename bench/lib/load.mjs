// Throughput and tail latency with autocannon, the Next server beside the static reference. The machine is small
// and noisy, so the two servers are measured in alternating rounds (ABBA: next, static, static, next, ...) and
// only the ratio measured in the same run is compared.
import autocannon from 'autocannon';

function run(url, { connections, seconds, raw }) {
  // No cookies and no Accept-Language: the Spanish page every first-time visitor gets.
  return autocannon({ url, connections, duration: seconds, skipAggregateResult: raw });
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
 * Measures one page on both servers. Returns each server's figures and how many requests the Next server answered
 * in total (warm-up included), so the caller can divide the content-service calls it counted by page views.
 */
export async function measurePage({ path, nextUrl, staticUrl, options }) {
  const { connections, duration, rounds, warmup } = options;
  const targets = { next: `${nextUrl}${path}`, static: `${staticUrl}${path}` };
  // Warm-up: JIT, sockets, Next's in-memory caches; not in the figures.
  const nextWarmup = await run(targets.next, { connections, seconds: warmup });
  await run(targets.static, { connections, seconds: warmup });

  const seconds = duration / rounds;
  const collected = { next: [], static: [] };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? ['next', 'static'] : ['static', 'next'];
    for (const server of order) collected[server].push(await run(targets[server], { connections, seconds, raw: true }));
  }
  const next = combine(collected.next, targets.next, connections);
  return {
    next,
    static: combine(collected.static, targets.static, connections),
    nextPageViews: next.requests + nextWarmup.requests.total,
  };
}
