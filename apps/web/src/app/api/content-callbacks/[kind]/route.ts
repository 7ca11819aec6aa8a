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
import { reminderRequestSchema, sendReminder } from '@/features/reminders';

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
  // A due reminder before pickup from the content service's schedule (docs/booking-api.md, "Reminder before pickup").
  // 409 for another brand's reservation, 422 for a branch this site does not show, 502 when the mailer failed: the
  // content service then tries again at its next run.
  reminders: contentCallback('reminders', {
    schema: reminderRequestSchema,
    shape: '{ "reservation_number", "brand", "language", "to", "first_name", "pickup_branch", "pickup_date", "precheckin_done", "payment", "card" }',
    handle: async (reminder) => {
      const outcome = await sendReminder(reminder);
      if (!outcome.sent) return NextResponse.json({ error: outcome.error }, { status: outcome.status });
      return NextResponse.json({ sent: true }, { status: 202 });
    },
  }),
};

export async function POST(request: NextRequest, { params }: { params: Promise<{ kind: string }> }) {
  const { kind } = await params;
  if (!isCallbackKind(kind)) return unknownCallback(kind);
  return callbacks[kind](request);
}
