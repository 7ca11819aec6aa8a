/**
 * The id of the build this code belongs to, fixed when it is built (next.config.ts gives Next the same id), so the
 * browser's copy and a server's copy can be compared: different, and a new build is out.
 */
export const BUILD_ID = process.env.NEXT_PUBLIC_BUILD_ID ?? 'development';

/** Where the browser asks which build the servers run now (with a timestamp query, so no cache answers for them). */
export const LATEST_BUILD_PATH = '/builds/latest.json';

/** How often an open page asks; also asked when the tab comes back into view. */
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000;

/** Whether an error is a failed load of a piece of the app's code (a chunk gone after a deploy, or the network). */
export function isChunkLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && /Loading (CSS )?chunk [\w/.-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(message);
}

/**
 * What a reload after a chunk error remembers (in the tab's sessionStorage): which build's page reloaded, and to
 * which address.
 */
export function reloadMark(buildId: string, href: string): string {
  return JSON.stringify([buildId, href]);
}

/**
 * Whether a page of build `buildId` may reload to `href` after a chunk error, given the mark of the last such reload:
 * once per build and address. A page that a reload did not heal (the same build again, the code still missing, on
 * however slow a connection) shows the error screen rather than reloading in a loop; a page of another build (the
 * reload reached the new one) or another address (the renter went elsewhere) may reload once more.
 */
export function mayReload(lastMark: string | null | undefined, buildId: string, href: string): boolean {
  return lastMark !== reloadMark(buildId, href);
}
