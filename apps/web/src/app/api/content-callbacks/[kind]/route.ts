import { revalidateTag } from 'next/cache';
import { NextResponse, type NextRequest } from 'next/server';
import {
  ContentServiceError,
  contentCallback,
  isCallbackKind,
  recheckContent,
  revalidationPayloadSchema,
  tagsForCollection,
  unknownCallback,
  type CallbackHandler,
  type CallbackKind,
} from '@/content';
import { accountEmailCallback } from '@/features/accounts';
import { renewQuoteContent } from '@/features/pricing';
import { reminderCallback } from '@/features/reminders';

/**
 * The content service's callbacks, one kind per path segment, each with its own secret (docs/architecture.md,
 * "Callbacks from the content service").
 */
const callbacks: Record<CallbackKind, CallbackHandler> = {
  // The "Revalidate storefront" flow after an edit: expires the changed collection's cache tags. Also the storefront's
  // own start-up recheck (src/instrumentation.ts), which expires what changed while it was stopped.
  revalidate: contentCallback('revalidate', {
    schema: revalidationPayloadSchema,
    shape: '{ "collection": "<name>", "keys": [...] } or { "recheck": "startup" }',
    handle: async (payload) => {
      if ('recheck' in payload) {
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
      const tags = tagsForCollection(payload.collection);
      for (const tag of tags) revalidateTag(tag, 'max');
      renewQuoteContent();
      return NextResponse.json({ revalidated: tags });
    },
  }),
  // An account e-mail for the storefront's mailer (features/accounts).
  'account-emails': accountEmailCallback,
  // A due reminder before pickup for the mailer (features/reminders).
  reminders: reminderCallback,
};

export async function POST(request: NextRequest, { params }: { params: Promise<{ kind: string }> }) {
  const { kind } = await params;
  if (!isCallbackKind(kind)) return unknownCallback(kind);
  return callbacks[kind](request);
}
