import { describe, expect, it } from 'vitest';
import { decodePathSegment } from './path-segment';

describe('decodePathSegment', () => {
  it('decodes escapes still in a segment', () => {
    expect(decodePathSegment('Panam%C3%A1')).toBe('Panamá');
    expect(decodePathSegment('2027-01-03T10%3A00')).toBe('2027-01-03T10:00');
  });

  it('keeps a segment that cannot be decoded as it is, instead of throwing', () => {
    expect(decodePathSegment('%')).toBe('%');
    expect(decodePathSegment('100%-off')).toBe('100%-off');
    expect(decodePathSegment('%E0%A4%A')).toBe('%E0%A4%A');
  });
});
