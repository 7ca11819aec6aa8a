import { describe, expect, it } from 'vitest';
import { MEDIA_WIDTHS, mediaPath, mediaSrcSet, mediaVersion, parseMediaPath } from './media-urls';

const ID = '3b9f4c1e-6d2a-4f0b-9c8e-1a2b3c4d5e6f';

describe('the storefront’s picture addresses', () => {
  it('change with the file’s modified time, and are the same for the same time', () => {
    expect(mediaVersion('2026-11-28T01:00:00.000Z')).toBe(mediaVersion('2026-11-28T01:00:00.000Z'));
    expect(mediaVersion('2026-11-28T01:00:00.000Z')).not.toBe(mediaVersion('2026-11-28T01:00:01.000Z'));
    expect(mediaVersion('2026-11-28T01:00:00.000Z')).toMatch(/^[0-9a-z]{1,16}$/);
    expect(mediaVersion(null)).toBe('0');
    expect(mediaVersion('not a date')).toBe('0');
  });

  it('read back as what they ask for', () => {
    const file = { fileId: ID, version: 'mi2x8c0g' };
    for (const width of MEDIA_WIDTHS) {
      const path = mediaPath(file, { kind: 'photo', width, format: 'avif' });
      expect(parseMediaPath(path.split('/').slice(2))).toEqual({ ok: true, request: { ...file, variant: { kind: 'photo', width, format: 'avif' } } });
    }
    expect(parseMediaPath(mediaPath(file, { kind: 'drawing' }).split('/').slice(2))).toEqual({ ok: true, request: { ...file, variant: { kind: 'drawing' } } });
    expect(mediaSrcSet(file, 'webp').split(', ')).toHaveLength(MEDIA_WIDTHS.length);
  });

  it('refuse any width, format or shape they do not make, saying which', () => {
    expect(parseMediaPath([ID, 'v1', '500.webp'])).toEqual({ ok: false, refusal: 'unknownWidth' });
    expect(parseMediaPath([ID, 'v1', '99999.webp'])).toEqual({ ok: false, refusal: 'unknownWidth' });
    expect(parseMediaPath([ID, 'v1', '640.png'])).toEqual({ ok: false, refusal: 'unknownFormat' });
    expect(parseMediaPath([ID, 'v1', '640.jpeg'])).toEqual({ ok: false, refusal: 'unknownFormat' });
    for (const segments of [
      ['not-a-uuid', 'v1', '640.webp'],
      [ID, 'V1', '640.webp'],
      [ID, '', '640.webp'],
      [ID, 'v1'],
      [ID, 'v1', '640.webp', 'more'],
      [ID, 'v1', '640'],
      [ID, 'v1', 'drawing.png'],
      [ID, 'v1', '../../etc/passwd'],
      [`${ID}?width=5000`, 'v1', '640.webp'],
      ['https:', '', 'example.com'],
    ]) {
      expect(parseMediaPath(segments), segments.join('/')).toEqual({ ok: false, refusal: 'malformedAddress' });
    }
  });
});
