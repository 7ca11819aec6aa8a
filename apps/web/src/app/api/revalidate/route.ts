import { revalidateTag } from 'next/cache';
import { NextResponse, type NextRequest } from 'next/server';
import { ContentServiceError, readContentWebhook, recheckContent, revalidationPayloadSchema, tagsForCollection } from '@/content';
import { renewQuoteContent } from '@/features/pricing';

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
      renewQuoteContent();
      return NextResponse.json({ revalidated: tags, since: since ?? null });
    } catch (error) {
      // The caller retries later; meanwhile cached pages keep serving.
      if (error instanceof ContentServiceError) return NextResponse.json({ error: `The content service could not be asked: ${error.message}` }, { status: 503 });
      throw error;
    }
  }
  const tags = tagsForCollection(parsed.data.collection);
  for (const tag of tags) revalidateTag(tag, 'max');
  renewQuoteContent();
  return NextResponse.json({ revalidated: tags });
}
