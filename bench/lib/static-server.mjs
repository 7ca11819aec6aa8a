// The reference: a plain Node `http` server answering with HTML held in memory, no framework, no compression
// (autocannon sends no Accept-Encoding, so Next answers uncompressed too).
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

/** Writes the pages to `tmpDir`, starts the child and waits until it answers. `pages` maps a path to its HTML. */
export async function startStaticServer({ pages, host, port, tmpDir }) {
  const file = join(tmpDir, 'static-pages.json');
  writeFileSync(file, JSON.stringify(pages));
  const child = spawn(process.execPath, [SELF, file, host, String(port)], { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const url = `http://${host}:${port}`;
  await waitForHttp(`${url}${Object.keys(pages)[0]}`, { child, timeoutMs: 10_000 });
  return { url, pid: child.pid, stop: () => stopProcess(child) };
}

function serve(file, host, port) {
  // Buffers and headers are prepared once, as a static file server with a warm cache would.
  const pages = new Map(
    Object.entries(JSON.parse(readFileSync(file, 'utf8'))).map(([path, html]) => {
      const body = Buffer.from(html);
      return [path, { body, headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': body.length } }];
    }),
  );
  createServer((req, res) => {
    const page = pages.get(req.url);
    if (!page) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, page.headers).end(page.body);
  }).listen(port, host);
}

if (process.argv[1] === SELF) serve(process.argv[2], process.argv[3], Number(process.argv[4]));
