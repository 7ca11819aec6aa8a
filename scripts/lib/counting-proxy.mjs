// A pass-through HTTP proxy in front of the content service that counts the storefront's server-side requests per
// named phase. The web server's DIRECTUS_URL points here, so "0 content-service calls per page view at steady
// state" is measured, not assumed. Browsers keep loading assets directly (DIRECTUS_PUBLIC_URL), so Lighthouse
// traffic never shows up in the counts.
import { createServer, request as httpRequest, Agent } from 'node:http';

const SAMPLE_PATHS = 5; // a few request paths per phase, to tell which reads were not cached
const RECENT_REQUESTS = 500;

export async function startCountingProxy({ host, port, target }) {
  const upstream = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const counts = new Map();
  const samples = new Map();
  let phase = 'startup';
  const waiters = new Set();
  const recent = []; // the last requests' `METHOD path`, for a waitFor() that starts after its request came

  const server = createServer((req, res) => {
    counts.set(phase, (counts.get(phase) ?? 0) + 1);
    const line = `${req.method} ${req.url}`;
    recent.push(line);
    if (recent.length > RECENT_REQUESTS) recent.shift();
    for (const waiter of waiters) waiter(line);
    const seen = samples.get(phase) ?? [];
    if (seen.length < SAMPLE_PATHS) seen.push(line);
    samples.set(phase, seen);

    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    // The content service being down must look like an unreachable upstream to the storefront, as behind a gateway.
    forward.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('content service unreachable');
    });
    req.pipe(forward);
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });

  return {
    url: `http://${host}:${port}`,
    /** Starts counting under a new name; returns nothing, read with count(). */
    phase(name) {
      phase = name;
    },
    count: (name) => counts.get(name) ?? 0,
    /**
     * Resolves true when a request whose `METHOD path` matches `pattern` comes through (or was among the last few
     * hundred), false after `timeoutMs`.
     */
    waitFor: (pattern, timeoutMs) =>
      new Promise((resolve) => {
        if (recent.some((line) => pattern.test(line))) return resolve(true);
        const done = (seen) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(seen);
        };
        const check = (line) => {
          if (pattern.test(line)) done(true);
        };
        const timer = setTimeout(() => done(false), timeoutMs);
        waiters.add(check);
      }),
    samples: (name) => samples.get(name) ?? [],
    all: () => Object.fromEntries(counts),
    stop: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
