import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { isPagePath } from '@/lib/response-headers';
import { issue, translateIssues, type BookingIssue } from '@/lib/issues';
import { edgeRequestOfWeb, requestLocale } from '@/lib/edge';

/**
 * Whether a path cannot be percent-decoded: a `%` not followed by two hex digits, or escapes that are not UTF-8
 * (`/flota/%ff`). Next answers such a request with a 500 (its route matching throws and, with no Pages Router error
 * page to render, it gives up), so the proxy answers it first.
 */
export function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * The same path with each segment that cannot be decoded taken literally: first its stray `%` signs (not followed by
 * two hex digits) escaped as `%25`, then, when its escapes still do not spell UTF-8, all of them (`/info/caf%C3%A9-100%`
 * → `/info/caf%C3%A9-100%25`, `/flota/%ff` → `/flota/%25ff`). Next can route the result, which names what the visitor
 * typed.
 */
export function literalPath(pathname: string): string {
  return pathname.split('/').map(literalSegment).join('/');
}

function literalSegment(segment: string): string {
  if (!isMalformedPath(segment)) return segment;
  const strayEscaped = segment.replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
  return isMalformedPath(strayEscaped) ? segment.replaceAll('%', '%25') : strayEscaped;
}

const malformedErrors = (request: NextRequest) => translateIssues([issue('path', 'booking.errors.malformedAddress')], requestLocale(edgeRequestOfWeb(request)));

/**
 * A 400 for a caller that is no page of the storefront and reads no JSON (an asset request, a forged server action):
 * its reason as plain text, in the Accept-Language language.
 */
export function plainTextRefusal(request: NextRequest, reason: BookingIssue): NextResponse {
  const message = translateIssues([reason], requestLocale(edgeRequestOfWeb(request))).map((error) => error.message).join('\n');
  return new NextResponse(message, { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

/**
 * The answer to a request whose path cannot be decoded: the API's error shape with status 400 for `/api/*`; for a
 * page, a redirect to the same address taken literally, which the storefront answers as any unknown page (its "Page
 * Not Found" screen, in the visitor's language, naming the address); a plain 400 for anything else (an asset). The
 * messages follow Accept-Language, as all the API's do.
 */
export function malformedPathResponse(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith('/api/')) return NextResponse.json({ errors: malformedErrors(request) }, { status: 400 });
  if (isPagePath(pathname)) {
    const target = new URL(request.url);
    target.pathname = literalPath(pathname);
    return NextResponse.redirect(target, 308);
  }
  return plainTextRefusal(request, issue('path', 'booking.errors.malformedAddress'));
}
