import 'server-only';
import { NextResponse } from 'next/server';
import { contentCallback } from '@/content';
import { reminderRequestSchema, sendReminder } from './reminders';

/**
 * The callback kind `reminders` (`POST /api/content-callbacks/reminders`, docs/architecture.md): a due reminder before
 * pickup from the content service's schedule (docs/booking-api.md, "Reminder before pickup"). 409 for another brand's
 * reservation, 422 for a branch this site does not show, 502 when the mailer failed: the content service then tries
 * again at its next run.
 */
export const reminderCallback = contentCallback('reminders', {
  schema: reminderRequestSchema,
  shape: '{ "reservation_number", "brand", "language", "to", "first_name", "pickup_branch", "pickup_date", "precheckin_done", "payment", "card" }',
  handle: async (reminder) => {
    const outcome = await sendReminder(reminder);
    if (!outcome.sent) return NextResponse.json({ error: outcome.error }, { status: outcome.status });
    return NextResponse.json({ sent: true }, { status: 202 });
  },
});
