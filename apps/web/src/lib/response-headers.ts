import { splitLocalePrefix } from '@/i18n/locale-detection';

/**
 * Where the tag manager loads from and reports to, for the Content-Security-Policy (Google's list for Tag Manager
 * with Analytics 4). The container id is content that staff can set at any time, so the policy always allows them.
 */
const TAG_MANAGER_ORIGINS = {
  script: ['https://*.googletagmanager.com'],
  img: ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
  connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
} as const;

/**
 * Cache-Control the proxy sends (Next keeps a Cache-Control that is already on the response). Inside the app every
 * public page stays a cached static page; these only tell browsers and shared caches (CDN, proxy) in front.
 */
export const CACHE_CONTROL = {
  /**
   * Pages in their /es and /en forms, the sitemap and robots.txt: a shared cache may keep them 60 s, then serve the
   * old copy for up to 300 s more while it fetches the new one in the background. Content edits reach the storefront
   * within seconds (revalidation webhook), so a visitor behind a cache sees an edit within about a minute when the
   * page is visited, and at most 6 minutes after the edit.
   */
  shared: 's-maxage=60, stale-while-revalidate=300',
  /**
   * Pages without a language prefix: the answer depends on the visitor's language cookie and Accept-Language (Spanish
   * page, or a redirect to /en), and Next replaces the Vary header a shared cache would need, so only the browser
   * may keep them, revalidating each time. The app still serves them from its own cache.
   */
  perVisitor: 'private, no-cache',
  /** Guarded routes (they read the renter's cookies) and the API: never stored. */
  never: 'private, no-store',
} as const;

/**
 * The sections whose pages read the renter's cookies or show their reservation (the flows, manage booking) or an
 * agent's data (the corporate area) or a counter staff member's (the counter): never stored by a cache.
 */
export const GUARDED_SECTIONS = ['reserva', 'precheckin', 'mi-reserva', 'corporativo', 'mostrador'] as const;
const GUARDED_PATH = new RegExp(`^/(${GUARDED_SECTIONS.join('|')})(/|$)`);

/** Next's own files, the API, the sitemap, robots.txt and anything with a file extension are not pages. */
export function isPagePath(pathname: string): boolean {
  return !/^\/(api|_next)\//.test(pathname) && !/\.[a-zA-Z0-9]{2,5}$/.test(pathname);
}

/** The Cache-Control for a request path, or undefined to leave the answer's own (Next's immutable assets and their 404s, /media). */
export function cacheControlFor(pathname: string): string | undefined {
  // Next's files, and the pictures of /media (shared/media), which say themselves how long they keep.
  if (pathname.startsWith('/_next/') || isMediaPath(pathname)) return undefined;
  // The API, and the build the servers run (open pages ask it to know when a new build is out).
  if (pathname.startsWith('/api/') || pathname.startsWith('/builds/')) return CACHE_CONTROL.never;
  // The sitemap, robots.txt, and the 404 of any other file (Next would let a cache keep that a year).
  if (!isPagePath(pathname)) return CACHE_CONTROL.shared;
  const { prefix, path } = splitLocalePrefix(pathname);
  if (GUARDED_PATH.test(path)) return CACHE_CONTROL.never;
  return prefix ? CACHE_CONTROL.shared : CACHE_CONTROL.perVisitor;
}

/**
 * The Content-Security-Policy of a picture from /media (shared/media): an SVG opened on its own is a document of this
 * origin, so it may draw, but run and load nothing.
 */
export const PICTURE_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Whether a request path is one of /media's pictures. */
export function isMediaPath(pathname: string): boolean {
  return pathname.startsWith('/media/');
}

const FONT_FILE = /^\/_next\/static\/media\/[^/]+\.woff2?$/;

/**
 * Who may read a response from another origin (`Access-Control-Allow-Origin`), or undefined for no one: the page's
 * font files, for the card gateway's hosted fields, which are given the page's font to draw the card fields in
 * (features/payments, card-payment-form.tsx) and load it from here (a font is always fetched with CORS). One origin
 * is named when there is one frame origin, as the header allows only one.
 */
export function crossOriginReaderFor(pathname: string, frameOrigins: readonly string[] = []): string | undefined {
  if (frameOrigins.length === 0 || !FONT_FILE.test(pathname)) return undefined;
  return frameOrigins.length === 1 ? frameOrigins[0] : '*';
}

export type HeaderSettings = {
  /** Where browsers load content-service assets (DIRECTUS_PUBLIC_URL). */
  directusPublicUrl: string;
  /** SITE_URL is https. */
  httpsSite: boolean;
  /** `next dev`: React's dev build evaluates code to rebuild server error stacks. */
  development: boolean;
  /** Origins whose pages the checkout frames: the card gateway's hosted card fields. */
  paymentFrameOrigins?: readonly string[];
};

/**
 * The pages rendered per request (their routes say `dynamic = 'force-dynamic'`: the booking and pre-check-in steps,
 * manage booking, the corporate area, the counter), without their language prefix. Only these can carry a per-request nonce: every
 * other page is cached static HTML, the same bytes for every visitor. A test holds this list equal to the routes.
 */
const PER_REQUEST_PAGE =
  /^\/(reserva(\/(checkout|thanks|verificacion))?|precheckin(\/(checkout|preferences|verify|thanks))?|mi-reserva|corporativo(\/(ingresar|invitacion|recuperar|registro|restablecer|verificar|reservas\/[^/]+))?|mostrador(\/[^/]+)?)$/;

/** Whether a request path is one of the pages rendered per request, which get a script nonce. */
export function isPerRequestPage(pathname: string): boolean {
  return isPagePath(pathname) && PER_REQUEST_PAGE.test(splitLocalePrefix(pathname).path);
}

/** A fresh script nonce: 128 random bits, base64 (the characters Next reads from the policy). */
export function createScriptNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The Content-Security-Policy. Without a nonce it is the static policy of every cached page (and of the API, assets
 * and redirects): Next's App Router inlines its bootstrap and the page's data (`self.__next_f.push(...)`) as inline
 * scripts whose content differs per page and per render, and a cached page cannot carry a per-request nonce, hence
 * 'unsafe-inline' for scripts there. With a nonce (pages rendered per request, see isPerRequestPage) scripts run only
 * when they carry it, or when a script that does loads them ('strict-dynamic'); Next stamps its own scripts with the
 * nonce it reads from the request's copy of this header. Styles stay 'unsafe-inline' on every page: the loading bar
 * injects its style and the brand colours are an inline style. What an injected script could do on a cached page is
 * bounded by the allow-list sanitiser of content HTML (src/content/rich-text.ts).
 */
export function contentSecurityPolicy({ directusPublicUrl, httpsSite, development, paymentFrameOrigins = [], nonce }: HeaderSettings & { nonce?: string }): string {
  const contentOrigin = new URL(directusPublicUrl).origin;
  // 'self' and the tag manager stay beside the nonce for browsers without 'strict-dynamic' (CSP level 2), which then
  // load Next's chunks by their origin; browsers with it ignore them.
  const inlineScripts = nonce === undefined ? ["'unsafe-inline'"] : [`'nonce-${nonce}'`, "'strict-dynamic'"];
  const directives = [
    "default-src 'self'",
    ['script-src', "'self'", ...inlineScripts, ...(development ? ["'unsafe-eval'"] : []), ...TAG_MANAGER_ORIGINS.script].join(' '),
    "style-src 'self' 'unsafe-inline'",
    ['img-src', "'self'", contentOrigin, ...TAG_MANAGER_ORIGINS.img].join(' '),
    "font-src 'self'",
    ['connect-src', "'self'", ...TAG_MANAGER_ORIGINS.connect].join(' '),
    ['frame-src', "'self'", ...paymentFrameOrigins].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(httpsSite ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/**
 * The counter's pages (`/mostrador` and every page under it, in each language form), the only documents that may use
 * the camera: their QR scanner reads the renter's code with it (features/counter). The browser still asks the staff
 * member first.
 */
const CAMERA_PAGE = /^\/mostrador(\/|$)/;

/**
 * The Permissions-Policy of a response: camera, microphone, geolocation and the topics API turned off, but the camera
 * allowed to the site itself (`camera=(self)`, never to a frame of another origin) on the counter's pages. A browser
 * applies the policy of the document it loaded: every other page, the API and the files keep `camera=()`.
 */
export function permissionsPolicyFor(pathname: string): string {
  const camera = isPagePath(pathname) && CAMERA_PAGE.test(splitLocalePrefix(pathname).path) ? 'camera=(self)' : 'camera=()';
  return `${camera}, microphone=(), geolocation=(), browsing-topics=()`;
}

/**
 * Security headers of every response: pages, API, assets, 404s and redirects. The Permissions-Policy here is the one
 * of every path but the counter's; the deployment's headers (lib/edge/deployment-headers.ts) set it by path
 * (permissionsPolicyFor).
 */
export function securityHeaders(settings: HeaderSettings): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(settings),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': permissionsPolicyFor('/'),
    // One year, this host only: other hosts of the brand's domain are not ours to commit to HTTPS.
    ...(settings.httpsSite ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}
