import { redirect as nextRedirect } from 'next/navigation';
import { routing, type Locale } from './routing';

type Href = string | { pathname: string; query?: Record<string, string> };

/**
 * A page's path in a language for the routing (Spanish unprefixed, English under /en), shaped as next-intl's
 * createNavigation().getPathname and held equal to it by navigation.test.ts. Not imported from next-intl: its module
 * brings its client Link into every server component's bundle (+2.6 KB gzip first-load JS on `/`, measured), even
 * where only the path is used.
 */
export function getPathname({ href, locale }: { href: Href; locale: Locale }): string {
  const query = typeof href === 'string' || !href.query ? '' : `?${new URLSearchParams(href.query).toString()}`;
  const path = typeof href === 'string' ? href : `${href.pathname}${query}`;
  if (locale === routing.defaultLocale) return path;
  // `/` and `/?...` take no slash of their own after the prefix: `/en`, `/en?x=1`.
  return `/${locale}${/^\/(\?.*)?$/.test(path) ? path.slice(1) : path}`;
}

/** Ends the render or action with a redirect to a page in a language, as next-intl's redirect does. */
export function redirect(args: { href: Href; locale: Locale }, type?: Parameters<typeof nextRedirect>[1]): never {
  nextRedirect(getPathname(args), type);
}
