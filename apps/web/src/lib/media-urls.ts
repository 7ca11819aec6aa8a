/**
 * The storefront's own addresses for content-service pictures (`/media/...`, served by app/media/[...path]/route.ts):
 * `/media/{file id}/{version}/{width}.{webp|avif}` for a photo, resized and converted, and
 * `/media/{file id}/{version}/drawing.svg` for an SVG drawing, as it is. The version changes whenever the file does
 * (its modified time), so an answer can be kept for a year (immutable). Only the widths below are made: the route is
 * no open resizer, and a cache keeps at most a few copies of each picture.
 */

/** The widths a photo is made in: the card's sizes on a phone, tablet and desktop, at 1x and 2x. */
export const MEDIA_WIDTHS = [320, 480, 640, 960] as const;
export type MediaWidth = (typeof MEDIA_WIDTHS)[number];

export const PHOTO_FORMATS = ['avif', 'webp'] as const;
export type PhotoFormat = (typeof PHOTO_FORMATS)[number];

/** A content-service file as the storefront serves it: its id and the version of its bytes. */
export type MediaFile = { fileId: string; version: string };

/** What one `/media/...` address asks for. */
export type MediaVariant = { kind: 'photo'; width: MediaWidth; format: PhotoFormat } | { kind: 'drawing' };

export type MediaRequest = MediaFile & { variant: MediaVariant };

/** Why a `/media/...` address is refused (4xx), as a stable code; the route translates it. */
export type MediaRefusal = 'malformedAddress' | 'unknownWidth' | 'unknownFormat';

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VERSION = /^[0-9a-z]{1,16}$/;
const PHOTO_NAME = /^(\d{1,5})\.([a-z0-9]{1,8})$/;
const DRAWING_NAME = 'drawing.svg';

/** A file's version from its modified (else uploaded) time: base-36 milliseconds, e.g. `mi2x8c0g`; `0` without one. */
export function mediaVersion(modifiedAt: string | null | undefined): string {
  const time = modifiedAt ? Date.parse(modifiedAt) : Number.NaN;
  return Number.isFinite(time) && time >= 0 ? time.toString(36) : '0';
}

/** The storefront path of a file in one variant. */
export function mediaPath({ fileId, version }: MediaFile, variant: MediaVariant): string {
  const name = variant.kind === 'drawing' ? DRAWING_NAME : `${variant.width}.${variant.format}`;
  return `/media/${fileId}/${version}/${name}`;
}

/** `srcset` of a photo in one format, every allowed width. */
export function mediaSrcSet(file: MediaFile, format: PhotoFormat): string {
  return MEDIA_WIDTHS.map((width) => `${mediaPath(file, { kind: 'photo', width, format })} ${width}w`).join(', ');
}

function isWidth(value: number): value is MediaWidth {
  return (MEDIA_WIDTHS as readonly number[]).includes(value);
}

function isPhotoFormat(value: string): value is PhotoFormat {
  return (PHOTO_FORMATS as readonly string[]).includes(value);
}

/** The segments after `/media/`, read and checked: what they ask for, or why they are refused. */
export function parseMediaPath(segments: readonly string[]): { ok: true; request: MediaRequest } | { ok: false; refusal: MediaRefusal } {
  const [fileId = '', version = '', name = '', ...rest] = segments;
  if (rest.length > 0 || !FILE_ID.test(fileId) || !VERSION.test(version)) return { ok: false, refusal: 'malformedAddress' };
  if (name === DRAWING_NAME) return { ok: true, request: { fileId, version, variant: { kind: 'drawing' } } };
  const photo = PHOTO_NAME.exec(name);
  if (!photo) return { ok: false, refusal: 'malformedAddress' };
  const width = Number(photo[1]);
  const format = photo[2] ?? '';
  if (!isWidth(width)) return { ok: false, refusal: 'unknownWidth' };
  if (!isPhotoFormat(format)) return { ok: false, refusal: 'unknownFormat' };
  return { ok: true, request: { fileId, version, variant: { kind: 'photo', width, format } } };
}
