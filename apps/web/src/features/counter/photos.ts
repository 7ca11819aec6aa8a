import { COUNTER_PHOTO_TYPES, MAX_COUNTER_PHOTO_BYTES, MAX_COUNTER_PHOTOS } from '@rentacar/domain/rentals';
import type { CounterProblem } from './answers';

/**
 * The photos staff attach at pickup and return, checked before they are sent on (the content service checks their
 * first bytes again, and stores them in its private folder "Counter photos").
 */
export const PHOTO_TYPES = COUNTER_PHOTO_TYPES;
export const MAX_PHOTO_BYTES = MAX_COUNTER_PHOTO_BYTES;
export const MAX_PHOTOS = MAX_COUNTER_PHOTOS;

/** Why a photo cannot be sent: too large, or not a JPEG or PNG by its declared type. Undefined when it may be. */
export function photoProblem(file: Blob): CounterProblem | undefined {
  if (file.size > MAX_PHOTO_BYTES) return { status: 413, field: 'file', code: 'file_too_large', key: 'photoTooLarge', params: { mb: MAX_PHOTO_BYTES / 1024 / 1024 } };
  if (file.size === 0 || (file.type !== '' && !(PHOTO_TYPES as readonly string[]).includes(file.type))) {
    return { status: 415, field: 'file', code: 'file_type', key: 'photoType', params: { types: PHOTO_TYPES.join(', ') } };
  }
  return undefined;
}
