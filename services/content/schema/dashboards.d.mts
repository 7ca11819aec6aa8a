// Types of what TypeScript callers (the extensions' tests) use of schema/dashboards.mjs.

export interface DashboardClock {
  nowPanama: (hours?: number) => string;
  today: { from: string; to: string };
}

export interface PanelDefinition {
  id: string;
  name: string;
  type: string;
  /** Fields (`collection.field`) the panel needs: without them it is not created. */
  requires?: string[];
  options: Record<string, unknown> & { collection?: string; filter?: unknown };
  [column: string]: unknown;
}

export interface DashboardDefinition {
  id: string;
  name: string;
  panels: PanelDefinition[];
  [column: string]: unknown;
}

export declare const TODAY_PANEL: string;
export declare const CHANNEL_FILTERS: Record<'web' | 'corporate' | 'api', Record<string, unknown>>;
export declare function dashboardDefinitions(clock: DashboardClock): DashboardDefinition[];
