/**
 * The path of a request line's target: `/path?query` as browsers send it, or the absolute form a proxy may send
 * (`http://host/path?query`). Read by the production server's edge, the quote's fast path and the metrics' route
 * labels before Next has parsed anything.
 */
export function pathOfTarget(target: string | undefined): string {
  if (target === undefined) return '/';
  if (target.startsWith('/')) {
    const query = target.indexOf('?');
    return query === -1 ? target : target.slice(0, query);
  }
  try {
    return new URL(target).pathname;
  } catch {
    return '/';
  }
}
