import { NextResponse, type NextRequest } from 'next/server';
import { readContentWebhook } from '@/content';
import { reminderRequestSchema, sendReminder } from '@/features/reminders';

/**
 * The content service's schedule hands a due reminder here (docs/booking-api.md, "Reminder before pickup"), to be
 * written and sent by the storefront's mailer. Authenticated with the content service's webhook secret
 * (REVALIDATE_SECRET), as the account e-mails. 202 once sent; 409 for another brand's reservation, 422 for a branch
 * this site does not show, 502 when the mailer failed: the content service then tries again at its next run.
 */
export async function POST(request: NextRequest) {
  const parsed = await readContentWebhook(request, {
    header: 'x-content-webhook-secret',
    schema: reminderRequestSchema,
    feature: 'Reminders',
    shape: '{ "reservation_number", "brand", "language", "to", "first_name", "pickup_branch", "pickup_date", "precheckin_done", "payment", "card" }',
  });
  if (!parsed.ok) return parsed.response;
  const outcome = await sendReminder(parsed.data);
  if (!outcome.sent) return NextResponse.json({ error: outcome.error }, { status: outcome.status });
  return NextResponse.json({ sent: true }, { status: 202 });
}
