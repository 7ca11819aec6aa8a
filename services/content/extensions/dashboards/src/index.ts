// Hook `dashboards`: the admin's "Hoy" dashboard filters on Panama's date, written when the panels are reconciled
// (scripts/prepare.mjs at every start). Every five minutes this checks whether Panama's date has moved on since then
// and, if so, reconciles the dashboards again (scripts/lib/dashboards.mjs), so "today" follows the calendar without a
// restart. Directus runs a hook's schedule on one instance per tick; a second pass meeting it writes the same rows.
import { dashboardsOutOfDate, reconcileDashboards } from '../../../scripts/lib/dashboards.mjs';
import { defineHook } from '../../shared/define';

const DASHBOARDS_SCHEDULE = '*/5 * * * *';

export default defineHook(({ schedule }, { database, getSchema, logger }) => {
  schedule(DASHBOARDS_SCHEDULE, async () => {
    try {
      const now = new Date();
      if (!(await dashboardsOutOfDate(database, now))) return;
      const schema = await getSchema();
      await reconcileDashboards({ db: database, schema, log: (line) => logger.info(line), now });
    } catch (error) {
      logger.error(error, 'dashboards: moving "today" on failed; the next pass (in five minutes) tries again');
    }
  });
});
