// Types of what TypeScript callers (the `dashboards` hook) use of scripts/lib/dashboards.mjs.
import type { Knex } from 'knex';

export declare function panamaClockShiftHours(client: string, now?: Date): number;
export declare function panamaDate(now?: Date): string;
export declare function dashboardClock(client: string, now?: Date): {
  nowPanama: (hours?: number) => string;
  today: { from: string; to: string };
};
export declare function dashboardsOutOfDate(db: Knex, now?: Date): Promise<boolean>;
export declare function reconcileDashboards(options: {
  db: Knex;
  schema: { collections: Record<string, { fields: Record<string, unknown> } | undefined> };
  log: (line: string) => void;
  now?: Date;
}): Promise<string[]>;
