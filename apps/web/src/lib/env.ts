import 'server-only';
import { parseServerEnv, type ServerEnv } from './env-schema';

export type { ServerEnv };

let cached: ServerEnv | undefined;

/**
 * The validated server environment; throws a message naming the variable. Read once at start by
 * src/instrumentation.ts, so a deployment without its secrets refuses to start rather than failing on a page view.
 */
export function serverEnv(): ServerEnv {
  cached ??= parseServerEnv(process.env);
  return cached;
}
