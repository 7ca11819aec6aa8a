import { revalidateTag } from 'next/cache';
import { NextResponse, type NextRequest } from 'next/server';
import { serverEnv } from '@/lib/env';
import { isValidSecret, revalidationPayloadSchema, tagsForCollection } from '@/features/content/revalidation';
import { recheckContent } from '@/features/content/content-recheck';
import { ContentServiceError } from '@/features/content/content-error';

/**
 * Webhook of the content service: expires the cache tags of the changed collection. Also takes the storefront's own
 * start-up recheck (src/instrumentation.ts), which expires what changed while it was stopped.
 */
export async function POST(request: NextRequest) {
  const { revalidateSecret } = serverEnv();
  if (!revalidateSecret) {
    return NextResponse.json({ error: 'Revalidation is not configured: set REVALIDATE_SECRET' }, { status: 503 });
  }
  if (!isValidSecret(request.headers.get('x-revalidate-secret'), revalidateSecret)) {
    return NextResponse.json({ error: 'Invalid or missing x-revalidate-secret header' }, { status: 401 });
  }
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return NextResponse.json({ error: 'Body must be JSON: { "collection": "<name>", "keys": [...] } or { "recheck": "startup" }' }, { status: 400 });
  }
  const parsed = revalidationPayloadSchema.safeParse(body);
  if (!parsed.success) {
    return NextResponse.json({ error: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ') }, { status: 400 });
  }
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
