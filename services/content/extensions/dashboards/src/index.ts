// Hook `dashboards`: the admin's "Hoy" dashboard filters on Panama's date, written when the panels are reconciled
// (scripts/prepare.mjs at every start). Every five minutes this checks whether Panama's date, read through the
// domain, has moved on since then and, if so, reconciles the dashboards again (the kit's shared/dashboards.mjs), so
// "today" follows the calendar without a restart. Directus runs a hook's schedule on one instance per tick; a second
// pass meeting it writes the same rows. It also keeps the dollars of the amounts the dashboards sum (dollars.ts).
import { formatPanamaDate, panamaUtcOffsetMinutes } from '@rentacar/domain/dates';
import { dashboardsOutOfDate, reconcileDashboards } from '../../shared/dashboards.mjs';
import { defineHook } from '../../shared/define';
import { backfillDollars, DOLLAR_COPIES, withDollars } from './dollars';

const DASHBOARDS_SCHEDULE = '*/5 * * * *';

export default defineHook(({ schedule, filter, init }, { database, getSchema, logger }) => {
  for (const copy of DOLLAR_COPIES) {
    filter(`${copy.collection}.items.create`, (payload) => withDollars(copy, payload, { create: true }));
    filter(`${copy.collection}.items.update`, (payload) => withDollars(copy, payload, { create: false }));
  }

  init('app.after', () => {
    void (async () => {
      for (const copy of DOLLAR_COPIES) {
        try {
          const filled = await backfillDollars(database, copy);
          if (filled) logger.info(`dashboards: the dollars of ${filled} older ${copy.collection} row(s) filled in`);
        } catch (error) {
          logger.error(error, `dashboards: filling in the dollars of older ${copy.collection} rows failed; the next start tries again`);
        }
      }
    })();
  });

  schedule(DASHBOARDS_SCHEDULE, async () => {
    try {
      const now = new Date();
      const panama = { date: formatPanamaDate(now), utcOffsetMinutes: panamaUtcOffsetMinutes(now) };
      if (!(await dashboardsOutOfDate(database, panama.date))) return;
      const schema = await getSchema();
      await reconcileDashboards({ db: database, schema, log: (line) => logger.info(line), panama, now });
    } catch (error) {
      logger.error(error, 'dashboards: moving "today" on failed; the next pass (in five minutes) tries again');
    }
  });
});
