// Types of what TypeScript callers (the `dashboards` hook) use of dashboards.mjs.
import type { Knex } from 'knex';

/** Panama at an instant, as the caller's clock reads it: its calendar date `YYYY-MM-DD` and its offset from UTC. */
export interface PanamaReading {
  date: string;
  utcOffsetMinutes: number;
}

export declare function panamaClockShiftHours(client: string, panama: PanamaReading, now?: Date): number;
export declare function dashboardClock(client: string, panama: PanamaReading, now?: Date): {
  nowPanama: (hours?: number) => string;
  today: { from: string; to: string };
};
export declare function dashboardsOutOfDate(db: Knex, date: string): Promise<boolean>;
export declare function reconcileDashboards(options: {
  db: Knex;
  schema: { collections: Record<string, { fields: Record<string, unknown> } | undefined> };
  log: (line: string) => void;
  panama: PanamaReading;
  now?: Date;
}): Promise<string[]>;
