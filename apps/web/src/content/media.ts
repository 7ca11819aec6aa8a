import 'server-only';
import { readFile } from '@directus/sdk';
import { z } from 'zod';
import { serverEnv } from '@/lib/env';
import { countContentServiceError } from '@/lib/metrics';
import { logFor } from '@/lib/log';
import { mediaVersion, type MediaRequest } from '@/lib/media-urls';
import { withRequestId } from '@/lib/request-id';
import { contentRequest } from './client';
import { ContentServiceError } from './errors';

const log = logFor('content');

const ASSET_TIMEOUT_MS = 15_000;
/** Photos are made a little below the encoders' defaults: a card's photo is small and seen once. */
const PHOTO_QUALITY = { webp: 72, avif: 55 } as const;

/** A file field's value when its id, type and times are asked for (`image.id`, `image.type`, `image.modified_on`...). */
export const pictureFileSchema = z
  .object({ id: z.string(), type: z.string().nullish(), modified_on: z.string().nullish(), uploaded_on: z.string().nullish() })
  .nullish();

/** The fields of a file field `field` that `pictureFileSchema` reads. */
export function pictureFileFields(field: string): string[] {
  return ['id', 'type', 'modified_on', 'uploaded_on'].map((name) => `${field}.${name}`);
}

/** The version of a file's bytes (lib/media-urls.ts): its modified time, else its upload time. */
export function versionOfFile(file: { modified_on?: string | null; uploaded_on?: string | null }): string {
  return mediaVersion(file.modified_on ?? file.uploaded_on);
}

export type PublicPicture = { type: string; version: string };

/**
 * A public picture's type and current version, read as the public (no token): a file no published item points at,
 * or in a private folder (a renter's documents), is unknown here, so the media route can never serve it.
 * Undefined when the content service does not know it or refuses it (403 for the public).
 */
export async function readPublicPicture(fileId: string): Promise<PublicPicture | undefined> {
  try {
    const file = pictureFileSchema.parse(await contentRequest('GET /files (media)', readFile(fileId, { fields: ['id', 'type', 'modified_on', 'uploaded_on'] }), 'public', [403, 404]));
    if (!file?.type?.startsWith('image/')) return undefined;
    return { type: file.type, version: versionOfFile(file) };
  } catch (error) {
    if (error instanceof ContentServiceError && (error.statusCode === 403 || error.statusCode === 404)) return undefined;
    throw error;
  }
}

export type PictureBytes = { bytes: Buffer; type: string };

/**
 * A public picture's bytes in the asked variant, as the public: an SVG drawing as it is, a photo resized by the
 * content service to the width (never enlarged) and converted. Undefined when it did not answer with an image.
 */
export async function fetchPublicPicture({ fileId, variant }: MediaRequest): Promise<PictureBytes | undefined> {
  const url = new URL(`${serverEnv().directusUrl}/assets/${encodeURIComponent(fileId)}`);
  if (variant.kind === 'photo') {
    url.searchParams.set('width', String(variant.width));
    url.searchParams.set('fit', 'inside');
    url.searchParams.set('withoutEnlargement', 'true');
    url.searchParams.set('format', variant.format);
    url.searchParams.set('quality', String(PHOTO_QUALITY[variant.format]));
  }
  try {
    const response = await fetch(url, { headers: withRequestId({}), signal: AbortSignal.timeout(ASSET_TIMEOUT_MS) });
    if (response.status >= 500) countContentServiceError(response.status);
    const type = response.headers.get('content-type')?.split(';')[0]?.trim() ?? '';
    if (!response.ok || !type.startsWith('image/')) {
      log.warn({ status: response.status, type, fileId }, 'the content service answered no picture');
      return undefined;
    }
    return { bytes: Buffer.from(await response.arrayBuffer()), type };
  } catch (error) {
    log.error({ err: error, fileId }, 'fetching a picture failed: the content service did not answer');
    countContentServiceError('unreachable');
    throw new ContentServiceError('GET /assets (media): no answer', 503, 'Service Unavailable', undefined);
  }
}
