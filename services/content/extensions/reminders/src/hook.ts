// Hook `reminder-schedule`: every five minutes, one pass of the reminders (run.ts): each reservation whose reminder is
// due (its brand's `reminder_hours_before_pickup` before pickup, 24 by default) is handed once to the storefront, which
// sends the e-mail. Directus runs a hook's schedule on one instance per tick (its synchronised jobs); the claim on the
// reservation's row keeps it to one e-mail even when two passes meet. A tick that is missed (the service was down) is
// caught up by the next: a reservation stays due until its pickup.
import { defineHook } from '../../shared/define';
import { CALLBACK_SECRET_NAMES } from '../../shared/schema';
import { createDelivery, remindersUrl } from './delivery';
import { runReminders } from './run';

const REMINDER_SCHEDULE = '*/5 * * * *';

export default defineHook(({ schedule }, { services, database, getSchema, logger }) => {
  const url = remindersUrl(process.env.STOREFRONT_REVALIDATE_URL);
  const secret = process.env[CALLBACK_SECRET_NAMES.reminders] ?? '';
  if (!url || !secret) {
    logger.warn('reminders: STOREFRONT_REVALIDATE_URL or REMINDERS_SECRET is not set; no reminder before pickup is sent');
    return;
  }
  const deliver = createDelivery({ url, secret });
  schedule(REMINDER_SCHEDULE, async () => {
    const schema = await getSchema();
    if (!schema.collections.reservations?.fields.reminder_sent_at) return;
    try {
      await runReminders({ services, database, schema, logger, now: new Date(), deliver });
    } catch (error) {
      logger.error(error, 'reminders: the pass failed; the next one (in five minutes) catches up');
    }
  });
});
