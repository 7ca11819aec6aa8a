import 'server-only';
import { createDirectus, rest, staticToken, type DirectusClient, type RestClient, type RestCommand, type StaticTokenClient } from '@directus/sdk';
import { serverEnv } from '@/lib/env';
import { countContentServiceError } from '@/lib/metrics';
import { logFor } from '@/lib/log';
import { withRequestId } from '@/lib/request-id';
import { ContentServiceError, toContentServiceError } from './errors';

const log = logFor('content');

const REQUEST_TIMEOUT_MS = 8000;

type ContentItem = Record<string, unknown>;

/** Collections the storefront reads; fields are validated by each reader's zod schema, not by the SDK. */
export type ContentSchema = {
  sites_config: ContentItem[];
  flota: ContentItem[];
  branches: ContentItem[];
  info_pages: ContentItem[];
  promos: ContentItem[];
  jobs: ContentItem[];
  coverages: ContentItem[];
  dropoff_fees: ContentItem[];
  delivery_options: ContentItem[];
  extras: ContentItem[];
  rate_seasons: ContentItem[];
  length_discounts: ContentItem[];
  coupons: ContentItem[];
  reservations: ContentItem[];
  reservation_drafts: ContentItem[];
  payments: ContentItem[];
  precheckins: ContentItem[];
  corporate_leads: ContentItem[];
  corporate_accounts: ContentItem[];
};

type ContentClient = DirectusClient<ContentSchema> & RestClient<ContentSchema> & StaticTokenClient<ContentSchema>;

/**
 * Who a request acts as. `storefront`: the storefront's static token, server side only,
 * which reads published content and writes bookings. `public`: no token at all, what any visitor may read (and the
 * auth calls: login, refresh, password reset). `{ user }`: a signed-in agent's access token, so the content service's
 * own permissions decide what the agent may read.
 */
export type ContentIdentity = 'storefront' | 'public' | { user: string };

const clients = new Map<'storefront' | 'public', ContentClient>();

function createClient(token: string): ContentClient {
  return createDirectus<ContentSchema>(serverEnv().directusUrl)
    .with(staticToken(token))
    // Every call names the request it serves (X-Request-Id), so the content service's log lines can be matched to it.
    .with(rest({ onRequest: (options) => ({ ...options, headers: withRequestId(options.headers), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }) }));
}

/**
 * One client per identity. Only on a developer machine may the
 * storefront token be missing, and its requests then run with public access: a deployment refuses to start without
 * it (src/lib/env.ts).
 */
function contentClient(identity: ContentIdentity): ContentClient {
  // A user's token changes with every refresh: a client per request costs an object, not a connection.
  if (typeof identity === 'object') return createClient(identity.user);
  const existing = clients.get(identity);
  if (existing) return existing;
  const client = createClient(identity === 'storefront' ? (serverEnv().storefrontToken ?? '') : '');
  clients.set(identity, client);
  return client;
}

/**
 * Runs one SDK request as `identity` (the storefront unless said otherwise); failures are logged with status and
 * rethrown as ContentServiceError.
 */
export async function contentRequest<Output>(
  what: string,
  command: RestCommand<Output, ContentSchema>,
  identity: ContentIdentity = 'storefront',
  quietStatuses: readonly number[] = [],
): Promise<Output> {
  if (!what) throw new Error('contentRequest needs a description of the request (collection and purpose)');
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await contentClient(identity).request(command);
    } catch (error) {
      const failure = toContentServiceError(error, what, quietStatuses);
      const pause = PRESSURE_RETRY_DELAYS_MS[attempt];
      if (pause === undefined || !isUnderPressure(failure)) throw failure;
      await new Promise((done) => setTimeout(done, pause));
    }
  }
}

/**
 * One renter's record, reached through its proof (a reference, or a number and e-mail): undefined when the content
 * service has none (404), which is an answer, not a failure to log.
 */
export async function contentRecordRequest<Output>(what: string, command: RestCommand<Output, ContentSchema>): Promise<Output | undefined> {
  try {
    return await contentRequest(what, command, 'storefront', [404]);
  } catch (error) {
    if (error instanceof ContentServiceError && error.statusCode === 404) return undefined;
    throw error;
  }
}

/**
 * Directus sheds load with 503 "Under pressure" before it handles a request (its pressure limiter, when its event loop
 * lags), so the same request, a write included, can be sent again: twice, after a short pause, before giving up.
 */
const PRESSURE_RETRY_DELAYS_MS = [250, 1000];

function isUnderPressure(failure: ContentServiceError): boolean {
  return failure.statusCode === 503 && JSON.stringify(failure.body ?? '').includes('Under pressure');
}

/** Public URL of a content-service file (`{directus-url}/assets/{file id}`), or undefined without a file. */
export function assetUrl(fileId: string | null | undefined): string | undefined {
  if (!fileId) return undefined;
  return `${serverEnv().directusPublicUrl}/assets/${encodeURIComponent(fileId)}`;
}

const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * POSTs a multipart body (an upload route of the content service's extensions) as the storefront, or as a signed-in
 * user (counter staff uploading a photo); its status
 * and JSON body (null when it has none). Undefined when the content service could not be reached or did not answer
 * in time: the caller says the service is unavailable.
 */
export async function contentFormPost(path: string, body: FormData, what: string, identity: 'storefront' | { user: string } = 'storefront'): Promise<{ status: number; body: unknown } | undefined> {
  const env = serverEnv();
  const token = typeof identity === 'object' ? identity.user : env.storefrontToken;
  try {
    const response = await fetch(`${env.directusUrl}${path}`, {
      method: 'POST',
      body,
      headers: withRequestId(token ? { authorization: `Bearer ${token}` } : {}),
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
    if (response.status >= 500) countContentServiceError(response.status);
    return { status: response.status, body: await response.json().catch(() => null) };
  } catch (error) {
    log.error({ err: error }, `${what} failed: the content service did not answer`);
    countContentServiceError('unreachable');
    return undefined;
  }
}

/**
 * The SDK answers an endpoint's `{ data }` as `data` itself, and the whole body only when it also has `meta`: the
 * extensions' answers are read either way.
 */
export function endpointData(body: unknown): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'data' in body ? body.data : body;
}
