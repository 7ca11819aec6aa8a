import 'server-only';
import { boundedMemo } from '@rentacar/domain/memo';
import { z } from 'zod';
import { pathOfTarget } from './request-target';

/**
 * The route a request's path reaches, as Next names it (`/[locale]/flota/[[...filter]]`, `/api/reservations/[number]`):
 * the label of the storefront's request metrics, so there is one series per route, whatever the addresses asked. Read
 * from the build's routes manifest (`<dist dir>/routes-manifest.json`), which lists every route with the pattern Next
 * matches it by, most specific first; it follows the app's routes without a list kept here.
 *
 * Addresses the proxy rewrites are labelled with the route they end at: an unprefixed page (`/flota`) is served in a
 * language (`/es/flota` or a redirect to `/en/flota`), a fleet search in the query string stays on the fleet's route.
 */

const routeSchema = z.object({ page: z.string(), regex: z.string() });
export const routesManifestSchema = z.object({
  staticRoutes: z.array(routeSchema),
  dynamicRoutes: z.array(routeSchema),
  rsc: z.object({ suffix: z.string().optional(), prefetchSegmentDirSuffix: z.string().optional() }).partial().optional(),
});
export type RoutesManifest = z.infer<typeof routesManifestSchema>;

/** Next's own files: `/_next/static/...` (the build's assets), anything else under `/_next`. */
export const NEXT_STATIC_ROUTE = '/_next/static';
export const NEXT_INTERNAL_ROUTE = '/_next';
/** A path no route of the manifest matches (there is a catch-all page, so only an unusual path such as `//`). */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * At most this many paths are remembered with their route; past it the memory starts again (searches are endless). A
 * path longer than any of the app's pages is labelled each time and not remembered (a client writes it).
 */
const REMEMBERED_PATHS = { maxEntries: 5000, maxKeyLength: 256 };

/**
 * The labeller for a manifest: `label(pathAndQuery)` answers the route, from memory for a path seen before (a map
 * lookup: pages and API calls repeat), else by matching the manifest's patterns in order.
 */
export function routeLabeller(manifest: RoutesManifest, { locales, defaultLocale }: { locales: readonly string[]; defaultLocale: string }) {
  const staticRoutes = new Map(manifest.staticRoutes.map((route) => [route.page, route.page]));
  const patterns = [...manifest.staticRoutes, ...manifest.dynamicRoutes].map((route) => ({ page: route.page, regex: new RegExp(route.regex) }));
  const rscSuffix = manifest.rsc?.suffix;
  const segmentsSuffix = manifest.rsc?.prefetchSegmentDirSuffix;
  const localeSet = new Set(locales);

  function match(path: string): string {
    if (path.startsWith('/_next/')) return path.startsWith('/_next/static/') ? NEXT_STATIC_ROUTE : NEXT_INTERNAL_ROUTE;
    let target = path;
    // The client router's payloads of a page (`/es/flota.rsc`, `/es/flota.segments/...`) belong to the page.
    if (segmentsSuffix && target.includes(`${segmentsSuffix}/`)) target = target.slice(0, target.indexOf(`${segmentsSuffix}/`));
    if (rscSuffix && target.endsWith(rscSuffix)) target = target.slice(0, -rscSuffix.length);
    const known = staticRoutes.get(target);
    if (known) return known;
    if (!(target === '/api' || target.startsWith('/api/'))) {
      const first = target.split('/', 2)[1] ?? '';
      if (!localeSet.has(first)) target = `/${defaultLocale}${target === '/' ? '' : target}`;
    }
    for (const pattern of patterns) if (pattern.regex.test(target)) return pattern.page;
    return UNMATCHED_ROUTE;
  }

  const remembered = boundedMemo(match, REMEMBERED_PATHS);

  return {
    label: (url: string): string => remembered(pathOfTarget(url)),
  };
}

export type RouteLabeller = ReturnType<typeof routeLabeller>;
