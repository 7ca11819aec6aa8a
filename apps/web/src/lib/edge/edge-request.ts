import type { IncomingMessage } from 'node:http';
import { localeOfAcceptLanguage } from '@/i18n/locale-detection';
import type { Locale } from '@/i18n/routing';
import type { CookieReader } from '@/lib/cookies';

/**
 * A request as the edge reads it, whichever server received it: Next's (a Web `Request`, in the proxy and the routes)
 * or Node's (an `IncomingMessage`, in server.mjs and the quote's fast path, before Next has parsed anything). Only
 * what the edge's checks read, and nothing copied until read.
 */
export type EdgeRequest = {
  readonly method: string;
  /** A header by its lower-case name; a header sent more than once, its values joined by `, `. */
  header(name: string): string | undefined;
  readonly cookies: CookieReader;
};

/** A Web request (a NextRequest's parsed cookies are used as they are). */
export function edgeRequestOfWeb(request: Request & { cookies?: CookieReader }): EdgeRequest {
  return {
    method: request.method,
    header: (name) => request.headers.get(name) ?? undefined,
    cookies: request.cookies ?? cookieReader(() => request.headers.get('cookie') ?? undefined),
  };
}

/** A Node request as the production server received it. */
export function edgeRequestOfNode(request: Pick<IncomingMessage, 'method' | 'headers'>): EdgeRequest {
  return {
    method: request.method ?? 'GET',
    header: (name) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    },
    cookies: cookieReader(() => request.headers.cookie),
  };
}

/**
 * The language of an answer that is not a page (the API, the quote's fast path, a refusal of the edge): the first
 * language of Accept-Language the storefront has (i18n/locale-detection.ts), else Spanish. Pages take theirs from
 * their address (the proxy's locale routing).
 */
export function requestLocale(request: EdgeRequest): Locale {
  return localeOfAcceptLanguage(request.header('accept-language'));
}

/**
 * The cookies of a Cookie header, read exactly as Next reads them for a NextRequest (`name=value` pairs separated by
 * `;`, values percent-decoded, a pair that cannot be decoded left out, the last of a repeated name kept, a bare name
 * read as "true"), parsed on the first read.
 */
function cookieReader(header: () => string | undefined): CookieReader {
  let parsed: ReadonlyMap<string, string> | undefined;
  return {
    get(name) {
      parsed ??= parseCookies(header());
      const value = parsed.get(name);
      return value === undefined ? undefined : { value };
    },
  };
}

const NO_COOKIES: ReadonlyMap<string, string> = new Map();

function parseCookies(header: string | undefined): ReadonlyMap<string, string> {
  if (!header) return NO_COOKIES;
  const cookies = new Map<string, string>();
  for (const pair of header.split(/; */)) {
    if (!pair) continue;
    const equals = pair.indexOf('=');
    if (equals === -1) {
      cookies.set(pair, 'true');
      continue;
    }
    try {
      cookies.set(pair.slice(0, equals), decodeURIComponent(pair.slice(equals + 1)));
    } catch {
      // Not percent-encoding: Next leaves the cookie out too.
    }
  }
  return cookies;
}
