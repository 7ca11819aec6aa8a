/**
 * The id of the build this code belongs to, fixed when it is built (next.config.ts gives Next the same id), so the
 * browser's copy and a server's copy can be compared: different, and a new build is out.
 */
export const BUILD_ID = process.env.NEXT_PUBLIC_BUILD_ID ?? 'development';

/** Where the browser asks which build the servers run now (with a timestamp query, so no cache answers for them). */
export const LATEST_BUILD_PATH = '/builds/latest.json';

/** How often an open page asks; also asked when the tab comes back into view. */
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000;

/** A chunk that fails to load reloads the page at most once in this long (the reload guard). */
export const RELOAD_GUARD_MS = 10_000;

/** Whether an error is a failed load of a piece of the app's code (a chunk gone after a deploy, or the network). */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && /Loading (CSS )?chunk [\w/.-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(message);
}

/** Whether a reload may happen now, given when the last one (for a chunk error) happened. */
export function mayReload(lastReloadAt: number | undefined, now: number): boolean {
  return lastReloadAt === undefined || !Number.isFinite(lastReloadAt) || now - lastReloadAt >= RELOAD_GUARD_MS || now < lastReloadAt;
}
