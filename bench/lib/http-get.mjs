// A bare GET with node:http. Not fetch(): undici adds `accept-language: *` and `accept-encoding`, and the bench must
// request pages as a first-time visitor with no language preference (Spanish, uncompressed, no cookies). `headers`
// adds to that, e.g. the renter's draft cookie for the booking steps, or an Accept-Encoding: the answer's bytes are
// kept as they came (`bytes`, compressed when the server compressed), `body` is them read as UTF-8.
import { get, request } from 'node:http';

export function httpGet(url, { timeoutMs = 30_000, headers = {} } = {}) {
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: { accept: 'text/html', ...headers }, timeout: timeoutMs }, (res) => {
      const parts = [];
      res.on('data', (part) => parts.push(part));
      res.on('end', () => {
        const bytes = Buffer.concat(parts);
        resolve({ status: res.statusCode, headers: res.headers, bytes, body: bytes.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
  });
}

export function httpPostJson(url, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } }, (res) => {
      const parts = [];
      res.on('data', (part) => parts.push(part));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(parts).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(payload);
  });
}
