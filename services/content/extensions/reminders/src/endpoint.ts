// POST /reminders/run: one pass of the reminders now (docs/booking-api.md, "Reminder before pickup"), for staff and
// the tests, which need not wait for the schedule. Administrators only: 401 without a token, 403 for anyone else
// (the storefront included).
//
//   body (optional) { now?: ISO instant, only?: reservation numbers[] }
//   `now` decides what is due at that instant instead of the clock's (the claim itself records the clock's time);
//   `only` limits the pass to those reservations. Answers 200 { data: { as_of, sent: [numbers],
//   not_sent: [{ reservation_number, reason }] } }, or 503 when the storefront's address is not configured.
import { defineEndpoint } from '../../shared/define';
import { endpointKit, errorBody, invalid } from '../../shared/endpoint';
import { CALLBACK_SECRET_NAMES } from '../../shared/schema';
import { createDelivery, remindersUrl } from './delivery';
import { checkRunRequest } from './run-request';
import { runReminders } from './run';

export default defineEndpoint({
  id: 'reminders',
  handler: (router, { services, database, logger }) => {
    const { handle, onlyAdministrators } = endpointKit({ id: 'reminders', database, logger });

    router.post('/run', onlyAdministrators('run the reminders'), handle(async (req, res) => {
      const checked = checkRunRequest(req.body, new Date());
      if ('problem' in checked) return invalid(res, checked.problem.field, checked.problem.message);
      const url = remindersUrl(process.env.STOREFRONT_REVALIDATE_URL);
      const secret = process.env[CALLBACK_SECRET_NAMES.reminders] ?? '';
      if (!url || !secret) {
        return res.status(503).json(errorBody('The storefront\'s address (STOREFRONT_REVALIDATE_URL) or REMINDERS_SECRET is not set', { code: 'SERVICE_UNAVAILABLE' }));
      }
      const { now, only } = checked.request;
      const result = await runReminders({ services, database, schema: req.schema, logger, now, deliver: createDelivery({ url, secret }), ...(only ? { only } : {}) });
      return res.status(200).json({ data: { as_of: now.toISOString(), ...result } });
    }));
  },
});
