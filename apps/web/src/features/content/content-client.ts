import 'server-only';
import { createDirectus, rest, staticToken, type DirectusClient, type RestClient, type RestCommand, type StaticTokenClient } from '@directus/sdk';
import { serverEnv } from '@/lib/env';
import { toContentServiceError } from './content-error';

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
};

type ContentClient = DirectusClient<ContentSchema> & RestClient<ContentSchema> & StaticTokenClient<ContentSchema>;

let client: ContentClient | undefined;

/**
 * The storefront's single seam to the content service. Requests carry the storefront's static token (the spec's
 * "static token for public requests"). Only on a developer machine may it be missing, and requests then run with
 * public access: a deployment refuses to start without it (src/lib/env.ts).
 */
function contentClient(): ContentClient {
  if (client) return client;
  const env = serverEnv();
  client = createDirectus<ContentSchema>(env.directusUrl)
    .with(staticToken(env.storefrontToken ?? ''))
    .with(rest({ onRequest: (options) => ({ ...options, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }) }));
  return client;
}

/** Runs one SDK request; failures are logged with status and rethrown as ContentServiceError. */
export async function contentRequest<Output>(what: string, command: RestCommand<Output, ContentSchema>): Promise<Output> {
  if (!what) throw new Error('contentRequest needs a description of the request (collection and purpose)');
  try {
    return await contentClient().request(command);
  } catch (error) {
    throw toContentServiceError(error, what);
  }
}

/** Public URL of a content-service file (`{directus-url}/assets/{file id}`), or undefined without a file. */
export function assetUrl(fileId: string | null | undefined): string | undefined {
  if (!fileId) return undefined;
  return `${serverEnv().directusPublicUrl}/assets/${encodeURIComponent(fileId)}`;
}
