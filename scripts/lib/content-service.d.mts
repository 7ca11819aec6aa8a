// Types of scripts/lib/content-service.mjs (for TypeScript callers such as the content-service tests).

/** A log function (scripts/lib/log.mjs): log.relay, when present, passes Directus' JSON lines on as they are. */
export type ContentLog = ((line: string) => void) & { warn?: (line: string) => void; relay?: (line: string) => void };
export type ContentEnv = Record<string, string | undefined>;

export interface ContentService {
  /** Where the service listens, e.g. http://127.0.0.1:8055 */
  url: string;
  /** CONTENT_PUBLIC_URL (or url) */
  publicUrl: string;
  pid: number;
  /** true when this start created the database (bootstrap, schema, seed) */
  fresh: boolean;
  timings: { prepare: number; start: number; total: number };
  /** SIGTERM (SIGKILL after 10 s); resolves once the process has exited */
  stop(): Promise<void>;
  /** Exit code of Directus, or the signal that ended it, whenever it exits */
  exited: Promise<number | NodeJS.Signals>;
}

export const ROOT: string;
export const CONTENT_DIR: string;
export const CONTENT_DEFAULTS: Record<string, string>;

export function startContentService(options?: { env?: ContentEnv; log?: ContentLog; quiet?: boolean; logFile?: string; timeoutMs?: number }): Promise<ContentService>;
export function prepareContentService(options?: { env?: ContentEnv; log?: ContentLog }): Promise<{ fresh: boolean; seconds: number }>;
export function contentEnvironment(env?: ContentEnv): {
  url: string;
  publicUrl: string;
  host: string;
  port: number;
  directus: Record<string, string>;
};
export function assertPortFree(host: string, port: number): Promise<void>;
export function findContentNode(): string;
export function installedDirectusVersion(): string | null;
export function loadContentEnv(root?: string, overrides?: ContentEnv): { env: Record<string, string>; file: string };
