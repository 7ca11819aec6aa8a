import { revalidateTag } from 'next/cache';
import { NextResponse, type NextRequest } from 'next/server';
import { revalidationPayloadSchema, tagsForCollection } from '@/features/content/revalidation';
import { readContentWebhook } from '@/features/content/content-webhook';
import { recheckContent } from '@/features/content/content-recheck';
import { ContentServiceError } from '@/features/content/content-error';

/**
 * Webhook of the content service: expires the cache tags of the changed collection. Also takes the storefront's own
 * start-up recheck (src/instrumentation.ts), which expires what changed while it was stopped.
 */
export async function POST(request: NextRequest) {
  const parsed = await readContentWebhook(request, {
    header: 'x-revalidate-secret',
    schema: revalidationPayloadSchema,
    feature: 'Revalidation',
    shape: '{ "collection": "<name>", "keys": [...] } or { "recheck": "startup" }',
  });
  if (!parsed.ok) return parsed.response;
  if ('recheck' in parsed.data) {
    try {
      const { since, tags } = await recheckContent();
      return NextResponse.json({ revalidated: tags, since: since ?? null });
    } catch (error) {
      // The caller retries later; meanwhile cached pages keep serving.
      if (error instanceof ContentServiceError) return NextResponse.json({ error: `The content service could not be asked: ${error.message}` }, { status: 503 });
      throw error;
    }
  }
  const tags = tagsForCollection(parsed.data.collection);
  for (const tag of tags) revalidateTag(tag, 'max');
  return NextResponse.json({ revalidated: tags });
}
