// POST /retention/run: runs the retention job now (docs/privacy.md), for staff and the tests. Administrators only:
// 401 without a token, 403 for anyone else (the storefront included).
//
//   body (optional) { now?: ISO instant, only?: { precheckins?, job_applications?, reservation_drafts?, corporate_leads?: ids[] } }
//   `now` counts the periods to that instant instead of the clock's (a future one shows what would go then, and removes
//   it); `only` limits the run to those records. Answers 200 { data: { as_of, removed: { scans, cvs, drafts, leads } } }.
import { defineEndpoint } from '../../shared/define';
import { endpointKit, invalid } from '../../shared/endpoint';
import { checkRunRequest } from './run-request';
import { runRetention } from './retention';

export default defineEndpoint({
  id: 'retention',
  handler: (router, { services, database, logger }) => {
    const { handle, onlyAdministrators } = endpointKit({ id: 'retention', database, logger });

    router.post('/run', onlyAdministrators('run the retention job'), handle(async (req, res) => {
      const checked = checkRunRequest(req.body, new Date());
      if ('problem' in checked) return invalid(res, checked.problem.field, checked.problem.message);
      const { now, only } = checked.request;
      const removed = await runRetention({ services, database, schema: req.schema, logger, now, trigger: 'manual', ...(only ? { only } : {}) });
      return res.status(200).json({ data: { as_of: now.toISOString(), removed } });
    }));
  },
});
