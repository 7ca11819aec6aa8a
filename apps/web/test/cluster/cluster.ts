import { get } from 'node:http';

// What the cluster tests know about the cluster scripts/test-cluster.mjs started, and its control server.

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the cluster tests with \`npm run test:cluster\``);
  return value;
}

/** nginx in front of the instances. */
export const clusterUrl = required('CLUSTER_URL');
/** Each storefront instance, reached directly (web-1, web-2). */
export const instanceUrls = required('CLUSTER_INSTANCE_URLS').split(',');
/** Each instance's Prometheus metrics (GET), in the same order. */
export const metricsUrls = required('CLUSTER_METRICS_URLS').split(',');
export const contentUrl = required('CONTENT_URL');
/** nginx's page cache on disk: one file per copy, its key on a `KEY:` line, then the stored answer's headers and body. */
export const nginxCacheDir = required('NGINX_CACHE_DIR');
const controlUrl = required('CLUSTER_CONTROL_URL');

export type PartName = 'postgres' | 'redis' | 'content' | 'gateway' | 'nginx' | `web-${number}`;

/** Stops a part gracefully, or kills it with SIGKILL (a crash), until `startPart` starts it again. */
async function control(action: 'stop' | 'start' | 'kill', part: PartName): Promise<void> {
  const response = await fetch(`${controlUrl}/parts/${part}/${action}`, { method: 'POST' });
  if (!response.ok) throw new Error(`cluster control: ${action} ${part} answered ${response.status}: ${await response.text()}`);
}

export const stopPart = (part: PartName) => control('stop', part);
export const startPart = (part: PartName) => control('start', part);
export const killPart = (part: PartName) => control('kill', part);

/** Resolves once `url` answers 200, asking every 250 ms for at most `seconds`. */
export async function untilAnswers(url: string, seconds = 60): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200) return;
    } catch {
      // Not yet.
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${url} did not answer 200 within ${seconds} s`);
}

/** A response whose status and headers arrived, then its body was cut off (the server died while answering). */
export class CutOffError extends Error {}

/**
 * A GET as a returning Spanish-speaking visitor (the language cookie already set), with what nginx says of its cache.
 * Rejects with CutOffError when the answer had begun (nginx can no longer retry it elsewhere) and broke off.
 */
export async function getPage(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { redirect: 'manual', headers: { 'accept-language': 'es-ES', cookie: 'i18n_redirected=es; language=es', ...headers } });
  let body: string;
  try {
    body = await response.text();
  } catch (error) {
    throw new CutOffError(`${url}: ${response.status}, then ${error instanceof Error ? `${error.message} (${String(error.cause)})` : String(error)}`);
  }
  return { status: response.status, body, cache: response.headers.get('x-cache-status'), servedBy: response.headers.get('x-served-by'), headers: response.headers };
}

/**
 * A GET with node:http, which (unlike fetch) neither adds an Accept-Encoding nor decodes the answer: `bytes` are what
 * nginx sent, compressed or not. `headers` are the request's only headers besides Host.
 */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer; cache: string | null }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const parts: Buffer[] = [];
      response.on('data', (part: Buffer) => parts.push(part));
      response.on('end', () => {
        const cache = response.headers['x-cache-status'];
        resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes: Buffer.concat(parts), cache: typeof cache === 'string' ? cache : null });
      });
      response.on('error', reject);
    }).on('error', reject);
  });
}

export type Json = Record<string, unknown>;

/** A POST of JSON to the storefront at `baseUrl` from client address `from`, with its answer and who served it. */
export async function postJson(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'es-ES', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let json: Json;
  try {
    json = JSON.parse(text) as Json;
  } catch {
    json = { raw: text };
  }
  return { status: response.status, json, headers: response.headers, servedBy: response.headers.get('x-served-by') };
}
