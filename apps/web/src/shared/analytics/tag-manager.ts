const CONTAINER_ID = /^(GTM-[A-Z0-9]{4,12}|G-[A-Z0-9]{4,14})$/;

/** The tag manager's script for a container (validated by validateContainerId). */
export function tagManagerScriptUrl(containerId: string): string {
  return `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
}

/** Default event name of page views, the one the tag manager's containers expect. */
export const PAGE_VIEW_EVENT = 'content-view';

/** Returns the container id when it is a GTM-/G- id; throws on anything else. Undefined means "no tag manager". */
export function validateContainerId(containerId: string | undefined): string | undefined {
  if (containerId === undefined || containerId === '') return undefined;
  if (!CONTAINER_ID.test(containerId)) {
    throw new Error(`Invalid tag manager container id "${containerId}": expected GTM-XXXXXXX or G-XXXXXXXXXX`);
  }
  return containerId;
}

/** Route name of a path without its locale prefix, e.g. `/` → `index`, `/info/x` → `info-slug`. */
export function routeName(pathWithoutLocale: string): string {
  const segments = pathWithoutLocale.split('/').filter(Boolean);
  if (segments.length === 0) return 'index';
  if (segments[0] === 'info' && segments.length > 1) return 'info-slug';
  return segments.join('-');
}

export type PageViewEvent = { event: string; name: string; path: string };

export function pageViewEvent(pathWithoutLocale: string, fullPath: string): PageViewEvent {
  return { event: PAGE_VIEW_EVENT, name: routeName(pathWithoutLocale), path: fullPath };
}
