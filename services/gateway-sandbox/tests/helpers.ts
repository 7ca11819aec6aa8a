// Test helpers: a sandbox process of the test file's own (free port, temporary data folder, fast webhook retries),
// small API clients for both providers, and a webhook receiver on 127.0.0.1.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGatewaySandbox, type GatewaySandbox } from '../../../scripts/lib/gateway-sandbox.mjs';
import { freePort } from '../../../scripts/lib/processes.mjs';

export const KEYS = {
  publishable: 'pk_test_unit',
  secret: 'sk_test_unit',
  webhookSecret: 'whsec_unit_secret',
  paypalClientId: 'unit-client-id',
  paypalClientSecret: 'unit-client-secret',
  paypalWebhookId: 'WH-UNIT-TEST',
};

export const CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  threeDs: '4000000000003220',
  insufficient: '4000000000009995',
  /** Luhn-valid, no special outcome (a Mastercard). */
  other: '5555555555554444',
};

export interface TestSandbox extends GatewaySandbox {
  /** Everything the process printed (stdout and stderr), line by line as printed (JSON lines). */
  output: string[];
  /** Stops the process; the data folder stays for a restart until remove(). */
  remove: () => void;
}

/**
 * Notes a process for the harness, so an interrupted `npm test` still stops it (TEST_PROCESS_DIR); returns the
 * function that forgets it once it was stopped.
 */
function trackProcess(pid: number): () => void {
  const dir = process.env.TEST_PROCESS_DIR;
  if (!dir) return () => {};
  const file = join(dir, String(pid));
  writeFileSync(file, '');
  return () => rmSync(file, { force: true });
}

/** Starts a sandbox of its own; pass `dataDir` to restart on a previous one's data. */
export async function startTestSandbox(env: Record<string, string> = {}, dataDir?: string): Promise<TestSandbox> {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), 'gateway-sandbox-test-'));
  const output: string[] = [];
  const sandbox = await startGatewaySandbox({
    env: {
      GATEWAY_SANDBOX_HOST: '127.0.0.1',
      GATEWAY_SANDBOX_PORT: String(await freePort()),
      GATEWAY_SANDBOX_DATA_DIR: dir,
      GATEWAY_SANDBOX_WEBHOOK_RETRY_MS: '50',
      GATEWAY_SANDBOX_METROBANK_WEBHOOK_URL: 'off',
      GATEWAY_SANDBOX_PAYPAL_WEBHOOK_URL: 'off',
      METROBANK_PUBLISHABLE_KEY: KEYS.publishable,
      METROBANK_SECRET_KEY: KEYS.secret,
      METROBANK_WEBHOOK_SECRET: KEYS.webhookSecret,
      PAYPAL_CLIENT_ID: KEYS.paypalClientId,
      PAYPAL_CLIENT_SECRET: KEYS.paypalClientSecret,
      PAYPAL_WEBHOOK_ID: KEYS.paypalWebhookId,
      ...env,
    },
    // Every line as the process printed it: the sandbox's JSON lines are relayed unchanged.
    log: Object.assign((line: string) => output.push(line), { relay: (line: string) => output.push(line) }),
  });
  const untrack = trackProcess(sandbox.pid);
  return {
    ...sandbox,
    output,
    stop: async () => {
      await sandbox.stop();
      untrack();
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export interface ApiAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function call<T = Record<string, unknown>>(
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
): Promise<ApiAnswer<T>> {
  const response = await fetch(url, {
    method,
    headers: { ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, body: parsed as T, text };
}

// --- card gateway ---

export type Json = Record<string, unknown>;

export function cardClient(base: string) {
  const api = `${base}/metrobank/v1`;
  let counter = 0;
  const nextKey = () => `test-key-${Date.now()}-${(counter += 1)}`;
  return {
    async token(number: string, extra: Json = {}): Promise<ApiAnswer> {
      return call(`${api}/tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.publishable}` },
        body: { card: { number, exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, cvc: '123', name: 'Ana Pérez', ...extra } },
      });
    },
    async tokenId(number: string): Promise<string> {
      const answer = await this.token(number);
      if (answer.status !== 200) throw new Error(`token: ${answer.status} ${answer.text}`);
      return String(answer.body.id);
    },
    async intent(body: Json, key: string = nextKey()): Promise<ApiAnswer> {
      return call(`${api}/payment_intents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${KEYS.secret}`, 'idempotency-key': key },
        body: { currency: 'usd', confirm: true, ...body },
      });
    },
    async getIntent(id: string): Promise<ApiAnswer> {
      return call(`${api}/payment_intents/${id}`, { headers: { authorization: `Bearer ${KEYS.secret}` } });
    },
    async refund(body: Json, key: string = nextKey()): Promise<ApiAnswer> {
      return call(`${api}/refunds`, { method: 'POST', headers: { authorization: `Bearer ${KEYS.secret}`, 'idempotency-key': key }, body });
    },
    nextKey,
  };
}

/** Answers the 3-D Secure page as a browser would: GET it, submit its form with the chosen button. */
export async function answerThreeDs(url: string, result: 'complete' | 'fail'): Promise<ApiAnswer> {
  const pageAnswer = await call(url);
  if (pageAnswer.status !== 200) throw new Error(`3DS page: ${pageAnswer.status}`);
  const action = /<form method="post" action="([^"]+)"/.exec(pageAnswer.text)?.[1];
  const challenge = /name="challenge" value="([^"]*)"/.exec(pageAnswer.text)?.[1];
  if (!action || challenge === undefined) throw new Error('3DS page: no form');
  return call(new URL(action.replaceAll('&amp;', '&'), url).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ challenge, result }).toString(),
  });
}

// --- PayPal ---

export function paypalClient(base: string) {
  const api = `${base}/paypal`;
  let token = '';
  const auth = () => ({ authorization: `Bearer ${token}` });
  return {
    async login(): Promise<string> {
      const answer = await call(`${api}/v1/oauth2/token`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${KEYS.paypalClientId}:${KEYS.paypalClientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
      if (answer.status !== 200) throw new Error(`oauth: ${answer.status} ${answer.text}`);
      token = String(answer.body.access_token);
      return token;
    },
    get token() {
      return token;
    },
    async createOrder(value = '123.45', extra: { requestId?: string; unit?: Json; body?: Json } = {}): Promise<ApiAnswer> {
      return call(`${api}/v2/checkout/orders`, {
        method: 'POST',
        headers: { ...auth(), ...(extra.requestId ? { 'paypal-request-id': extra.requestId } : {}) },
        body: extra.body ?? {
          intent: 'CAPTURE',
          purchase_units: [{ reference_id: 'RES-1', custom_id: 'RES-1', description: 'Rental RES-1', amount: { currency_code: 'USD', value }, ...extra.unit }],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: 'http://127.0.0.1:3999/paypal/return?x=1',
                cancel_url: 'http://127.0.0.1:3999/paypal/cancel',
                brand_name: 'Firefly Panamá',
                locale: 'es-PA',
                user_action: 'PAY_NOW',
                shipping_preference: 'NO_SHIPPING',
              },
            },
          },
        },
      });
    },
    async getOrder(id: string): Promise<ApiAnswer> {
      return call(`${api}/v2/checkout/orders/${id}`, { headers: auth() });
    },
    async capture(id: string, requestId?: string): Promise<ApiAnswer> {
      return call(`${api}/v2/checkout/orders/${id}/capture`, {
        method: 'POST',
        headers: { ...auth(), ...(requestId ? { 'paypal-request-id': requestId } : {}) },
        body: {},
      });
    },
    async refund(captureId: string, body: Json = {}, requestId?: string): Promise<ApiAnswer> {
      return call(`${api}/v2/payments/captures/${captureId}/refund`, {
        method: 'POST',
        headers: { ...auth(), ...(requestId ? { 'paypal-request-id': requestId } : {}) },
        body,
      });
    },
    async get(path: string): Promise<ApiAnswer> {
      return call(`${api}${path}`, { headers: auth() });
    },
    async post(path: string, body: unknown): Promise<ApiAnswer> {
      return call(`${api}${path}`, { method: 'POST', headers: auth(), body });
    },
    /** The buyer's "Pay now" (or "Cancel") on the sandbox page: the 303 answer. */
    async buyer(orderId: string, action: 'pay' | 'cancel'): Promise<ApiAnswer> {
      return call(`${api}/checkoutnow`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: orderId, action }).toString(),
      });
    },
  };
}

// --- webhooks ---

export interface ReceivedHook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP server on 127.0.0.1 that records what it receives; `failures` answers 500 to the first n requests. */
export async function startReceiver({ failures = 0 }: { failures?: number } = {}) {
  const received: ReceivedHook[] = [];
  let failuresLeft = failures;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        response.writeHead(500).end('not now');
      } else response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('receiver has no port');
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    received,
    /** Waits until `count` requests arrived (or fails after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 5_000): Promise<ReceivedHook[]> {
      await waitUntil(() => received.length >= count, timeoutMs, `${count} webhook(s) at ${url} (got ${received.length})`);
      return received.slice(0, count);
    },
    failNext(n: number) {
      failuresLeft = n;
    },
    stop: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 25));
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((done) => setTimeout(done, ms));
}
