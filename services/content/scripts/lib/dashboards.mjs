// The start-up reconcile of the admin's Insights dashboards (scripts/prepare.mjs, every start): the extensions' kit
// reconciles them (extensions/shared/dashboards.mjs, which the `dashboards` hook also runs when Panama's date moves
// on), told Panama's date and offset from here. This plain JavaScript cannot import the domain's TypeScript (the
// hook reads Panama's clock through it), so it keeps the domain's rule: Panama is UTC−5 all year, no daylight saving.
// dashboards.test.mjs checks that the two readings agree.

import { reconcileDashboards as reconcile } from '../../extensions/shared/dashboards.mjs';

const PANAMA_UTC_OFFSET_MINUTES = -5 * 60;

/** Panama's calendar date `YYYY-MM-DD` and offset from UTC at `now`. */
export function panamaAt(now = new Date()) {
  const date = new Date(now.getTime() + PANAMA_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
  return { date, utcOffsetMinutes: PANAMA_UTC_OFFSET_MINUTES };
}

/** The dashboards as of `now` (see the kit's reconcileDashboards). */
export function reconcileDashboards({ db, schema, log, now = new Date() }) {
  return reconcile({ db, schema, log, panama: panamaAt(now), now });
}
