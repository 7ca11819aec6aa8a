// The reference: a plain Node `http` server answering with HTML (or, for a POST, JSON) held in memory, no framework,
// no compression of its own (autocannon sends no Accept-Encoding unless told, so Next answers uncompressed too). For a
// page given compressed bytes as well (`gzipPages`), a request whose Accept-Encoding names gzip gets those bytes as
// they are (Content-Encoding: gzip), as a static file server answers a file it keeps compressed: the reference for a
// cache in front that answers browsers with a compressed copy.
//
// It runs in its own process (`node static-server.mjs <pages.json> <host> <port>`), never in the bench's process:
// there autocannon would share its event loop and the reference would look slower than it is.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { waitForHttp, stopProcess } from '../../scripts/lib/processes.mjs';

const SELF = fileURLToPath(import.meta.url);

/**
 * Writes the pages to `tmpDir`, starts the child and waits until it answers. `pages` maps a path to its HTML; `json`
 * maps a path to the JSON answered to a POST there (the request's body is read first, as any endpoint would);
 * `gzipPages` maps a path of `pages` to its gzip-compressed bytes (a Buffer), answered to requests that accept gzip.
 */
export async function startStaticServer({ pages = {}, gzipPages = {}, json = {}, host, port, tmpDir }) {
  const file = join(tmpDir, `static-pages-${port}.json`);
  const gzip = Object.fromEntries(Object.entries(gzipPages).map(([path, bytes]) => [path, Buffer.from(bytes).toString('base64')]));
  writeFileSync(file, JSON.stringify({ pages, gzip, json }));
  const child = spawn(process.execPath, [SELF, file, host, String(port)], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const url = `http://${host}:${port}`;
  // Any answer means it listens (a path held only for POST answers a GET with 404).
  await waitForHttp(`${url}${Object.keys(pages)[0] ?? Object.keys(json)[0]}`, { child, timeoutMs: 10_000, accept: () => true });
  return { url, pid: child.pid, stop: () => stopProcess(child) };
}

function serve(file, host, port) {
  // Buffers and headers are prepared once, as a static file server with a warm cache would.
  const held = (entries, type, { encoding, extra = {} } = {}) =>
    new Map(
      Object.entries(entries).map(([path, text]) => {
        const body = encoding ? Buffer.from(text, encoding) : Buffer.from(text);
        return [path, { body, headers: { 'content-type': type, 'content-length': body.length, ...extra } }];
      }),
    );
  const { pages: html, gzip, json } = JSON.parse(readFileSync(file, 'utf8'));
  const pages = held(html, 'text/html; charset=utf-8');
  const gzipped = held(gzip ?? {}, 'text/html; charset=utf-8', { encoding: 'base64', extra: { 'content-encoding': 'gzip', vary: 'Accept-Encoding' } });
  const answers = held(json, 'application/json');
  // The same test as a file server's: the header names gzip (q-values are not weighed; the bench never sends gzip;q=0).
  const acceptsGzip = (req) => gzipped.size > 0 && /gzip/i.test(req.headers['accept-encoding'] ?? '');
  createServer((req, res) => {
    if (req.method === 'POST') {
      const answer = answers.get(req.url);
      req.resume();
      req.on('end', () => (answer ? res.writeHead(200, answer.headers).end(answer.body) : res.writeHead(404).end()));
      return;
    }
    const page = (acceptsGzip(req) && gzipped.get(req.url)) || pages.get(req.url);
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, page.headers).end(page.body);
  }).listen(port, host);
}

if (process.argv[1] === SELF) serve(process.argv[2], process.argv[3], Number(process.argv[4]));
