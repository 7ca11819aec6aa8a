import 'server-only';
import { ContentServiceError, fetchPublicPicture, readPublicPicture, type PictureBytes } from '@/content';
import { serverTranslator } from '@/i18n/server-translator';
import type { Locale } from '@/i18n/routing';
import { ByteBoundedCache } from '../../../byte-bounded-cache.mjs';
import { edgeRequestOfWeb, requestLocale } from '@/lib/edge';
import { PICTURE_CONTENT_SECURITY_POLICY } from '@/lib/response-headers';
import { mediaPath, parseMediaPath, type MediaRequest } from '@/lib/media-urls';

/** A current version's bytes never change under its address. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An old version's address answers the current bytes (a page cached before the file changed): briefly. */
const SUPERSEDED = 'public, max-age=300';
const REFUSED = 'private, no-store';

/** Every picture this process answered, up to 32 MB: a card's picture is 1-60 KB, the whole fleet's a few MB. */
const answered = new ByteBoundedCache<string, PictureBytes>(32 * 1024 * 1024, (picture) => picture.bytes.byteLength);
/** Pictures being fetched, so that a page's burst of requests for one picture costs the content service one. */
const inFlight = new Map<string, Promise<Answer>>();

type MediaErrorCode = 'malformedAddress' | 'unknownWidth' | 'unknownFormat' | 'unknownPicture' | 'notADrawing' | 'notAPhoto' | 'unavailable';
type Answer = { picture: PictureBytes; current: boolean } | { error: MediaErrorCode; status: number };

const STATUS: Record<MediaErrorCode, number> = {
  malformedAddress: 404,
  unknownWidth: 400,
  unknownFormat: 400,
  unknownPicture: 404,
  notADrawing: 404,
  notAPhoto: 404,
  unavailable: 503,
};

/**
 * `GET /media/...` (lib/media-urls.ts): a content-service picture from the storefront's own origin. A current
 * version's bytes are kept in this process (a bounded store) and answered without asking the content service again;
 * the first request reads the file as the public would (content/media.ts), so only a published item's picture is ever
 * served, in the allowed widths and formats. A bad address gets a 4xx saying why, in the caller's language.
 */
export async function answerMedia(request: Request, segments: readonly string[]): Promise<Response> {
  const parsed = parseMediaPath(segments);
  if (!parsed.ok) return refusal(parsed.refusal, STATUS[parsed.refusal], request);
  const key = mediaPath(parsed.request, parsed.request.variant);
  const kept = answered.get(key);
  if (kept) return pictureResponse(kept, true);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = fetchAnswer(parsed.request).finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  const answer = await pending;
  if ('error' in answer) return refusal(answer.error, answer.status, request);
  if (answer.current) answered.set(key, answer.picture);
  return pictureResponse(answer.picture, answer.current);
}

async function fetchAnswer(request: MediaRequest): Promise<Answer> {
  try {
    const picture = await readPublicPicture(request.fileId);
    if (!picture) return { error: 'unknownPicture', status: 404 };
    const isDrawing = picture.type === 'image/svg+xml';
    if (request.variant.kind === 'drawing' && !isDrawing) return { error: 'notADrawing', status: 404 };
    if (request.variant.kind === 'photo' && isDrawing) return { error: 'notAPhoto', status: 404 };
    const bytes = await fetchPublicPicture(request);
    if (!bytes) return { error: 'unavailable', status: 503 };
    return { picture: bytes, current: picture.version === request.version };
  } catch (error) {
    if (error instanceof ContentServiceError) return { error: 'unavailable', status: 503 };
    throw error;
  }
}

function pictureResponse({ bytes, type }: PictureBytes, current: boolean): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': type,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': current ? IMMUTABLE : SUPERSEDED,
      // The edge sets the same (deployment-headers.ts), which Next's answer would otherwise keep.
      'Content-Security-Policy': PICTURE_CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

function refusal(code: MediaErrorCode, status: number, request: Request): Response {
  const locale: Locale = requestLocale(edgeRequestOfWeb(request));
  const t = serverTranslator(locale, 'media.errors');
  const headers: Record<string, string> = { 'Cache-Control': REFUSED };
  if (status === 503) headers['Retry-After'] = '5';
  return Response.json({ errors: [{ field: 'path', code, message: t(code) }] }, { status, headers });
}
